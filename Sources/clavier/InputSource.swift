import ClavierCore
import ClavierX11

/// The seam between what the user does and the reducer: a source turns window events (and,
/// for sources that count time, deadlines) into `InputEvent`s, each carrying its pointer or
/// finger id, so the reducer keeps one press per id. The core pointer is one source; touch,
/// dwell and switch scanning are others, each with ids of its own.
protocol InputSource: AnyObject {
    /// The input events `event` means to this source; none when it is not its business.
    func inputs(from event: WindowEvent) -> [InputEvent]
    /// When this source next wants `inputs(dueAt:)` without an event; nil: never (no timer).
    var nextDeadline: ContinuousClock.Instant? { get }
    /// The input events due at `now`.
    func inputs(dueAt now: ContinuousClock.Instant) -> [InputEvent]
}

extension InputSource {
    var nextDeadline: ContinuousClock.Instant? { nil }
    func inputs(dueAt now: ContinuousClock.Instant) -> [InputEvent] { [] }
}

/// The core pointer: a mouse, or a touch screen's emulated pointer (its first finger), as
/// pointer 0. On a floating keyboard the frame takes its presses on the handle and grip first.
final class CorePointer: InputSource {
    private let window: KeyboardWindow
    private let frame: FloatingFrame?

    init(window: KeyboardWindow, frame: FloatingFrame?) {
        self.window = window
        self.frame = frame
    }

    func inputs(from event: WindowEvent) -> [InputEvent] {
        guard case .pointer(let input) = event else { return [] }
        guard let frame else { return [input] }
        return frame.route(input, window: window).map { [$0] } ?? []
    }
}
