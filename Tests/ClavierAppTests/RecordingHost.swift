import ClavierBuiltins
import ClavierCore
import ClavierLayouts
@testable import clavier

/// A host that records what the app asks of it, in order: the app's behaviour (show, hide,
/// kiosk refusals, dwell, scanning, layouts) tested without an X server. Typing, painting
/// and the window are the X server's and tested there (IntegrationTests).
final class RecordingHost: KeyboardHost {
    /// What was asked, one line each: `type h`, `show`, `hide`, `click`, `recreate`.
    var log: [String] = []
    /// Whether the window is mapped, as the app last asked.
    var mapped = true
    /// Whether a key preview is up (mode `always`).
    var previewUp = false
    var pointer: Point?
    let size = Size(width: 1280, height: 330)
    var layouts: [String: Layout] = Layout.builtin

    /// The keysyms typed, as their characters where they have one.
    var typed: String {
        log.filter { $0.hasPrefix("type ") }.map { String($0.dropFirst(5)) }.joined()
    }

    func type(_ effects: [Effect]) -> Bool {
        var any = false
        for case .type(let sym, _) in effects {
            log.append("type " + (sym.scalar.map { String(Character($0)) } ?? "0x" + String(sym.rawValue, radix: 16)))
            any = true
        }
        return any
    }

    func format(_ formatting: Formatting) { log.append("format \(formatting.rawValue)") }
    func paint(_ keyboard: Keyboard, damaged: [Key.ID], whole: Bool, bar: Bool) {}
    func followPreview(_ keyboard: Keyboard) { previewUp = keyboard.preview(.always) != nil }
    func paintTrail(_ keyboard: Keyboard, at now: ContinuousClock.Instant, whole: Bool) {
        log.append(keyboard.glide.trail(at: now) == nil ? "trail gone" : "trail")
    }
    func click() { log.append("click") }
    func prepareToShow(_ keyboard: Keyboard) {}

    func showWindow() {
        mapped = true
        log.append("show")
    }

    func hideWindow() {
        mapped = false
        previewUp = false
        log.append("hide")
    }

    func recreateWindow(_ keyboard: Keyboard) { log.append("recreate") }

    func makeKeyboard(_ layout: Layout, page: Page.ID?) -> Keyboard {
        Keyboard(layout: layout, page: page, size: size)
    }

    func loadLayout(_ name: String) throws(LayoutError) -> Layout {
        guard let layout = layouts[name] else { throw .notFound(name: name, kind: "layout", searched: []) }
        return layout
    }

    func switchLanguage(_ index: Int?) { log.append("language \(index.map(String.init) ?? "next")") }
    func askField() { log.append("ask field") }
    func pointerOnKeys() -> Point? { pointer }
    var windowRect: Rect { Rect(x: 0, y: 470, width: size.width, height: size.height) }
}

/// The test's clock: time passes only when the test says.
final class TestClock {
    var now = ContinuousClock.now
}

/// A running keyboard on a recording host, with a clock the test moves.
final class AppUnderTest {
    let host = RecordingHost()
    let clock = TestClock()
    let app: KeyboardApp
    var now: ContinuousClock.Instant {
        get { clock.now }
        set { clock.now = newValue }
    }

    init(_ options: Session.Options = Session.Options(), layout: Layout = .us, hooks: KeyboardApp.Hooks = .init()) {
        var options = options
        if options.layoutName.isEmpty { options.layoutName = layout.id }
        let session = Session(keyboard: host.makeKeyboard(layout, page: nil), options: options, at: clock.now)
        app = KeyboardApp(session: session, host: host, hooks: hooks, shuffleSource: SystemRandomNumberGenerator(),
                          now: { [clock] in clock.now })
    }

    var keyboard: Keyboard { app.session.keyboard }

    func centre(_ id: Key.ID) -> Point {
        let r = keyboard.geometry.frame(id: id)!.rect
        return Point(x: r.midX, y: r.midY)
    }

    /// Lets `ms` pass, sending a tick at every deadline on the way, as the loop does.
    func wait(_ ms: Int) {
        let end = now + .milliseconds(ms)
        while let due = app.session.nextDeadline(after: now), due <= end {
            now = due
            app.send(.tick)
        }
        now = end
        app.send(.tick)
    }

    func tap(_ id: Key.ID, pointer: Int = 0) {
        app.send(.input(.press(centre(id), pointer: pointer)))
        app.send(.input(.release(centre(id), pointer: pointer)))
    }

    /// Asks as `clavier REQUEST` does, through the request's line on the wire.
    func request(_ request: ControlRequest) -> ControlReply { ControlRequest.respond(to: request.line, app: app) }
}
