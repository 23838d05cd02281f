import ClavierCore
#if canImport(Glibc)
import Glibc
#endif

/// The files Clavier keeps for the user (emoji counts, learned words, the floating place):
/// where they live, and how they are written so that a crash never leaves half a file.
public enum StateFile {
    /// `$XDG_STATE_HOME/clavier/NAME`, else `~/.local/state/clavier/NAME` (the home directory
    /// from the password database when `HOME` is not set).
    public static func path(_ name: String, environment: [String: String]? = nil) -> String {
        let dir = XDGDirectory.state.clavierPath(environment: environment) ?? homeFromPasswd() + "/.local/state/clavier"
        return dir + "/" + name
    }

    /// The user's home directory as `getpwuid(3)` gives it, or `/` when it has none.
    static func homeFromPasswd() -> String {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return "/" }
        return String(cString: dir)
    }

    /// Why a file could not be written: the call that failed and the system's reason.
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
        init(_ call: String, _ path: String, _ code: Int32 = errno) {
            description = "\(call) \(path): \(String(cString: strerror(code)))"
        }
    }

    /// Writes `bytes` to `path` through a private temporary file in the same directory
    /// (`mkstemp`: mode 0600, a name no one else holds), `fsync`, then `rename(2)` over the
    /// old file, so a crash leaves either the old contents or the new. Missing directories
    /// are made, mode 0700.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        try makeDirectories(dir.isEmpty ? "/" : dir)
        var template = Array((dir + "/." + name + ".XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw WriteError("mkstemp", dir) }
        let temp = String(cBuffer: template)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let code = errno
        let synced = fsync(fd)
        close(fd)
        guard written == bytes.count, synced == 0, rename(temp, path) == 0 else {
            let error = WriteError(written != bytes.count ? "write" : synced != 0 ? "fsync" : "rename", path,
                                   written != bytes.count ? code : errno)
            unlink(temp)
            throw error
        }
    }

    /// `mkdir -p` with mode 0700 for what it makes; an existing directory is left as it is.
    static func makeDirectories(_ dir: String) throws {
        var info = stat()
        if stat(dir, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
        if let slash = dir.lastIndex(of: "/"), slash != dir.startIndex { try makeDirectories(String(dir[..<slash])) }
        guard mkdir(dir, 0o700) == 0 || errno == EEXIST else { throw WriteError("mkdir", dir) }
    }
}

/// One of the files Clavier keeps for the user, in `$XDG_STATE_HOME/clavier` (default
/// `~/.local/state/clavier`): read whole (a regular file, not a link, within
/// `ReadLimits.fileBytes`), with one warning when it cannot be read or makes
/// no sense, and written private to the user (mode 0600) and atomically (`StateFile`).
public protocol StateStore: Sendable {
    associatedtype Value
    /// The file's name in the state directory.
    static var fileName: String { get }
    /// What a warning says happens instead, as in "starting the learned words afresh".
    static var fallback: String { get }
    var path: String { get }
    init(path: String)
    /// The value the file's bytes hold; nil when they make no sense.
    static func decode(_ bytes: [UInt8]) -> Value?
    /// The bytes `save` writes for `value`.
    static func encode(_ value: Value) throws -> [UInt8]
}

extension StateStore {
    /// The store in the user's state directory.
    public static func standard(environment: [String: String]? = nil) -> Self {
        Self(path: StateFile.path(fileName, environment: environment))
    }

    /// What the file holds: nil when there is no file yet; nil plus a warning (for the caller
    /// to print once) when the file cannot be read or makes no sense.
    public func load() -> (Value?, warning: String?) {
        let bytes: [UInt8]
        do {
            // Only a regular file of at most `ReadLimits.fileBytes`, and not through a link, so
            // that nothing planted in the state directory makes the keyboard read another
            // file, wait on a FIFO or allocate without bound.
            bytes = try PlainFiles.bytes(path, limit: ReadLimits.fileBytes, followingLinks: false)
        } catch {
            return (nil, error.missing ? nil : "\(path) is not readable; \(Self.fallback)")
        }
        guard let value = Self.decode(bytes) else { return (nil, "\(path) is corrupt; \(Self.fallback)") }
        return (value, nil)
    }

    /// Writes `value`: a private temporary file in the same directory, then `rename(2)` over
    /// the old one, so a crash leaves either the old contents or the new, never half.
    public func save(_ value: Value) throws {
        try StateFile.writeAtomically(Self.encode(value), to: path)
    }
}
