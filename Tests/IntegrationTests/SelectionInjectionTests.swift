import ClavierTestSupport
import Foundation
import Testing

extension AccessoryBarIntegrationTests {
    /// PRIMARY is whatever any X client put there: a selection of several lines (which would
    /// run a command in a focused terminal) is never typed; only the pair is.
    @Test func aSelectionWithANewlineIsNotTyped() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: Self.arguments)
        let code = try centre(of: "code", in: session)
        do {
            let owner = try SelectionOwner(display: session.server.display, text: "x\necho INJECTED > file\n")
            session.server.click(x: code.x, y: code.y)
            #expect(owner.serve(for: 1) == 1, "clavier did not ask for PRIMARY; it said: \(session.errors)")
        }
        try session.tap(["return"])
        #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") },
                "xterm received \(session.received.debugDescription); clavier said: \(session.errors)")
        #expect(session.received == "``\u{1B}[D\n", "clavier said: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
    }
}
