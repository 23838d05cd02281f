import ClavierTestSupport
import Foundation
import Testing

/// What the focus watch tells the suggestions, with a real GTK 3 window on a private
/// accessibility bus: a password entry's text is never learned, and a prose entry's first
/// letter gets a latched Shift, as does a sentence's after a quote opened.
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
        // A sentence also starts inside the quote opened after a full stop: Shift again there.
        try s.session.tap(["p", "l", "u", "m", "b", "o", "u", "s", "page-numbers", ".", "space", "\"", "page-letters", "w", "return"])
        try FocusProbe.focus("dump-1", controlFile: s.control)
        #expect(Harness.waitFor(10) { TextFile.read(s.probeLog)?.contains("text Plumbous. \"W|zyxwvq") == true },
                "the entries do not hold what was typed; \(s.said)")
        #expect(s.session.stopKeyboard() == 0)
        let kept = Self.kept(in: s.session)
        #expect(kept.lowercased().contains("plumbous"), "the prose entry's word was not learned: \(kept.prefix(400))")
        #expect(!kept.contains("zyxwvq"), "the password was learned")
        #expect(!s.session.errors.contains("zyxwvq") && !s.session.errors.contains("lumbous"), "typed text in the log")
    }
}

/// A flood of focus events (issue 23, item 10): the keyboard takes the latest report only,
/// stays answering and typing all along, and ends where the focus ended.
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send")) struct FocusFloodTests {
    /// The focus changes each report said it stood for, from the debug log's `N change(s)`.
    static func reports(in log: String) -> [Int] {
        log.split(separator: "\n").compactMap { line in
            guard line.contains("auto-show: "), line.hasSuffix(" change(s)") else { return nil }
            return Int(line.dropLast(" change(s)".count).split(separator: " ").last ?? "")
        }
    }

    @Test func aFloodOfFocusEventsEndsWhereTheFocusEndsAndTheKeyboardKeepsAnswering() throws {
        let s = try FocusSession(.gtk3, arguments: ["--no-sound", "--auto-show"])
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)")
        try s.focus("entry-1")
        #expect(Harness.waitFor(10) { s.session.errors.contains("(prose)") }, "\(s.said)")
        try FocusProbe.focus("flood-1-3000", controlFile: s.control)
        var answered = 0
        while TextFile.read(s.probeLog)?.contains("flooded 3000") != true, answered < 600 {
            if s.status() == "visible" || s.status() == "hidden" { answered += 1 }
        }
        #expect(TextFile.read(s.probeLog)?.contains("flooded 3000") == true, "the flood did not end; \(s.said)")
        #expect(answered > 0, "clavier status went unanswered during the flood")
        // The flood ends on the entry: the last report says so, the keyboard is shown, and a
        // key typed goes to it (a capital first when the watch could read the entry's empty
        // text during the flood; without it, the field's start is unknown and no Shift is set).
        #expect(Harness.waitFor(10) {
            s.session.errors.split(separator: "\n").last { $0.contains("auto-show: ") }?.contains("textField (prose)") == true
        }, "\(s.said)")
        #expect(Harness.waitFor(10) { s.status() == "visible" }, "\(s.said)")
        try s.session.tap(["o", "k"])
        // Asked again until it holds them: after the flood GTK may read the keys after a first ask.
        #expect(s.waitForText { $0.hasPrefix("Ok|") || $0.hasPrefix("ok|") }, "\(s.said)")
        let reports = Self.reports(in: s.session.errors)
        let changes = reports.reduce(0, +)
        // Every change is counted in some report, and no report stands for none.
        #expect(changes >= 2 && !reports.contains(0), "\(reports.count) reports for \(changes) changes")
        print("focus flood: 3000 moves, \(changes) focus changes reported in \(reports.count) reports")
        #expect(s.session.stopKeyboard() == 0)
    }
}
