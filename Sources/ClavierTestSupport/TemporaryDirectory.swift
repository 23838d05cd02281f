import Glibc

/// A fresh directory under `$TMPDIR` (else /tmp), made with `mkdtemp`, removed with all it
/// holds when it goes out of scope.
public struct TemporaryDirectory: ~Copyable {
    public let path: String

    public init() {
        self.init(prefix: "clavier-test", in: nil)
    }

    /// Made as `BASE/PREFIX-XXXXXX`, BASE being `base`, else `$TMPDIR`, else /tmp (HeadlessSway
    /// passes /tmp: its compositor's user could not reach a `$TMPDIR` private to root).
    public init(prefix: String, in base: String?) {
        let base = base ?? getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp in \(base) failed: \(String(cString: strerror(errno)))")
        path = String(cString: made!)
    }

    deinit { Self.remove(path) }

    /// Removes `path` and, when it is a directory, all it holds; links are removed, not followed.
    private static func remove(_ path: String) {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { remove(path + "/" + name) }
            }
            closedir(directory)
        }
        Glibc.remove(path)
    }

    /// The path of `name` (which may hold slashes) inside the directory.
    public func file(_ name: String) -> String { "\(path)/\(name)" }
}

/// Whole (small) text files, read and written with stdio.
public enum TextFile {
    /// The file's bytes as UTF-8 text, or nil when it cannot be opened.
    public static func read(_ path: String) -> String? {
        bytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file's bytes, or nil when it cannot be opened.
    public static func bytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 65536)
        while case let count = fread(&block, 1, block.count, file), count > 0 { bytes += block[..<count] }
        return bytes
    }

    /// Replaces the file's contents with `text`.
    public static func write(_ path: String, _ text: String) throws(HarnessError) {
        guard let file = fopen(path, "wb") else { throw HarnessError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw HarnessError("cannot write \(path)") }
    }
}
