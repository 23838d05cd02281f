import Glibc

/// A program started with `posix_spawnp` for a test or the bench, in a process group of its
/// own, with a clean signal mask and default signal handlers (Foundation's `Process` passes
/// on the caller's blocked signals, so SIGTERM would never reach Xvfb, xterm or clavier),
/// standard input from /dev/null and its output to files (or /dev/null).
public final class ChildProcess {
    public let pid: pid_t
    /// CLOCK_MONOTONIC, in nanoseconds, just before `posix_spawnp`: where the bench's start-up times begin.
    public let startedNanoseconds: UInt64
    /// The exit status once it has ended: the code it exited with, or 128 + N for signal N.
    public private(set) var status: Int32?

    /// A test that talks to its children (an X server on a socket, a probe) must not die of a
    /// SIGPIPE when one of them is gone first: the write fails with EPIPE instead. Children get
    /// the default handlers back (POSIX_SPAWN_SETSIGDEF). A whole `make test` run ended once of
    /// signal 13 as a test's X server went.
    static func ignoreBrokenPipes() {
        _ = brokenPipesIgnored
    }
    private static let brokenPipesIgnored: Void = { _ = Glibc.signal(SIGPIPE, SIG_IGN) }()

    /// glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not
    /// import (a GNU extension): the child closes every descriptor from a number on.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: CloseFrom? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: CloseFrom.self) }

    /// Starts `arguments` (the program found on PATH) with `environment` added to this
    /// process's, standard output and standard error written to the given paths.
    public init(_ arguments: [String], environment: [String: String] = [:], stdout: String? = nil,
                stderr: String? = nil) throws(HarnessError) {
        Self.ignoreBrokenPipes()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Nothing else of the test process goes along: a descriptor another test's thread holds
        // without close-on-exec (a client socket, or a server's just accepted before its flag
        // is set) would live on in Xvfb or sway, and its peer never see end of file. A glibc
        // older than 2.34 has no such action: the children then inherit as before
        // (ChildProcessTests says so).
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let merged = Harness.environment.merging(environment) { $1 }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        startedNanoseconds = Harness.monotonicNanoseconds
        let rc = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
        guard rc == 0 else { throw HarnessError("cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit { stop() }

    public var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid {
            status = Self.exitStatus(raw)
            return false
        }
        return true
    }

    /// Sends `signal` to the process (not its group).
    public func signal(_ number: Int32) {
        if status == nil { kill(pid, number) }
    }

    /// Waits for the process to end and returns its exit status.
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let ended = Self.exitStatus(raw)
        status = ended
        return ended
    }

    /// Waits up to `seconds` for the process to end; its exit status, or nil if it still runs.
    @discardableResult
    public func wait(seconds: Double) -> Int32? {
        Harness.waitFor(seconds, pollingEvery: 0.005) { !isRunning }
        return status
    }

    /// SIGTERM to the whole group, then SIGKILL if it has not gone within two seconds.
    public func stop() {
        guard isRunning else { return }
        kill(-pid, SIGTERM)
        if wait(seconds: 2) == nil {
            kill(-pid, SIGKILL)
            wait()
        }
    }

    private static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }
}
