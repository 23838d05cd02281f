import ClavierTestSupport
import Glibc
import Testing
@testable import ClavierApp

/// `clavier predict`'s and `clavier glide`'s lines: as `readLine` cut them, but none longer
/// than the bound is held.
@Suite struct LineReaderTests {
    /// The lines of `input` read with a bound of `maxBytes`.
    func lines(_ input: String, maxBytes: Int) throws -> [LineReader.Line] {
        let dir = TemporaryDirectory()
        try TextFile.write(dir.file("in"), input)
        let fd = open(dir.file("in"), O_RDONLY)
        defer { close(fd) }
        var reader = LineReader(fd: fd, maxBytes: maxBytes)
        var out: [LineReader.Line] = []
        while let line = reader.next() { out.append(line) }
        return out
    }

    @Test func linesAsReadLineCutsThem() throws {
        #expect(try lines("one\ntwo\r\n\nlast", maxBytes: 10) == [.text("one"), .text("two"), .text(""), .text("last")])
        #expect(try lines("one\n", maxBytes: 10) == [.text("one")])
        #expect(try lines("", maxBytes: 10) == [])
        #expect(try lines("été\n", maxBytes: 10) == [.text("été")])
    }

    /// A line of exactly the bound is read (a "\r" before its newline not counted); one byte
    /// more is dropped to its end, across blocks, and the lines after it are read as ever.
    @Test func aLineLongerThanTheBoundIsDroppedToItsEnd() throws {
        let bound = String(repeating: "x", count: 10)
        #expect(try lines(bound + "\n" + bound + "\r\n" + bound + "y\nnext\n", maxBytes: 10)
                == [.text(bound), .text(bound), .tooLong, .text("next")])
        let long = String(repeating: "z", count: 3 * LineReader.blockBytes + 5)
        #expect(try lines("a\n" + long + "\nb\n" + long, maxBytes: 100) == [.text("a"), .tooLong, .text("b"), .tooLong])
    }
}
