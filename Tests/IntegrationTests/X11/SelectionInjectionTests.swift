import Foundation
import Testing

extension AccessoryBarIntegrationTests {
    /// PRIMARY is whatever any X client put there: a selection of several lines (which would
    /// run a command in a focused terminal) is never typed; only the pair is.
    @Test func aSelectionWithANewlineIsNotTyped() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: Self.arguments)
        try click(try centre(of: "code", in: session), selecting: "x\necho INJECTED > file\n", in: session)
        try session.tap(["return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "``\u{1B}[D\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }
}
