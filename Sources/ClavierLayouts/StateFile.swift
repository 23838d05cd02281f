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
