/// Dwell, for a head pointer or an eye tracker: the pointer resting on a key for the dwell
/// time presses and releases it, as a pointer of its own beside the real one (whose clicks
/// still work). Resting on does not press again: the pointer leaves the key, or moves on it
/// by a third of a key's height (more than a tremble) and rests the whole time again. A key
/// with alternates is held instead, as a finger would hold it: moving off types it, and once
/// its alternates show, resting on one types that one (resting anywhere else presses what is
/// there). A copied text's cell on the bar is held the same way: moving off types it, resting
/// on for the long press pins or unpins it (Session+Clipboard.swift). The hide key is held so
/// too where it opens the settings page: resting on, the page opens a long press later; moving
/// off before, it hides. The clock runs only while the pointer is over the shown window, on something it
/// would press, and never on what lay under a pointer that has not moved since the keyboard
/// appeared (a page switch spends it the same way). Part of `Session`: the keyboard and the
/// time are arguments, so every step is tested without X or sleeping.
public struct DwellAid: Sendable {
    /// The reducer's id for the dwell's presses: no mouse (0) or touch (device << 32 | touch).
    public static let pointer = -1
    private var clock: DwellClock<PressTarget>
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

    /// How long the pointer rests on a target to press it.
    public var delay: Duration { clock.delay }

    public init(delay: Duration) {
        clock = DwellClock(delay: delay)
    }

    /// The pointer hovers at `hovered` (keys' coordinates; nil: it left, or is on the frame).
    public mutating func hover(_ hovered: Point?, on board: Picture, at now: ContinuousClock.Instant) -> [InputEvent] {
        point = hovered
        return follow(moved: true, on: board, at: now)
    }

    /// A real pointer's press, motion or release, in the keys' coordinates.
    public mutating func real(_ input: InputEvent, on board: Picture, at now: ContinuousClock.Instant) -> [InputEvent] {
        let spot: Point
        switch input {
        case .press(let at, let id):
            down.insert(id)
            spot = at
        case .release(let at, let id):
            down.remove(id)
            if down.isEmpty { clicked = board.dwellTarget(at: at, pointer: Self.pointer) }
            spot = at
        case .motion(let at, _): spot = at
        case .lost(let id):
            // No click: the press never ended on a key.
            down.remove(id)
            return []
        case .tick, .cancelAll: return []
        }
        point = spot
        return follow(moved: true, on: board, at: now)
    }

    /// The window came up with the pointer still at `still` (keys' coordinates; nil: not on
    /// it): what lies there is spent, as after a page switch; only a movement counts.
    public mutating func shown(under still: Point?, on board: Picture, at now: ContinuousClock.Instant) {
        point = still
        held = nil
        down = []
        clock.stop()
        guard let still, let target = board.dwellTarget(at: still, pointer: Self.pointer) else { return }
        clock.rest(on: target, at: now)
        clock.spend()
        firedAt = still
    }

    /// Takes what the pointer is on now, after it `moved` or the keyboard changed under it:
    /// the clock starts again on a new target; leaving a held key types it. What a press puts
    /// under a pointer that stays still (another page's key, a latched Shift) is spent as the
    /// pressed key was, except a popup's alternates, which are there to be chosen.
    public mutating func follow(moved: Bool, on board: Picture, at now: ContinuousClock.Instant) -> [InputEvent] {
        var target = point.flatMap { board.dwellTarget(at: $0, pointer: Self.pointer) }
        if target != clicked { clicked = nil }
        if let held, board.popup?.pointer != Self.pointer {
            let holds = board.pressed[Self.pointer] != nil || board.keyboard.pressedCell?.pointer == Self.pointer
            if target == held.target && holds { return [] }
            // Off the held key before its alternates show: it types, as a finger lifting would.
            // Still on it, the long press spent the press (a copy pinned): resting on presses
            // nothing more until the pointer moves, as after any press.
            self.held = nil
            if target != held.target {
                clock.stop()
                // The keys changed under a still pointer (the hide key's hold opened the settings
                // page): what lies there now is spent, as after a page switch.
                if !moved, let target {
                    clock.rest(on: target, at: now)
                    clock.spend()
                }
            }
            return [.release(held.point, pointer: Self.pointer)]
        }
        if !down.isEmpty || target == clicked { target = nil }
        let wasSpent = clock.isSpent, previous = clock.target
        clock.rest(on: target, at: now)
        if !moved, wasSpent, target != previous, target.map({ if case .alternate = $0 { false } else { true } }) == true {
            clock.spend()
        }
        if clock.isSpent, let point, let firedAt {
            let far = Double(board.geometry.keyHeight) / 3
            if (point.x - firedAt.x) * (point.x - firedAt.x) + (point.y - firedAt.y) * (point.y - firedAt.y) > far * far {
                clock.rearm(at: now)
            }
        }
        // Its alternates show: the popup follows the pointer, as it follows a held finger.
        if held != nil, let point { return [.motion(point, pointer: Self.pointer)] }
        return []
    }

    /// The window was hidden: nothing is under the pointer any more (the reducer has ended
    /// every press), whether or not the server said the pointer left.
    public mutating func windowHidden() {
        point = nil
        held = nil
        down = []
        clock.stop()
    }

    public func nextDeadline(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? { clock.deadline(after: now) }

    /// The presses due at `now`.
    public mutating func fire(at now: ContinuousClock.Instant, on board: Picture) -> [InputEvent] {
        guard let point, let target = clock.fire(at: now) else { return [] }
        firedAt = point
        let me = Self.pointer
        if held != nil, board.popup?.pointer == me {
            held = nil
            // On an alternate, the release types it; elsewhere it closes the popup, and the
            // dwell presses what is there, as resting anywhere does.
            guard case .alternate(nil) = target else { return [.release(point, pointer: me)] }
            return [.release(Point(x: -1, y: -1), pointer: me), .press(point, pointer: me), .release(point, pointer: me)]
        }
        if held != nil { return [] }
        if Self.isHeld(target, on: board) {
            held = (target, point)
            return [.press(point, pointer: me)]
        }
        return [.press(point, pointer: me), .release(point, pointer: me)]
    }

    /// What to draw: the count's progress on what the pointer rests on.
    public func mark(at now: ContinuousClock.Instant) -> (target: PressTarget, progress: Double)? {
        guard let target = clock.target else { return nil }
        let progress = clock.progress(at: now)
        return progress > 0 ? (target, progress) : nil
    }

    /// What the dwell counts on, and how far (nil target: idle; progress nil: done).
    public func status(at now: ContinuousClock.Instant) -> (target: PressTarget?, percent: Int?) {
        guard let target = clock.target else { return (nil, nil) }
        return (target, clock.isSpent ? nil : Int((clock.progress(at: now) * 100).rounded()))
    }

    /// Whether dwell holds `target` down rather than tapping it: a key with alternates, the
    /// hide key where it opens the settings page (a long press's way in for a dwell user, on
    /// every layout, the bar's gear or none: emoji, phone), and a copied text's cell (a long
    /// press pins it).
    static func isHeld(_ target: PressTarget, on board: Picture) -> Bool {
        switch target {
        case .key(let id):
            if let key = board.geometry.frame(id: id)?.key {
                !key.alternates.isEmpty || (key.action == .hide && board.keyboard.opensSettings)
            } else {
                false
            }
        case .cell(.completion(let i)): board.offersClips && i < board.completions.count
        default: false
        }
    }
}
