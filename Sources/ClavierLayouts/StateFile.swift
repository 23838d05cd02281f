import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The files Clavier keeps for the user (emoji counts, learned words, the floating place):
/// where they live, and how they are written so that a crash never leaves half a file.
public enum StateFile {
    /// `$XDG_STATE_HOME/clavier/NAME`, else `~/.local/state/clavier/NAME`.
    public static func path(_ name: String, environment: [String: String]? = nil) -> String {
        let dir = XDGDirectory.state.clavierPath(environment: environment) ?? NSHomeDirectory() + "/.local/state/clavier"
        return dir + "/" + name
    }

    /// Writes `bytes` to `path` through a private temporary file in the same directory
    /// (`mkstemp`: mode 0600, a name no one else holds), `fsync`, then `rename(2)` over the
    /// old file, so a crash leaves either the old contents or the new.
    public static func writeAtomically(_ bytes: some ContiguousBytes, to path: String) throws {
        let dir = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let name = (path as NSString).lastPathComponent
        var template = Array((dir + "/." + name + ".XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        let temp = String(cString: template)
        let (written, count) = bytes.withUnsafeBytes { (write(fd, $0.baseAddress, $0.count), $0.count) }
        let synced = fsync(fd)
        close(fd)
        guard written == count, synced == 0, rename(temp, path) == 0 else {
            unlink(temp)
            throw CocoaError(.fileWriteUnknown)
        }
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
