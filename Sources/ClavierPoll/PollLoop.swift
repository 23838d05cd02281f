import Glibc

/// The self-pipe the signal handler writes to; a global because a C signal handler cannot
/// capture context.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Sleeps on a window system's connection, a signal pipe and the caller's own descriptors
/// (the control socket) with poll(2) — no timers, no polling — and wakes for the connection,
/// a signal, a readable descriptor and the one deadline the caller asks for. The X loop
/// (`EventLoop`) and the Wayland one (`WaylandLoop`) wait through it, each on its connection.
public final class PollLoop {
    private var pipeEnds: [Int32] = [-1, -1]
    private let clock = ContinuousClock()

    /// A loop that turns SIGINT, SIGTERM and SIGHUP into `Wake.signal`.
    public init() {
        pipe(&pipeEnds)
        for end in pipeEnds {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            // The programs the keyboard starts (setxkbmap, the speech server) get no end of it.
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        signalPipeWriteEnd = pipeEnds[1]
        // A parent may have started us with these blocked (Foundation's Process passes on
        // its thread's mask): unblock them, or SIGTERM would wait forever.
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
        // A signal from now on writes nowhere: once closed, the pipe's numbers are soon another
        // file's, which a byte would spoil. (The hosts keep their loop until the process ends,
        // so only a loop made and ended in one process, as in the tests, met this.)
        if signalPipeWriteEnd == pipeEnds[1] { signalPipeWriteEnd = -1 }
        for end in pipeEnds { close(end) }
    }

    /// The pipe's ends, for the tests.
    var descriptors: [Int32] { pipeEnds }

    /// Why `wait` returned.
    public enum Wake: Equatable {
        /// The connection has something to read.
        case connection
        case signal(Int32)
        /// One of the descriptors passed to `wait` has something to read.
        case readable(Int32)
        case deadline
        /// The connection hung up, or poll failed.
        case connectionLost
    }

    /// A signal that arrived since the last look, without waiting.
    public func pendingSignal() -> Int32? {
        var byte: UInt8 = 0
        return read(pipeEnds[0], &byte, 1) == 1 ? Int32(byte) : nil
    }

    /// Blocks until `connection` can be read, a signal arrives, one of `watching` is
    /// readable, or `deadline` passes.
    public func wait(on connection: Int32, until deadline: ContinuousClock.Instant?, watching: [Int32] = []) -> Wake {
        var fds = [pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)]
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
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { return .connectionLost }
            if fds[0].revents & Int16(POLLIN) != 0 { return .connection }
            if let ready = fds.dropFirst(2).first(where: { $0.revents != 0 }) { return .readable(ready.fd) }
        }
    }
}
