import ClavierPoll

/// Sleeps on the Wayland connection, a signal pipe and the caller's own descriptors through
/// `PollLoop` (as ClavierX11's `EventLoop` does on the X connection), and dispatches what the
/// compositor sent into the connection's queue.
public final class WaylandLoop {
    private let connection: WaylandConnection
    private let poll = PollLoop()

    /// A loop that turns SIGINT, SIGTERM and SIGHUP into `Wake.signal`.
    public init(connection: WaylandConnection) {
        self.connection = connection
    }

    /// Why `wait` returned.
    public enum Wake: Equatable {
        /// The compositor's events are dispatched into the connection's queue.
        case wayland
        case signal(Int32)
        case readable(Int32)
        case deadline
        case connectionLost
    }

    /// Blocks until the compositor says something, a signal arrives, one of `watching` can be
    /// read, or `deadline` passes.
    public func wait(until deadline: ContinuousClock.Instant?, watching: [Int32] = []) -> Wake {
        guard let fd = connection.prepare() else { return .connectionLost }
        switch poll.wait(on: fd, until: deadline, watching: watching) {
        case .connection: return connection.dispatch(readable: true) ? .wayland : .connectionLost
        case .signal(let number): return .signal(number)
        case .readable(let fd): return .readable(fd)
        case .deadline: return .deadline
        case .connectionLost: return .connectionLost
        }
    }
}
