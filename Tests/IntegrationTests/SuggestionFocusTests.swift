import ClavierTestSupport
import Foundation
import Testing

/// What the focus watch tells the suggestions, with a real GTK 3 window on a private
/// accessibility bus: a password entry's text is never learned, and a prose entry's first
/// letter gets a latched Shift.
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send")) struct SuggestionFocusTests {
    /// Every file the keyboard keeps under `state`, read as text (whatever the model's format).
    static func kept(in session: KeyboardSession) -> String {
        let state = session.directory.appendingPathComponent("state").path
        guard let walker = FileManager.default.enumerator(atPath: state) else { return "" }
        var all = ""
        for case let path as String in walker {
            if let data = FileManager.default.contents(atPath: state + "/" + path) { all += String(decoding: data, as: UTF8.self) }
        }
        return all
    }

    @Test func aPasswordIsNeverLearnedAndAProseEntryStartsWithACapital() throws {
        let s = try FocusSession(.gtk3, arguments: ["--no-sound", "--auto-show"])
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)")
        try s.focus("password-1")
        #expect(Harness.waitFor(10) { s.session.errors.contains("(password)") }, "the watch did not say password; \(s.said)")
        try s.session.tap(["z", "y", "x", "w", "v", "q", "return"])
        try s.focus("entry-1")
        #expect(Harness.waitFor(10) { s.session.errors.contains("(prose)") }, "the watch did not say prose; \(s.said)")
        try s.session.tap(["p", "l", "u", "m", "b", "o", "u", "s", "return"])
        try FocusProbe.focus("dump-1", controlFile: s.control)
        #expect(Harness.waitFor(10) { TextFile.read(s.probeLog)?.contains("text Plumbous|zyxwvq") == true },
                "the entries do not hold what was typed; \(s.said)")
        #expect(s.session.stopKeyboard() == 0)
        let kept = Self.kept(in: s.session)
        #expect(kept.lowercased().contains("plumbous"), "the prose entry's word was not learned: \(kept.prefix(400))")
        #expect(!kept.contains("zyxwvq"), "the password was learned")
        #expect(!s.session.errors.contains("zyxwvq") && !s.session.errors.contains("lumbous"), "typed text in the log")
    }
}
