import ClavierTestSupport
import Foundation
import Testing

/// The space bar as a cursor through the real keyboard: the mouse's button held on space and
/// moved sideways with XTest types Left or Right into xterm (`ESC [ D`, `ESC [ C`), no space.
@Suite(.serialized, .needsDisplay, .needsClavier) struct SpaceBarTests {
    @Test func aDragLeftOnSpaceMovesTheCaretAndTypesNoSpace() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"])
        try session.tap(["a", "b", "c"])
        let keys = try session.geometry(page: "letters")
        let space = try #require(keys["space"]), letter = try #require(keys["a"])
        let f = session.server.frame(of: session.keyboardWindow)
        let start = (x: f.x + space.midX, y: f.y + space.midY)
        // Three quarters of a key to the left: two thirds of a key crossed, two Lefts.
        GlideTests.drag(through: [start, (x: start.x - letter.width * 3 / 4, y: start.y)], in: session)
        try session.tap(["x", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        // cat reads what the terminal's line discipline kept: a space typed and taken back
        // would be erased there, but the Lefts arrive as xterm sends them.
        #expect(session.received == "abc\u{1B}[D\u{1B}[Dx\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
    }
}
