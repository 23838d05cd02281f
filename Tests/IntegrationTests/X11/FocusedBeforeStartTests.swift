import ClavierTestSupport
import Foundation
import Testing

/// A field that has the focus before the keyboard starts (issue 34, item 1), with a real GTK 3
/// window on a private accessibility bus: a keyring, polkit or lock prompt is up before the
/// autostarted keyboard. The focus watch hears focus changes only; it asks who has the focus
/// as it starts, so a password entry focused first is private from the first key (never
/// learned, no pressed key painted, no preview), and again when the keyboard is shown; a prose
/// entry (GTK 3's or Qt 5's) learns and starts its sentence with a capital as one focused later does.
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send")) struct FocusedBeforeStartTests {
    @Test func aPasswordFocusedBeforeTheKeyboardStartsIsNeverLearnedPaintedNorPreviewed() throws {
        let s = try FocusSession(.gtk3, arguments: ["--no-sound", "--auto-show", "--preview", "always"], focused: "password-0")
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)")
        #expect(Harness.waitFor(10) { s.session.errors.contains("(password)") }, "the watch did not say password; \(s.said)")
        try s.session.tap(["z", "y", "x", "w", "v", "q", "space"])
        let held = try FieldKeysIntegrationTests.pixelsChangedByHolding("k", in: s)
        try s.session.tap(["return"])
        try FocusProbe.focus("dump-1", controlFile: s.control)
        #expect(Harness.waitFor(10) { TextFile.read(s.probeLog)?.contains("text |zyxwvq k|") == true },
                "the password entry does not hold what was typed; \(s.said)")
        #expect(held == 0, "holding k in the password entry changed \(held) pixels (1000000: a preview)")
        // Shown again, the keyboard asks again: the focus may have moved unheard while it was hidden.
        let answers = { s.session.errors.components(separatedBy: "(password), as asked").count - 1 }
        let before = answers()
        #expect(try s.clavier("hide").status == 0 && s.clavier("show").status == 0)
        #expect(Harness.waitFor(10) { answers() == before + 1 }, "the watch did not answer again after the show; \(s.said)")
        #expect(s.session.stopKeyboard() == 0)
        let kept = SuggestionFocusTests.kept(in: s.session)
        #expect(!kept.contains("zyxwvq"), "the password was learned")
        #expect(!s.session.errors.contains("zyxwvq"), "typed text in the log")
    }

    @Test(arguments: FocusProbe.Toolkit.allCases)
    func aProseEntryFocusedBeforeTheKeyboardStartsIsLearnedAndStartsWithACapital(toolkit: FocusProbe.Toolkit) throws {
        let s = try FocusSession(toolkit, arguments: ["--no-sound", "--auto-show"], focused: "entry-0")
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)")
        #expect(Harness.waitFor(10) { s.session.errors.contains("(prose)") }, "the watch did not say prose; \(s.said)")
        try s.session.tap(["p", "l", "u", "m", "b", "o", "u", "s", "return"])
        try FocusProbe.focus("dump-1", controlFile: s.control)
        #expect(Harness.waitFor(10) { TextFile.read(s.probeLog)?.contains("text Plumbous") == true },
                "the entry does not hold what was typed, with a capital; \(s.said)")
        #expect(s.session.stopKeyboard() == 0)
        let kept = SuggestionFocusTests.kept(in: s.session)
        #expect(kept.lowercased().contains("plumbous"), "the entry's word was not learned: \(kept.prefix(400))")
        #expect(!s.session.errors.contains("lumbous"), "typed text in the log")
    }
}
