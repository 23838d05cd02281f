import ClavierCore
import Testing
@testable import clavier

/// The bytes CFocusWatch writes, as the keyboard's loop reads them.
struct FocusWatchTests {
    @Test func eachByteIsAMessage() {
        let read = Array("rtolu".utf8).map(FocusWatch.Message.init(byte:))
        #expect(read == [.ready, .focus(.textField), .focus(.other), .focus(.textFieldLeft), .noBus])
        #expect(FocusWatch.Message(byte: 0) == nil && FocusWatch.Message(byte: UInt8(ascii: "x")) == nil)
    }
}
