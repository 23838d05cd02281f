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

    /// The whole of the file at `path`; nil when it cannot be opened or read.
    public static func bytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(4096, Int(info.st_size) + 1))
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return result }
            result += chunk[..<n]
        }
    }

    /// The file at `path` as UTF-8 text; nil when it cannot be read or is not UTF-8.
    public static func text(_ path: String) -> String? {
        bytes(path).flatMap { String(validating: $0, as: UTF8.self) }
    }
}
