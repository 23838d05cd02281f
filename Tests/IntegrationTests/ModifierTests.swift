import CX11
import Foundation
import Testing

@Suite(.serialized) struct ModifierTests {
    /// Ctrl latched on the keyboard, then c, interrupts the command running in xterm.
    @Test func ctrlCInterruptsTheRunningCommand() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let status = dir.appendingPathComponent("status").path
        // The shell's trap runs once cat has been killed by SIGINT.
        let command = "stty -echo; trap 'echo interrupted > \(status)' INT; cat > 'OUTPUT'"
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "terminal"],
                                          shellCommand: command)
        try session.tap(["h", "i", "return", "ctrl", "c"])
        let interrupted = Harness.waitFor(10) {
            (try? String(contentsOfFile: status, encoding: .utf8)) == "interrupted\n"
        }
        #expect(interrupted, "Ctrl+C did not interrupt cat; clavier said: \(session.errors)")
        #expect(session.received == "hi\n")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
    }

    /// Latched Shift types one capital, locked Shift types capitals until tapped again, and
    /// AltGr characters of a de keymap arrive from the us layout's symbol keys.
    @Test func shiftLatchLockAndAltGrCharactersOfDe() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let session = try KeyboardSession(windowManager: false, layout: "de")
        let before = session.server.keymapDump
        try session.tap(["shift", "a", "b", "shift", "shift", "c", "d", "shift", "e"])
        try session.tap(["page-numbers", "@", "page-symbols", "{", "[", "]", "}", "\\", "|", "~", "€",
                         "page-letters", "return"])
        #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") })
        #expect(session.received == "AbCDe@{[]}\\|~€\n", "clavier said: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty)
        #expect(session.server.keymapDump == before)
    }

    /// SIGTERM while Shift is latched and a key is held down leaves nothing held and the
    /// keymap as it was.
    @Test func sigtermWithShiftLatchedAndAKeyHeld() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let session = try KeyboardSession(windowManager: false)
        let before = session.server.keymapDump
        try session.tap(["page-numbers", "page-symbols", "€", "page-letters", "shift"])
        let g = try session.geometry(page: "letters")["g"]!
        let f = session.server.frame(of: session.keyboardWindow)
        XTestFakeMotionEvent(session.server.connection, 0, Int32(f.x + g.x + g.width / 2), Int32(f.y + g.y + g.height / 2), 0)
        XTestFakeButtonEvent(session.server.connection, 1, 1, 0)
        XSync(session.server.connection, 0)
        usleep(50_000)
        #expect(session.stopKeyboard() == 0)
        XTestFakeButtonEvent(session.server.connection, 1, 0, 0)
        XSync(session.server.connection, 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
        #expect(session.server.keymapDump == before, "the keymap was left changed")
    }
}
