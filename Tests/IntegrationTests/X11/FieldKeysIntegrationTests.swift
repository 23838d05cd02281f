import ClavierTestSupport
import Foundation
import Testing

/// The right keys for each field (issue 27, part 4), with a real GTK 3 window on a private
/// accessibility bus: a spin button turns the keyboard to the numbers page and its digits go
/// in; a password entry shows the letters, with no pressed key painted and no preview; an
/// entry again shows the letters, pressed keys painted.
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send")) struct FieldKeysIntegrationTests {
    /// How many pixels of the keyboard differ between a key held down and after its release.
    static func pixelsChangedByHolding(_ id: String, in s: FocusSession) throws -> Int {
        let server = s.session.server
        try s.session.press(id)
        let held = server.pixels(of: s.session.keyboardWindow)?.data ?? []
        let previewShown = server.windows(named: "Clavier preview").contains { server.frame(of: $0).viewable }
        server.button(down: false)
        usleep(300_000)
        let released = server.pixels(of: s.session.keyboardWindow)?.data ?? []
        guard held.count == released.count, !held.isEmpty else { return -1 }
        return zip(held, released).filter { $0 != $1 }.count + (previewShown ? 1_000_000 : 0)
    }

    @Test func aSpinButtonGetsTheNumbersAPasswordNoPressedKeysAnEntryTheLetters() throws {
        let s = try FocusSession(.gtk3, arguments: ["--no-sound", "--auto-show", "--preview", "always"])
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)")
        try s.focus("spin-1", kind: "number", shows: "us/numbers")
        try s.session.tap(["4", "2"], startingOn: "numbers")
        // The digits are in before the focus moves: a click openbox still holds when the focus
        // moves by the probe's hand (not by a click) would land on the next field's keys.
        #expect(s.waitForText { $0.hasSuffix("|42") }, "the spin button does not hold 42; \(s.said)")

        try s.focus("password-1", kind: "password", shows: "us/letters")
        try s.session.tap(["s", "e", "c"])
        let inPassword = try Self.pixelsChangedByHolding("k", in: s)

        try s.focus("entry-1")
        #expect(Harness.waitFor(10) { s.session.errors.contains("(prose)") }, "the watch did not say prose; \(s.said)")
        #expect(s.shown() == "us/letters")
        let inEntry = try Self.pixelsChangedByHolding("o", in: s)

        try FocusProbe.focus("dump-1", controlFile: s.control)
        #expect(Harness.waitFor(10) { TextFile.read(s.probeLog)?.contains("text O|seck|42") == true },
                "the fields do not hold what was typed; \(s.said)")
        #expect(inPassword == 0, "holding k in the password field changed \(inPassword) pixels (1000000: a preview)")
        #expect(inEntry > 0, "holding o in the entry changed nothing: the test cannot see a pressed key")
        #expect(s.session.stopKeyboard() == 0)
    }

    /// A config rule maps a field's kind to a layout: the spin button gets the phone pad, whose
    /// digits go in, and the entry after it the keyboard's own layout again.
    @Test func aPurposeRuleGivesTheSpinButtonThePhonePad() throws {
        let config = "rules:\n  - field: number\n    layout: phone\n"
        let s = try FocusSession(.gtk3, arguments: ["--no-sound", "--auto-show"], config: config)
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)")
        try s.focus("spin-1")
        #expect(Harness.waitFor(10) { s.shown() == "phone/digits" }, "\(s.shown()); \(s.said)")
        s.session.geometryArguments = ["--layout", "phone", "--suggestions", "0"]
        try s.session.tap(["7", "0"], startingOn: "digits")
        #expect(s.waitForText { $0.hasSuffix("|70") }, "the spin button does not hold 70; \(s.said)")
        try s.focus("entry-1")
        #expect(Harness.waitFor(10) { s.shown() == "us/letters" }, "\(s.shown()); \(s.said)")
        try FocusProbe.focus("dump-1", controlFile: s.control)
        #expect(Harness.waitFor(10) { TextFile.read(s.probeLog)?.contains("text ||70") == true },
                "the spin button does not hold what was typed; \(s.said)")
        #expect(s.session.stopKeyboard() == 0)
    }
}
