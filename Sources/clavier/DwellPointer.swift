import ClavierCore
import ClavierX11

/// Dwell, for a head pointer or an eye tracker: the pointer resting on a key for the dwell
/// time presses and releases it, as a pointer of its own beside the real one (whose clicks
/// still work). Resting on does not press again: the pointer leaves the key, or moves on it
/// by a third of a key's height (more than a tremble) and rests the whole time again. A key
/// with alternates is held instead, as a finger would hold it: moving off types it, and once
/// its alternates show, resting on one types that one (resting anywhere else presses what is
/// there). The clock runs only while the pointer is over the shown window, on something it
/// would press.
final class DwellPointer: InputSource {
    /// The reducer's id for the dwell's presses: no mouse (0) or touch (device << 32 | touch).
    static let pointer = -1
    private var clock: DwellClock<PressTarget>
    private let keyboard: () -> Keyboard
    private let now: () -> ContinuousClock.Instant
    /// A window point in the keys' coordinates; nil on a floating keyboard's handle or grip.
    private let toKeys: (Point) -> Point?
    /// Where the pointer hovers, in the keys' coordinates; nil: outside the window, or on
    /// the handle or grip.
    private var point: Point?
    /// Real presses (buttons, fingers) down now: dwell waits while the user clicks.
    private var down: Set<Int> = []
    /// What a real click pressed: not dwelt on until the pointer has left it, so a click
    /// followed by a rest types once.
    private var clicked: PressTarget?
    /// The key with alternates the dwell holds down, and where it was pressed.
    private var held: (target: PressTarget, point: Point)?
    /// Where the last press by dwell was, to tell a new rest on the same key from a tremble.
    private var firedAt: Point?

    init(delay: Duration, keyboard: @escaping () -> Keyboard, now: @escaping () -> ContinuousClock.Instant,
         toKeys: @escaping (Point) -> Point? = { $0 }) {
        clock = DwellClock(delay: delay)
        self.keyboard = keyboard
        self.now = now
        self.toKeys = toKeys
    }

    func inputs(from event: WindowEvent) -> [InputEvent] {
        switch event {
        case .hover(let hovered):
            point = hovered.flatMap(toKeys)
        case .pointer(.press(let at, let id)):
            down.insert(id)
            point = toKeys(at)
        case .pointer(.motion(let at, _)):
            point = toKeys(at)
        case .pointer(.release(let at, let id)):
            down.remove(id)
            point = toKeys(at)
            if down.isEmpty { clicked = point.flatMap { keyboard().dwellTarget(at: $0, pointer: Self.pointer) } }
        default:
            return []
        }
        return follow(moved: true)
    }

    /// Takes what the pointer is on now, after it `moved` or the keyboard changed under it:
    /// the clock starts again on a new target; leaving a held key types it. What a press puts
    /// under a pointer that stays still (another page's key, a latched Shift) is spent as the
    /// pressed key was, except a popup's alternates, which are there to be chosen.
    func follow(moved: Bool) -> [InputEvent] {
        let board = keyboard()
        var target = point.flatMap { board.dwellTarget(at: $0, pointer: Self.pointer) }
        if target != clicked { clicked = nil }
        if let held, board.popup?.pointer != Self.pointer {
            if target == held.target && board.pressed[Self.pointer] != nil { return [] }
            // Off the held key before its alternates show: it types, as a finger lifting would.
            self.held = nil
            clock.stop()
            return [.release(held.point, pointer: Self.pointer)]
        }
        if !down.isEmpty || target == clicked { target = nil }
        let wasSpent = clock.isSpent, previous = clock.target
        clock.rest(on: target, at: now())
        if !moved, wasSpent, target != previous, target.map({ if case .alternate = $0 { false } else { true } }) == true {
            clock.spend()
        }
        if clock.isSpent, let point, let firedAt {
            let far = Double(board.geometry.keyHeight) / 3
            if (point.x - firedAt.x) * (point.x - firedAt.x) + (point.y - firedAt.y) * (point.y - firedAt.y) > far * far {
                clock.rearm(at: now())
            }
        }
        // Its alternates show: the popup follows the pointer, as it follows a held finger.
        if held != nil, let point { return [.motion(point, pointer: Self.pointer)] }
        return []
    }

    /// The window was hidden: nothing is under the pointer any more (the reducer has ended
    /// every press), whether or not the server said the pointer left.
    func windowHidden() {
        point = nil
        held = nil
        clock.stop()
    }

    var nextDeadline: ContinuousClock.Instant? { clock.deadline(after: now()) }

    func inputs(dueAt now: ContinuousClock.Instant) -> [InputEvent] {
        guard let point, let target = clock.fire(at: now) else { return [] }
        firedAt = point
        let board = keyboard()
        let me = Self.pointer
        if held != nil, board.popup?.pointer == me {
            held = nil
            // On an alternate, the release types it; elsewhere it closes the popup, and the
            // dwell presses what is there, as resting anywhere does.
            guard case .alternate(nil) = target else { return [.release(point, pointer: me)] }
            return [.release(Point(x: -1, y: -1), pointer: me), .press(point, pointer: me), .release(point, pointer: me)]
        }
        if held != nil { return [] }
        if case .key(let id) = target, board.geometry.frame(id: id)?.key.alternates.isEmpty == false {
            held = (target, point)
            return [.press(point, pointer: me)]
        }
        return [.press(point, pointer: me), .release(point, pointer: me)]
    }

    /// What to draw: the count's progress on what the pointer rests on.
    func mark(at now: ContinuousClock.Instant) -> (target: PressTarget, progress: Double)? {
        guard let target = clock.target else { return nil }
        let progress = clock.progress(at: now)
        return progress > 0 ? (target, progress) : nil
    }

    /// A status line for `clavier status`: what the dwell counts on, and how far.
    func status(at now: ContinuousClock.Instant) -> String {
        guard let target = clock.target else { return "dwell: idle" }
        return "dwell: \(PressTarget.name(target)) " + (clock.isSpent ? "done" : "\(Int((clock.progress(at: now) * 100).rounded()))%")
    }
}
