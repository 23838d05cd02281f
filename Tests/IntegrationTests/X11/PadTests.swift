import ClavierTestSupport
import Foundation
import Testing

/// The phone and PIN pads, typing into xterm through real clicks.
@Suite(.serialized, .needsDisplay) struct PadTests {
    @Test func typesAPhoneNumberOnThePhonePad() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "phone"],
                                          geometryArguments: ["--layout", "phone"])
        // "+1 (555) 010-4477, ext. 9" without spaces, with a slip corrected by backspace.
        try session.tap(["+", "1", "(", "5", "5", "5", ")", "0", "1", "0", "-", "4", "4", "7", "7", "8", "backspace",
                         ",", ".", "9", "return"], startingOn: "digits")
        #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") }, "xterm received \(session.received.debugDescription)")
        #expect(session.received == "+1(555)010-4477,.9\n", "clavier said: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
    }

    /// The running keyboard started with --seed deals the digits exactly as
    /// `clavier geometry --layout pin --seed` prints them, so the test can find each digit.
    @Test(arguments: [UInt64(1), 2024])
    func typesAPINOnTheShuffledPad(seed: UInt64) throws {
        let session = try KeyboardSession(windowManager: false,
                                          clavierArguments: ["--no-sound", "--layout", "pin", "--seed", "\(seed)"],
                                          geometryArguments: ["--layout", "pin", "--seed", "\(seed)"])
        let geometry = try session.geometry(page: "pin")
        try session.tap(["7", "3", "0", "9", "1", "delete", "5", "done"], startingOn: "pin")
        #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") }, "xterm received \(session.received.debugDescription)")
        #expect(session.received == "73095\n", "clavier said: \(session.errors)")
        #expect(geometry["delete"] != nil && geometry["done"] != nil)
        #expect(session.stopKeyboard() == 0)
    }
}
