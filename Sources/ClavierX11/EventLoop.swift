import CX11
import ClavierPoll

/// Sleeps on the X connection, a signal pipe and the caller's own descriptors (the control
/// socket) through `PollLoop`, and wakes for X events, signals, a readable descriptor and the
/// one deadline the caller asks for.
public final class EventLoop {
    private let display: Display
    private let poll = PollLoop()

    /// A loop that turns SIGINT, SIGTERM and SIGHUP into `Wake.signal`.
    public init(display: Display) {
        self.display = display
    }

    /// Why `wait` returned.
    public enum Wake: Equatable {
        case xEvents
        case signal(Int32)
        /// One of the descriptors passed to `wait` has something to read.
        case readable(Int32)
        case deadline
        case connectionLost
    }

    /// A signal that arrived since the last look, without waiting.
    public func pendingSignal() -> Int32? { poll.pendingSignal() }

    /// Blocks until X events are queued, a signal arrives, one of `watching` is readable,
    /// or `deadline` passes.
    public func wait(until deadline: ContinuousClock.Instant?, watching: [Int32] = []) -> Wake {
        // Events Xlib already read into its queue would never wake poll.
        if XPending(display.raw) > 0 { return .xEvents }
        switch poll.wait(on: display.fileDescriptor, until: deadline, watching: watching) {
        case .connection: return .xEvents
        case .signal(let number): return .signal(number)
        case .readable(let fd): return .readable(fd)
        case .deadline: return .deadline
        case .connectionLost: return .connectionLost
        }
    }
}
