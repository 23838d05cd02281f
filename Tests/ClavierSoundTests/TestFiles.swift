import Glibc

/// The repository's Assets/sounds/click.wav, found from this source file's path.
let clickPath: String = {
    let components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    return (components.dropLast(3) + ["Assets", "sounds", "click.wav"]).joined(separator: "/")
}()

func readBytes(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 4096)
    while case let count = fread(&block, 1, block.count, file), count > 0 {
        bytes += block[..<count]
    }
    return bytes
}

func writeBytes(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb") else { preconditionFailure("cannot create \(path)") }
    precondition(fwrite(bytes, 1, bytes.count, file) == bytes.count, "short write to \(path)")
    fclose(file)
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : -1
}

/// Polls until `path` holds at least `size` bytes or `timeout` passes; returns the last size seen.
/// A correctness wait for a background thread, not a timing assertion.
func waitForSize(_ path: String, atLeast size: Int, timeout: Duration = .seconds(5)) -> Int {
    let deadline = ContinuousClock.now + timeout
    var seen = fileSize(path)
    while seen < size && ContinuousClock.now < deadline {
        usleep(1_000)
        seen = fileSize(path)
    }
    return seen
}

/// Little-endian bytes of 16-bit samples: what a S16_LE raw file holds.
func littleEndianBytes(_ samples: [Int16]) -> [UInt8] {
    samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
}

/// Where `actual` departs from `expected`, in words short enough for a test log; nil when equal.
func mismatch(_ actual: [UInt8]?, _ expected: [UInt8]) -> String? {
    guard let actual else { return "no file" }
    if actual == expected { return nil }
    let common = zip(actual, expected).prefix { $0 == $1 }.count
    return "\(actual.count) bytes, expected \(expected.count); first difference at byte \(common)"
}
