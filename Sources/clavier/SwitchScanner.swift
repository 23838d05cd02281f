import ClavierCore
import ClavierX11

/// Switch scanning, for someone who can press one or two buttons but not point: the
/// `Scanner` moves a highlight over the rows and keys; the grabbed switch keys step and
/// select; a selected key is pressed and released at its centre as a pointer of its own.
/// The highlight is taken as the switch goes down, and the key typed as it comes up: until
/// then the X server has the keyboard grabbed for us (the grab activated by the switch), and
/// a key typed meanwhile would come back to us, not reach the focused window.
final class SwitchScanner: InputSource {
    /// The reducer's id for the scan's presses (the dwell's is -1).
    static let pointer = -2
    private(set) var scanner: Scanner
    let grab: SwitchGrab
    private let keyboard: () -> Keyboard
    private let now: () -> ContinuousClock.Instant
    /// The key chosen by a switch still down, typed when it comes up.
    private var chosen: [InputEvent] = []

    init(interval: Duration?, grab: SwitchGrab, keyboard: @escaping () -> Keyboard,
         now: @escaping () -> ContinuousClock.Instant) {
        scanner = Scanner(interval: interval)
        self.grab = grab
        self.keyboard = keyboard
        self.now = now
        scanner.start(rows: Scanner.rows(of: keyboard()), at: now())
    }

    /// Whether a step switch moves the highlight (two switches: the first steps).
    private var stepsBySwitch: Bool { grab.switches.count == 2 }

    func inputs(from event: WindowEvent) -> [InputEvent] {
        guard case .grabbedKey(let keycode, let down) = event, let pressed = grab.event(keycode: keycode, down: down) else { return [] }
        guard pressed.down else {
            defer { chosen = [] }
            return chosen
        }
        let at = now()
        follow(shown: true)
        if stepsBySwitch && pressed.switch == 0 {
            scanner.step(at: at)
            return []
        }
        guard let target = scanner.select(at: at), let centre = keyboard().centre(of: target) else { return [] }
        chosen = [.press(centre, pointer: Self.pointer), .release(centre, pointer: Self.pointer)]
        return []
    }

    var nextDeadline: ContinuousClock.Instant? { scanner.nextDeadline }

    func inputs(dueAt now: ContinuousClock.Instant) -> [InputEvent] {
        scanner.tick(at: now)
        return []
    }

    /// Starts again from the first row when the page's rows changed (a page key, another
    /// layout); stops while the keyboard is hidden, so a hidden keyboard runs no clock.
    func follow(shown: Bool) {
        guard shown else {
            if scanner.position != .paused { scanner.pause() }
            return
        }
        let rows = Scanner.rows(of: keyboard())
        if rows != scanner.rows { scanner.start(rows: rows, at: now()) }
    }

    /// A status line for `clavier status`: what is highlighted.
    var status: String {
        switch scanner.position {
        case .row(let row): "scan: row \(row + 1)"
        case .key: "scan: key " + (scanner.highlighted.first.map(PressTarget.name) ?? "")
        case .paused: "scan: paused"
        }
    }
}
