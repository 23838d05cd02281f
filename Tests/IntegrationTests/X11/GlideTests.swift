import ClavierTestSupport
import CX11
import Foundation
import Testing

/// Glide typing through the real keyboard: the mouse's button held, moved through the key
/// centres with XTest, and let go, types whole words into xterm.
@Suite(.serialized, .needsDisplay, .needsClavier) struct GlideTests {
    /// Presses on the first letter of `word`, moves through the centres of the others in
    /// small steps (as a hand's motion events come), and lets go on the last.
    static func glide(_ word: String, in session: KeyboardSession) throws {
        let keys = try session.geometry(page: "letters")
        let f = session.server.frame(of: session.keyboardWindow)
        let centres = try word.map { letter in
            guard let key = keys[String(letter)] else { throw HarnessError("no key '\(letter)'") }
            return (x: f.x + key.midX, y: f.y + key.midY)
        }
        drag(through: centres, in: session)
    }

    /// Presses at the first of `centres` (screen pixels), moves through the others in small
    /// steps and lets go on the last.
    /// With `pressed`, the button is down already (at the first point).
    static func drag(through centres: [(x: Int, y: Int)], in session: KeyboardSession, pressed: Bool = false) {
        if !pressed {
            session.server.movePointer(x: centres[0].x, y: centres[0].y, pause: 10_000)
            session.server.button(down: true, pause: 10_000)
        }
        for (a, b) in zip(centres, centres.dropFirst()) {
            for step in 1...6 {
                session.server.movePointer(x: a.x + (b.x - a.x) * step / 6, y: a.y + (b.y - a.y) * step / 6, pause: 8_000)
            }
        }
        session.server.button(down: false, pause: 30_000)
    }

    @Test func glidedWordsArriveWholeWithASpaceBetween() throws {
        let session = try KeyboardSession(windowManager: false)
        let keymapBefore = session.server.keymapDump
        try Self.glide("hello", in: session)
        try Self.glide("world", in: session)
        try session.tap(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "hello world\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
        #expect(session.server.keymapDump == keymapBefore)
    }

    @Test func tapsAndADragOnOneKeyStillTypeLetters() throws {
        let session = try KeyboardSession(windowManager: false)
        try session.tap(["h", "i"])
        // A drag that stays inside one key is a tap of it.
        let key = try session.press("a", pause: 10_000)
        let f = session.server.frame(of: session.keyboardWindow)
        session.server.movePointer(x: f.x + key.midX + key.width / 5, y: f.y + key.midY + key.height / 5)
        session.server.button(down: false)
        // A glide after a word gets a space before it; a full stop typed next, none.
        try Self.glide("hello", in: session)
        try session.tap(["page-numbers", "."], startingOn: "letters")
        try session.tap(["return"], startingOn: "numbers")
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "hia hello.\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
    }

    @Test func anAlternativeOnTheBarReplacesTheWordGlided() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "markdown"])
        try Self.glide("hello", in: session)
        let cell = try #require(try session.printedGeometry().accessory?.first { $0.id == "completion-0" })
        let f = session.server.frame(of: session.keyboardWindow)
        session.server.click(x: f.x + cell.midX, y: f.y + cell.midY)
        try session.tap(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        // The glided word went whole (BackSpace over each letter) and another word took its place.
        let word = session.received.dropLast()
        #expect(!word.isEmpty && word != "hello" && word.allSatisfy(\.isLetter), "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
    }

    /// A word begun slowly on a key with alternates (`a` on us): the finger sets off on it and
    /// is still on it when the long press delay is over, then draws the word: no alternates.
    @Test func aSlowStartOnAKeyWithAlternatesStillGlides() throws {
        let session = try KeyboardSession(windowManager: false)
        let keys = try session.geometry(page: "letters")
        let f = session.server.frame(of: session.keyboardWindow)
        let a = try #require(keys["a"])
        session.server.movePointer(x: f.x + a.midX, y: f.y + a.midY, pause: 10_000)
        session.server.button(down: true, pause: 10_000)
        // 32 px in 800 ms, past the 500 ms delay, inside a.
        for step in 1...32 { session.server.movePointer(x: f.x + a.midX + step, y: f.y + a.midY, pause: 25_000) }
        let centres = try "are".map { letter in
            guard let key = keys[String(letter)] else { throw HarnessError("no key '\(letter)'") }
            return (x: f.x + key.midX, y: f.y + key.midY)
        }
        Self.drag(through: [(x: f.x + a.midX + 32, y: f.y + a.midY)] + centres.dropFirst(), in: session, pressed: true)
        try session.tap(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "are\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
    }

    @Test func glideOffTypesTheKeyUnderThePressAsBefore() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--glide", "off"])
        try Self.glide("hello", in: session)
        try session.tap(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        // Without glide typing a drag types its first key as it is pressed, and nothing more.
        #expect(session.received == "h\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }
}

/// Glide typing over the live keymap: the `xkb` layout under a German keymap glides German
/// words, through keys whose letters only the keymap gives (ö on AC10).
@Suite(.serialized, .needsDisplay, .needsClavier) struct GlideKeymapTests {
    @Test func xkbUnderGermanGlidesAGermanWord() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "xkb"], layout: "de")
        let keymapBefore = session.server.keymapDump
        let keys = try session.geometry(page: "letters")
        let f = session.server.frame(of: session.keyboardWindow)
        // s c h ö n under de: AC02 AB03 AC06 AC10 AB06.
        let centres = try ["ac02", "ab03", "ac06", "ac10", "ab06"].map { id in
            guard let key = keys[id] else { throw HarnessError("no key '\(id)'") }
            return (x: f.x + key.midX, y: f.y + key.midY)
        }
        GlideTests.drag(through: centres, in: session)
        try session.tap(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "schön\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
        #expect(session.server.keymapDump == keymapBefore)
    }
}
