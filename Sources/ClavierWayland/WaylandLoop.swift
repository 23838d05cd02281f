import Glibc

/// The self-pipe the signal handler writes to; a global because a C signal handler cannot
/// capture context.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Sleeps on the Wayland connection, a signal pipe and the caller's own descriptors with
/// poll(2) until one can be read or the one deadline asked for passes (ClavierX11's
/// `EventLoop` is the same on the X connection).
public final class WaylandLoop {
    private let connection: WaylandConnection
    private var pipeEnds: [Int32] = [-1, -1]
    private let clock = ContinuousClock()

    /// A loop that turns SIGINT, SIGTERM and SIGHUP into `Wake.signal`.
    public init(connection: WaylandConnection) {
        self.connection = connection
        pipe(&pipeEnds)
        for end in pipeEnds { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        signalPipeWriteEnd = pipeEnds[1]
        var handled = sigset_t()
        sigemptyset(&handled)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&handled, sig) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
        }
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        for end in pipeEnds { close(end) }
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
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)]
        fds += watching.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - clock.now
                if left <= .zero { return .deadline }
                let (seconds, attos) = left.components
                timeout = Int32(clamping: seconds * 1000 + (attos + 999_999_999_999_999) / 1_000_000_000_000_000)
            }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return .connectionLost
            }
            if ready == 0 { return .deadline }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var byte: UInt8 = 0
                if read(pipeEnds[0], &byte, 1) == 1 { return .signal(Int32(byte)) }
            }
            if fds[0].revents & Int16(POLLIN) != 0 { return connection.dispatch(readable: true) ? .wayland : .connectionLost }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { return .connectionLost }
            if let ready = fds.dropFirst(2).first(where: { $0.revents != 0 }) { return .readable(ready.fd) }
        }
    }
}
