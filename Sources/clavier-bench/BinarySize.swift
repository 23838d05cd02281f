import ClavierTestSupport
import Glibc

/// How large a program is on disk: its file, and the same file stripped of symbols and debug
/// information (`strip`), which is what a Debian package installs (the rest goes to -dbgsym).
struct BinarySize {
    var fileBytes: Double
    var strippedBytes: Double?

    /// The sizes of the program at `path`, or nil when there is no ELF file there (onboard's
    /// `/usr/bin/onboard` is a Python script: its size would say nothing of the program).
    static func measure(_ path: String) -> BinarySize? {
        var info = stat()
        guard stat(path, &info) == 0, isELF(path) else { return nil }
        var size = BinarySize(fileBytes: Double(info.st_size))
        let copy = "/tmp/clavier-bench-\(getpid())-stripped"
        defer { unlink(copy) }
        if let strip = Harness.which("strip"), let run = try? Harness.run([strip, "-o", copy, path], timeout: 120),
           run.status == 0, stat(copy, &info) == 0 {
            size.strippedBytes = Double(info.st_size)
        }
        return size
    }

    private static func isELF(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var magic = [UInt8](repeating: 0, count: 4)
        return read(fd, &magic, 4) == 4 && magic == [0x7F, 0x45, 0x4C, 0x46]
    }
}
