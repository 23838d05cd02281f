import Glibc

/// The lines of standard input (or any descriptor) for `clavier predict` and `clavier glide`,
/// read 64 kB at a time as `TextSource` reads `clavier type`'s text, each line at most
/// `maxBytes`: a longer one is read to its end and dropped, never held (`.tooLong`), so memory
/// stays bounded whatever comes, a 100 MB line or `/dev/zero`. A line ends at "\n" (a "\r"
/// before it is dropped too, as `readLine` drops it) or at the end of the input; bytes that
/// are no UTF-8 become U+FFFD.
package struct LineReader {
    package enum Line: Equatable {
        case text(String)
        case tooLong
    }

    /// 1 MB: a JSON request of a whole page of text before the caret is a few kB.
    package static let maxBytes = 1 << 20
    static let blockBytes = 65536

    private let fd: Int32
    private let maxBytes: Int
    private var block: [UInt8] = []
    private var position = 0
    private var line: [UInt8] = []
    /// Whether the line being read is already too long (its bytes are dropped as they come).
    private var skipping = false
    private var ended = false

    package init(fd: Int32 = 0, maxBytes: Int = LineReader.maxBytes) {
        self.fd = fd
        self.maxBytes = maxBytes
    }

    /// The next line, nil at the end of the input (or after a failed read).
    package mutating func next() -> Line? {
        while true {
            let newline = block[position...].firstIndex(of: UInt8(ascii: "\n"))
            let piece = block[position..<(newline ?? block.count)]
            position = newline.map { $0 + 1 } ?? block.count
            if !skipping {
                if line.count + piece.count > maxBytes + 1 {
                    skipping = true
                    line = []
                } else {
                    line += piece
                }
            }
            if newline != nil || (ended && (skipping || !line.isEmpty)) { return take() }
            if ended { return nil }
            fill()
        }
    }

    /// The line read to its end, and a fresh start for the next.
    private mutating func take() -> Line {
        defer {
            line = []
            skipping = false
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return skipping || line.count > maxBytes ? .tooLong : .text(String(decoding: line, as: UTF8.self))
    }

    private mutating func fill() {
        block = [UInt8](repeating: 0, count: Self.blockBytes)
        position = 0
        while true {
            let n = read(fd, &block, block.count)
            if n < 0 && errno == EINTR { continue }
            block.removeLast(block.count - max(n, 0))
            if n <= 0 { ended = true }
            return
        }
    }
}
