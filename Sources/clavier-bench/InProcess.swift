import ClavierBuiltins
import ClavierCore
import ClavierRender
import ClavierTestSupport
import ClavierX11
import Glibc

/// The figures taken inside the bench process with Clavier's own painter and window code.
struct InProcessFigures {
    var firstPaint = Double.nan
    var newPainter = Samples()
    var paintAll = Samples()
    var pressRepaint = Samples()
    var pressRepaintArea = ""

    static let size = Size(width: 1920, height: 450)

    /// Painting the whole keyboard at 1920×450: the very first paint of the process (fonts
    /// and caches cold), then new painters, then one warm painter over and over.
    static func render(runs: Int) throws(HarnessError) -> InProcessFigures {
        var out = InProcessFigures()
        let keyboard = Keyboard(layout: .us, size: size)
        let canvas: Canvas
        do { canvas = try Canvas(size: size) } catch { throw HarnessError("\(error)") }
        for i in 0..<11 {
            let t0 = Instant.now
            KeyboardPainter(theme: .system).paintAll(keyboard, on: canvas)
            let ms = Instant.now - t0
            if i == 0 { out.firstPaint = ms } else { out.newPainter.add(ms) }
        }
        let painter = KeyboardPainter(theme: .system)
        painter.paintAll(keyboard, on: canvas)
        for _ in 0..<runs {
            let t0 = Instant.now
            painter.paintAll(keyboard, on: canvas)
            out.paintAll.add(Instant.now - t0)
        }
        return out
    }

    /// Key h (`PressPoints.clavierKey`) pressed: the reducer's redraw effects, `paintKeys`, `present` (XPutImage) and
    /// XSync, so the server has put the pixels in the window; as KeyboardApp does it.
    static func pressRepaint(display name: String, runs: Int, into out: inout InProcessFigures) throws(HarnessError) {
        let display: Display
        let window: KeyboardWindow
        do {
            display = try Display(name: name)
            window = try KeyboardWindow(display: display, placement: .floating(Rect(x: 0, y: 0, width: size.width, height: size.height)),
                                        title: "clavier-bench-window")
        } catch { throw HarnessError("\(error)") }
        var keyboard = Keyboard(layout: .us, size: size)
        let painter = KeyboardPainter(theme: .system)
        let canvas: Canvas
        do { canvas = try Canvas(size: size) } catch { throw HarnessError("\(error)") }
        painter.paintAll(keyboard, on: canvas)
        window.show()
        let deadline = Instant.now + 5
        var exposed = false
        while !exposed && Instant.now < deadline {
            display.sync()
            exposed = window.pendingEvents().contains { if case .expose = $0 { return true } else { return false } }
            if !exposed { sleep(ms: 5) }
        }
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        window.present(pixels: canvas.data, stride: canvas.stride, size: canvas.size, area: whole)
        display.sync()
        guard let g = keyboard.geometry.frame(id: PressPoints.clavierKey) else { throw HarnessError("the us layout has no key \(PressPoints.clavierKey)") }
        let point = Point(x: g.rect.midX, y: g.rect.midY)
        let clock = ContinuousClock()
        // The text before the caret is followed as the session follows it.
        var typing = Typing()
        for i in 0..<(runs + 10) {
            for event in [InputEvent.press(point), .release(point)] {
                let t0 = Instant.now
                var ids: [Key.ID] = []
                for case .redraw(let some) in keyboard.handle(event, at: clock.now, typing: &typing) { ids += some }
                // As KeyboardApp does it: repaint the keys in the window's canvas, put only their area.
                if let area = painter.paintKeys(ids, of: keyboard, on: canvas) {
                    window.present(pixels: canvas.data, stride: canvas.stride, size: canvas.size, area: area)
                    out.pressRepaintArea = "\(area.width)×\(area.height) px"
                }
                display.sync()
                if case .press = event, i >= 10 { out.pressRepaint.add(Instant.now - t0) }
            }
        }
    }
}
