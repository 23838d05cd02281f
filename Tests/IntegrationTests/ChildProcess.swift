import Foundation
import Glibc

/// A child process started with posix_spawn, with a clean signal mask and default signal
/// handlers (Foundation's Process passes on the test thread's blocked signals, so
/// SIGTERM would never reach Xvfb, xterm or clavier), in a process group of its own.
final class ChildProcess {
    let pid: pid_t
    private(set) var status: Int32?

    /// Starts `arguments` (found on PATH) with `environment` added, writing standard
    /// output and standard error to the given paths (or /dev/null).
    init(_ arguments: [String], environment: [String: String] = [:], stdout: String? = nil, stderr: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
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
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
        guard rc == 0 else { throw HarnessError("cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit { stop() }

    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid {
            status = Self.exitStatus(raw)
            return false
        }
        return true
    }

    /// Sends `signal` to the process (not its group).
    func signal(_ number: Int32) {
        if status == nil { kill(pid, number) }
    }

    /// Waits for the process to end and returns its exit status (128+N for signal N).
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        status = Self.exitStatus(raw)
        return status!
    }

    /// Waits up to `seconds` for the process to end; nil if it is still running.
    func wait(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning && Date() < deadline { usleep(10_000) }
        return isRunning ? nil : status
    }

    /// SIGTERM to the whole group, then SIGKILL if it has not gone within two seconds.
    func stop() {
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
