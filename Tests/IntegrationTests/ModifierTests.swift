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

@Suite(.serialized) struct KeyRepeatIntegrationTests {
    /// Holding a key repeats it at the server's rate, and the repeat stops on release.
    @Test func holdingAKeyRepeatsUntilRelease() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Raw mode: every character reaches the file at once, no Return needed.
        let session = try KeyboardSession(windowManager: false, shellCommand: "stty -echo raw; exec cat > 'OUTPUT'")
        let server = session.server
        // Server repeat: 200 ms delay, 50 ms interval; clavier reads it at start, so restart it.
        XkbSetAutoRepeatRate(server.connection, UInt32(XkbUseCoreKbd), 200, 50)
        XSync(server.connection, 0)
        _ = session.stopKeyboard()
        let again = try KeyboardSession.restartKeyboard(session)
        let a = try session.geometry(page: "letters")["a"]!
        let f = server.frame(of: again)
        XTestFakeMotionEvent(server.connection, 0, Int32(f.x + a.x + a.width / 2), Int32(f.y + a.y + a.height / 2), 0)
        XSync(server.connection, 0)
        usleep(20_000)
        XTestFakeButtonEvent(server.connection, 1, 1, 0)
        XSync(server.connection, 0)
        usleep(700_000)
        XTestFakeButtonEvent(server.connection, 1, 0, 0)
        XSync(server.connection, 0)
        usleep(100_000)
        let atRelease = session.received.count
        usleep(400_000)
        let later = session.received
        #expect(later.allSatisfy { $0 == "a" }, "received \(later.debugDescription)")
        // 1 press + about (700 - 200) / 50 = 10 repeats; generous bounds for a loaded machine.
        #expect(atRelease >= 5 && atRelease <= 14, "received \(atRelease) a's in 700 ms")
        #expect(later.count == atRelease, "typing went on after the release")
    }
}

@Suite(.serialized) struct LiveLabelTests {
    /// The pixels of one key of the running keyboard.
    func keyPixels(_ session: KeyboardSession, _ id: String) throws -> [UInt32] {
        let key = try #require(try session.geometry(page: "letters")[id])
        let all = try #require(session.server.pixels(of: session.keyboardWindow))
        var out: [UInt32] = []
        for y in key.y..<(key.y + key.height) {
            for x in key.x..<(key.x + key.width) { out.append(all.data[y * all.width + x]) }
        }
        return out
    }

    /// On the xkb layout, keys follow the live keymap: after `setxkbmap de` the key that
    /// showed y redraws and types z, and after switching to the ru group of us,ru the key
    /// right of Tab types й.
    @Test func labelsAndTypingFollowTheLiveKeymap() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "xkb"])
        let server = session.server
        let underUS = try keyPixels(session, "ad06")
        try session.tap(["ad06"])
        let setDE = try Harness.run(["setxkbmap", "-display", server.display, "de"])
        #expect(setDE.status == 0)
        let redrawn = try Harness.waitFor(5) { try keyPixels(session, "ad06") != underUS }
        #expect(redrawn, "the key at AD06 was not redrawn after setxkbmap de")
        try session.tap(["ad06", "ac10"])
        let setRU = try Harness.run(["setxkbmap", "-display", server.display, "-layout", "us,ru"])
        #expect(setRU.status == 0)
        XkbLockGroup(server.connection, UInt32(XkbUseCoreKbd), 1)
        XSync(server.connection, 0)
        let cyrillic = try Harness.waitFor(5) { try keyPixels(session, "ad06") != underUS }
        #expect(cyrillic)
        usleep(200_000)
        try session.tap(["ad01", "return"])
        #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") })
        #expect(session.received == "yzöй\n", "clavier said: \(session.errors)")
        #expect(server.group == 1, "clavier switched the group")
    }
}
