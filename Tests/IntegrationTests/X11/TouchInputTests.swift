import ClavierTestSupport
import Foundation
import Testing

/// The keyboard reads XInput 2.2 where the server has it (Xvfb does), and falls back to the
/// core pointer where it has not; either way a click types.
@Suite(.serialized, .needsDisplay) struct TouchInputTests {
    @Test(arguments: [false, true])
    func clicksTypeWithAndWithoutXInput2(withoutXI2: Bool) throws {
        // XI2 events travel in the Generic Event extension: without it there is no XI2.
        let session = try KeyboardSession(windowManager: false, environment: ["CLAVIER_LOG": "debug"],
                                          serverArguments: withoutXI2 ? ["-extension", "Generic Event Extension"] : [])
        let said = withoutXI2 ? "no XInput 2.2 on this server: core pointer events only" : "XInput 2.2: touches and buttons through XI2"
        #expect(session.errors.contains(said), "clavier said: \(session.errors)")
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(5) { session.received.hasSuffix("\n") }, "typed: \(session.received.debugDescription)")
        #expect(session.received == "hi\n", "clavier said: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
    }
}
