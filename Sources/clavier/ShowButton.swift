import ClavierCore
import ClavierLayouts
import ClavierRender
import ClavierX11

/// `--show-button`: while the keyboard is hidden, a small button, painted in the keyboard's
/// theme, floats where the user last dragged it; a tap on it shows the keyboard. Its window
/// and connection are made the first time the keyboard hides, so a start pays nothing.
final class ShowButton {
    /// The button's side at a scale of 1 (px): a fingertip's target, ~9 mm at 96 dpi.
    static let side = 40.0

    private let displayName: String?
    private let painter: ShowButtonPainter
    private let size: Size
    private let defaultRect: () -> Rect
    private let screenSize: () -> Size
    private let store: ShowButtonStore?
    private var window: ShowButtonWindow?
    /// Nil once making the window failed (said once, then the keyboard goes on without it).
    private var failed = false
    private var drag: ButtonDrag

    /// `defaultRect` places a button of `size(scale)` when no place is remembered; `store`
    /// nil remembers nothing.
    init(displayName: String?, theme: Theme, scale: DisplayScale, store: ShowButtonStore?,
         defaultPlace: @escaping (Size) -> Rect, screenSize: @escaping () -> Size) {
        self.displayName = displayName
        painter = ShowButtonPainter(theme: theme)
        let side = Int((Self.side * scale.factor).rounded())
        size = Size(width: side, height: side)
        defaultRect = { [size] in defaultPlace(size) }
        self.screenSize = screenSize
        self.store = store
        drag = ButtonDrag(slop: 8 * scale.factor)
    }

    /// The button's connection, for the loop to poll; nil before it is made.
    var fd: Int32? { window?.fileDescriptor }

    /// Shows the button while the keyboard is hidden, and hides it while the keyboard is shown.
    func follow(keyboardShown: Bool) {
        if keyboardShown {
            window?.hide()
        } else if let window = window ?? make() {
            window.show()
        }
    }

    private func make() -> ShowButtonWindow? {
        guard !failed else { return nil }
        var rect = defaultRect()
        if let store {
            let (remembered, warning) = store.load()
            if let warning { Log.warning(warning) }
            if let remembered { rect = Rect(x: remembered.x, y: remembered.y, width: size.width, height: size.height) }
        }
        let origin = ButtonDrag.clamped(Point(x: Double(rect.x), y: Double(rect.y)), size: size, screen: screenSize())
        do {
            window = try ShowButtonWindow(displayName: displayName,
                                          rect: Rect(x: Int(origin.x), y: Int(origin.y), width: size.width, height: size.height))
        } catch {
            Log.warning("no show button: \(error)")
            failed = true
            window = nil
        }
        return window
    }

    /// Handles what the button's window heard; true when it was tapped (show the keyboard).
    func serve() -> Bool {
        guard let window else { return false }
        var tapped = false
        for event in window.pendingEvents() {
            switch event {
            case .expose:
                paint(pressed: drag.isPressed)
            case .press(let point):
                drag.press(at: point, origin: Point(x: Double(window.rect.x), y: Double(window.rect.y)))
                paint(pressed: true)
            case .motion(let point):
                if let origin = drag.motion(to: point) {
                    window.move(to: ButtonDrag.clamped(origin, size: size, screen: screenSize()))
                }
            case .release(let point):
                switch drag.release(at: point) {
                case .tap: tapped = true
                case .moved(let origin):
                    window.move(to: ButtonDrag.clamped(origin, size: size, screen: screenSize()))
                    remember(window.rect)
                case .none: break
                }
                paint(pressed: false)
            }
        }
        return tapped
    }

    /// Paints the button anew: it is painted only when exposed, pressed and released, so it
    /// keeps no canvas (40 x 40 px at a scale of 1).
    private func paint(pressed: Bool) {
        guard let window else { return }
        let canvas: Canvas
        do {
            canvas = try Canvas(size: size)
        } catch {
            Log.warning("cannot paint the show button: \(error)")
            return
        }
        painter.paint(on: canvas, pressed: pressed)
        let stride = canvas.stride
        canvas.withMutablePixels { window.present($0.baseAddress!, stride: stride) }
    }

    private func remember(_ rect: Rect) {
        guard let store else { return }
        do {
            try store.save(rect)
        } catch {
            Log.warning("cannot remember the show button's place in \(store.path): \(error)")
        }
    }
}

extension ShowButton {
    /// The button the settings ask for (`Settings.showsButton`), at the bottom right of the
    /// keyboard's monitor until the user drags it elsewhere; nil when they ask for none.
    static func make(_ settings: Settings, display: Display, name: String?, theme: Theme, scale: DisplayScale) -> ShowButton? {
        guard settings.showsButton else { return nil }
        let margin = Int((16 * scale.factor).rounded())
        return ShowButton(
            displayName: name, theme: theme, scale: scale, store: .standard(),
            defaultPlace: { size in
                let monitor = display.monitor(named: settings[.monitor]).rect
                return Rect(x: monitor.maxX - size.width - margin, y: monitor.maxY - size.height - margin,
                            width: size.width, height: size.height)
            },
            screenSize: { Size(width: display.screenSize.width, height: display.screenSize.height) })
    }
}
