#if canImport(Glibc)
import Glibc
#endif

/// The few file-system questions a start asks, answered with plain system calls: Foundation's
/// `FileManager`, `URL` and `ProcessInfo` took about a sixth of a start's samples the first time
/// they ran (BENCHMARKS.md change 15).
public enum PlainFiles {
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// `path` with symbolic links, `.` and `..` resolved (`realpath(3)`); nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Why a file was not read, in words for a diagnostic ("not a regular file (a FIFO)").
    public struct Unreadable: Error, Hashable, Sendable {
        public var reason: String
        /// Whether there is no such file at all (`ENOENT`), often no problem.
        public var missing = false
    }

    /// The whole of the regular file at `path`, of at most `limit` bytes. A FIFO, a device or
    /// a directory is refused unread (opened non-blocking, so a FIFO without a writer does
    /// not hang the reader), and a larger file by its size before anything is allocated;
    /// without `followingLinks`, so is a symbolic link (`O_NOFOLLOW`).
    public static func bytes(_ path: String, limit: Int, followingLinks: Bool = true) throws(Unreadable) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            let code = errno
            throw Unreadable(reason: code == ELOOP && !followingLinks ? "a symbolic link" : String(cString: strerror(code)),
                             missing: code == ENOENT)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Unreadable(reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Unreadable(reason: "not a regular file (\(kind(info.st_mode)))") }
        guard info.st_size <= limit else { throw tooLarge(Int(info.st_size), limit) }
        // One byte more than the limit: a file that grew since fstat is caught here.
        var buffer = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < buffer.count {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Unreadable(reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            count += n
            if count == buffer.count && count <= limit { buffer += [UInt8](repeating: 0, count: min(64 << 10, limit + 1 - count)) }
        }
        guard count <= limit else { throw tooLarge(count, limit) }
        return Array(buffer[..<count])
    }

    /// The file at `path` as UTF-8 text, read as `bytes(_:limit:)` reads it.
    public static func text(_ path: String, limit: Int) throws(Unreadable) -> String {
        guard let text = String(validating: try bytes(path, limit: limit), as: UTF8.self) else {
            throw Unreadable(reason: "not UTF-8 text")
        }
        return text
    }

    /// The file at `path` as UTF-8 text, within `ReadLimits.fileBytes`; nil when it cannot be read.
    public static func text(_ path: String) -> String? {
        try? text(path, limit: ReadLimits.fileBytes)
    }

    /// The names in the directory at `path` (`readdir(3)`), without `.` and `..`, in no set
    /// order; empty when it cannot be read.
    public static func names(in path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func tooLarge(_ size: Int, _ limit: Int) -> Unreadable {
        Unreadable(reason: "\(size) bytes, more than the \(limit) a file may have")
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }
}
