import Glibc

/// The process that borrowed a keycode, as recorded on the X server: its pid and start time
/// (field 22 of `/proc/PID/stat`, so a reused pid is not taken for the owner), its pid
/// namespace and its host, since a pid only means something in the namespace and on the
/// machine it came from.
public struct KeycodeOwner: Hashable, Sendable {
    public var pid: Int32
    /// When the process started, in clock ticks after boot (`/proc/PID/stat` field 22).
    public var start: UInt64
    /// The pid namespace (`readlink /proc/self/ns/pid`, e.g. `pid:[4026531836]`).
    public var namespace: String
    public var host: String

    public init(pid: Int32, start: UInt64, namespace: String, host: String) {
        self.pid = pid
        self.start = start
        self.namespace = namespace
        self.host = host
    }

    /// This process (`getpid`, `gethostname`).
    public static let current: KeycodeOwner = {
        let pid = getpid()
        var name = [CChar](repeating: 0, count: 256)
        let host = gethostname(&name, name.count - 1) == 0
            ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        let start: UInt64
        if case .running(let started) = probe(pid) { start = started } else { start = 0 }
        return KeycodeOwner(pid: pid, start: start, namespace: link("/proc/self/ns/pid") ?? "?", host: host)
    }()

    /// What `/proc` says of a process.
    public enum Probe: Equatable, Sendable {
        /// It runs (or sleeps, or is stopped), started at this many ticks after boot.
        case running(start: UInt64)
        /// No such process, or only its zombie, waiting to be reaped: it holds nothing.
        case gone
        /// It exists but cannot be read (another user's under `hidepid`): it may be the owner.
        case unreadable
    }

    /// Whether the owner may still be running, as seen from `observer` with `probe`: owners on
    /// another host or in another pid namespace cannot be checked, so they count as running
    /// and their keycodes are left alone; so does anything `probe` cannot read.
    public func mayBeRunning(seenFrom observer: KeycodeOwner = .current,
                             probe: (Int32) -> Probe = KeycodeOwner.probe) -> Bool {
        if self == observer { return true }
        guard host == observer.host, namespace == observer.namespace, namespace != "?" else { return true }
        switch probe(pid) {
        case .running(let started): return started == start
        case .gone: return false
        case .unreadable: return true
        }
    }

    /// Reads `/proc/PID/stat`: the state (field 3) and start time (field 22).
    public static func probe(_ pid: Int32) -> Probe {
        guard pid > 0 else { return .gone }
        guard let text = read("/proc/\(pid)/stat") else {
            // No /proc entry to read: kill(pid, 0) tells a process hidden from us from none.
            return kill(pid, 0) == 0 || errno == EPERM ? .unreadable : .gone
        }
        // The command name (field 2) is in parentheses and may hold spaces or parentheses.
        guard let close = text.lastIndex(of: ")") else { return .unreadable }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let start = UInt64(fields[19]) else { return .unreadable }
        return fields[0] == "Z" || fields[0] == "X" ? .gone : .running(start: start)
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = Glibc.read(fd, &buffer, buffer.count)
        return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : nil
    }

    private static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = readlink(path, &buffer, buffer.count - 1)
        return n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }
}
