import Glibc

/// A program the bench starts with posix_spawn, in a process group of its own, with a clean
/// signal mask, standard input from /dev/null and its output to files (or /dev/null).
final class ChildProcess {
    let pid: pid_t
    /// When posix_spawn was called, on the bench's monotonic clock.
    let started: Instant
    private(set) var status: Int32?

    init(_ arguments: [String], environment: [String: String] = [:], stdout: String? = nil,
         stderr: String? = nil) throws(BenchError) {
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
        var merged = Environment.current
        for (name, value) in environment { merged[name] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        started = .now
        let rc = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
        guard rc == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit { stop() }

    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid {
            status = raw
            return false
        }
        return true
    }

    /// Waits up to `seconds` for the process to end; its raw wait status, or nil if it still runs.
    @discardableResult
    func wait(seconds: Double) -> Int32? {
        let deadline = Instant.now + seconds
        while isRunning && Instant.now < deadline { usleep(5_000) }
        return status
    }

    /// SIGTERM to the whole group, then SIGKILL if it has not gone within two seconds.
    func stop() {
        guard isRunning else { return }
        kill(-pid, SIGTERM)
        if wait(seconds: 2) == nil {
            kill(-pid, SIGKILL)
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            status = raw
        }
    }
}

/// The bench's own environment, as a dictionary.
enum Environment {
    static var current: [String: String] {
        var out: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") {
                out[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            p += 1
        }
        return out
    }

    /// The directory on PATH holding `tool`, if any.
    static func which(_ tool: String) -> String? {
        let path = current["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where access("\(dir)/\(tool)", X_OK) == 0 {
            return "\(dir)/\(tool)"
        }
        return nil
    }
}

/// Runs a command to its end; its exit status (or 128+signal) and what it printed.
func run(_ arguments: [String], environment: [String: String] = [:]) throws(BenchError) -> (status: Int32, out: String) {
    let file = "/tmp/clavier-bench-\(getpid())-out"
    defer { unlink(file) }
    let child = try ChildProcess(arguments, environment: environment, stdout: file)
    child.wait(seconds: 60)
    child.stop()
    let raw = child.status ?? 0
    let status = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    return (status, readFile(file) ?? "")
}

/// The whole of a (small) file, or nil when it cannot be read.
func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&block, 1, block.count, file)
        bytes += block[..<n]
        if n < block.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) throws(BenchError) {
    guard let file = fopen(path, "wb") else { throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))") }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw BenchError("cannot write \(path)") }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
