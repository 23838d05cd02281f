import ClavierTestSupport
import CX11
import Foundation
import Testing

@Suite(.serialized, .needsDisplay) struct ModifierTests {
    /// Ctrl latched on the keyboard, then c, interrupts the command running in xterm.
    @Test func ctrlCInterruptsTheRunningCommand() throws {
        let dir = TemporaryDirectory()
        let status = dir.file("status")
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
        let session = try KeyboardSession(windowManager: false)
        let before = session.server.keymapDump
        try session.tap(["page-numbers", "page-symbols", "€", "page-letters", "shift"])
        try session.press("h", pause: 50_000)  // typed on press: no alternates
        #expect(session.stopKeyboard() == 0)
        session.server.button(down: false, pause: 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
        #expect(session.server.keymapDump == before, "the keymap was left changed")
    }
}

@Suite(.serialized, .needsDisplay) struct KeyRepeatIntegrationTests {
    /// Holding a key repeats it at the server's rate, and the repeat stops on release.
    @Test func holdingAKeyRepeatsUntilRelease() throws {
        // Raw mode: every character reaches the file at once, no Return needed.
        let session = try KeyboardSession(windowManager: false, shellCommand: "stty -echo raw; exec cat > 'OUTPUT'")
        let server = session.server
        // Server repeat: 200 ms delay, 50 ms interval; clavier reads it at start, so restart it.
        XkbSetAutoRepeatRate(server.connection, UInt32(XkbUseCoreKbd), 200, 50)
        XSync(server.connection, 0)
        _ = session.stopKeyboard()
        try session.startKeyboard()
        // f: a key without alternates (a, e, d … offer theirs when held instead of repeating).
        try session.press("f", pause: 700_000)
        server.button(down: false, pause: 100_000)
        let atRelease = session.received.count
        usleep(400_000)
        let later = session.received
        #expect(later.allSatisfy { $0 == "f" }, "received \(later.debugDescription)")
        // 1 press + about (700 - 200) / 50 = 10 repeats; generous bounds for a loaded machine.
        #expect(atRelease >= 5 && atRelease <= 14, "received \(atRelease) f's in 700 ms")
        #expect(later.count == atRelease, "typing went on after the release")
    }
}

@Suite(.serialized, .needsDisplay) struct LiveLabelTests {
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
    /// right of Tab types й and the one right of х types ъ.
    @Test func labelsAndTypingFollowTheLiveKeymap() throws {
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
        try session.tap(["ad01", "ad12", "return"])
        #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") })
        #expect(session.received == "yzöйъ\n", "clavier said: \(session.errors)")
        #expect(server.group == 1, "clavier switched the group")
    }
}

@Suite(.serialized, .needsDisplay) struct ManyClicksTests {
    /// Three hundred clicks on the on-screen keys of `us` under a de keymap — letters with
    /// latched and locked Shift, digits, and symbols that need AltGr or a borrowed keycode —
    /// arrive exactly, and leave nothing held and the keymap as it was.
    @Test func threeHundredClicksArriveExactly() throws {
        let session = try KeyboardSession(windowManager: false, layout: "de")
        let before = session.server.keymapDump
        var taps: [String] = []
        var expected = ""
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let letters = Array("qwertyuiopasdfghjklzxcvbnm").map(String.init)
        let numbers = Array("1234567890-/:;()$&@\".,?!'").map(String.init)
        let symbols = Array("[]{}#%^*+=_\\|~<>€£¥•").map(String.init)
        /// Taps `count` keys drawn from `pool` between the taps `before` and `after`; each types `typed(key)`.
        func draw(_ count: Int, from pool: [String], between before: [String], and after: [String],
                  typing typed: (String) -> String = { $0 }) {
            taps += before
            for _ in 0..<count {
                let key = pool[next(pool.count)]
                taps.append(key)
                expected += typed(key)
            }
            taps += after
        }
        while taps.count < 300 {
            switch next(10) {
            case 0:  // one capital through latched Shift
                draw(1, from: letters, between: ["shift"], and: [], typing: { $0.uppercased() })
            case 1:  // Shift locked by a double tap for a few letters, then unlocked
                draw(3, from: letters, between: ["shift", "shift"], and: ["shift"], typing: { $0.uppercased() })
            case 2, 3:
                draw(2, from: numbers, between: ["page-numbers"], and: ["page-letters"])
            case 4:
                draw(2, from: symbols, between: ["page-numbers", "page-symbols"], and: ["page-letters"])
            case 5:
                taps.append("space")
                expected += " "
            default:
                draw(1, from: letters, between: [], and: [])
            }
        }
        try session.tap(taps + ["return"])
        #expect(Harness.waitFor(20) { session.received.hasSuffix("\n") })
        if let difference = firstDifference(sent: expected + "\n", received: session.received) { Issue.record("\(difference)") }
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty)
        #expect(session.server.keymapDump == before)
    }
}

@Suite(.serialized, .needsDisplay) struct ConnectionLossTests {
    /// When the X server drops clavier's connection (XKillClient, as xkill does) right after
    /// it borrowed a keycode, clavier exits 1 and the keymap is as it was.
    @Test func aKilledConnectionStillRestoresTheKeymap() throws {
        let session = try KeyboardSession(windowManager: false)
        let server = session.server
        let before = server.keymapDump
        try session.tap(["page-numbers", "page-symbols", "€"])
        #expect(server.keymapDump != before, "typing € should have borrowed a keycode")
        XKillClient(server.connection, session.keyboardWindow)
        XSync(server.connection, 0)
        #expect(session.clavier.wait(seconds: 10) == 1)
        #expect(session.errors.contains("the connection to the X server is gone"))
        #expect(server.keymapDump == before, "the borrowed keycode was not given back; clavier said: \(session.errors)")
        #expect(server.heldKeycodes.isEmpty)
    }
}
