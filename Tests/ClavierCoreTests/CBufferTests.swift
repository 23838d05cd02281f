import ClavierCore
import Testing

struct CBufferTests {
    @Test func readsUpToTheFirstNul() {
        let bytes: [UInt8] = Array("Ω ok".utf8) + [0, 65, 66, 0]
        #expect(String(cBuffer: bytes.map { CChar(truncatingIfNeeded: $0) }) == "Ω ok")
    }

    @Test func aBufferWithoutNulIsReadWhole() {
        #expect(String(cBuffer: Array("abc".utf8).map { CChar(truncatingIfNeeded: $0) }) == "abc")
        #expect(String(cBuffer: []) == "")
    }

    @Test func invalidUTF8IsRepaired() {
        #expect(String(cBuffer: [CChar(truncatingIfNeeded: 0xFF), 65, 0]) == "\u{FFFD}A")
    }
}
