import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// Clavier as KDE Plasma's virtual keyboard (issue 49): a headless KWin starts it as its input
/// method (`--inputmethod`), clicks reach its keys through KWin's fake input, and a native GTK 4
/// entry (text-input-v3) gets exactly what the keys say: characters as input-method-v1 text
/// (any character, none needs KWin's keymap), the other keys through fake input.
@Suite(.serialized, .enabled(if: Harness.which("kwin_wayland") != nil, "kwin_wayland is not installed (tools/install-deps test installs it)"),
       .needs("kwin_wayland", "dbus-run-session", "setpriv"))
struct KWinTypingTests {
    @Test func itTypesExactlyIntoAGTK4EntryAsKWinsInputMethod() throws {
        let session = try KWinSession()
        let entry = try GTK4Entry(on: session.kwin)
        #expect(session.errors.contains("typing as KWin's input method"), "clavier said: \(session.errors)")
        #expect(try session.status().typing == "kwin-input-method")
        // A prose field: its sentence starts with a latched Shift; € is in no keymap of KWin's.
        try session.tap(["h", "i", "shift", "w", "x", "backspace", "page-numbers", "page-symbols", "€"])
        #expect(entry.waitFor(text: "HiW€"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        try session.tap(["return"], startingOn: "symbols")
        #expect(Harness.waitFor(5) { entry.activations == 1 }, "Return reached the entry \(entry.activations) times; clavier said: \(session.errors)")
        #expect(entry.text == "HiW€")
    }

    /// Ctrl+A selects the entry's text (through fake input: input-method-v1 cannot carry it), and
    /// the `pc` layout's keys go as keys: its x replaces the selection.
    @Test func ctrlAOnThePCLayoutSelectsAll() throws {
        let session = try KWinSession()
        let entry = try GTK4Entry(on: session.kwin)
        try session.tap(["q", "q"])
        #expect(entry.waitFor(text: "Qq"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        _ = try session.command(["layout", "pc"])
        #expect(Harness.waitFor(5) { (try? session.status().layout) == "pc" })
        try session.tap(["lctrl", "ac01", "ab02"], startingOn: "keys", layout: "pc")
        #expect(entry.waitFor(text: "x"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
    }

    /// A password field (its content purpose, through input-method-v1) learns nothing; the same
    /// word typed into a text field is learned, so the check can fail.
    @Test(arguments: GTK4Entry.Kind.allCases)
    func aPasswordFieldLearnsNothing(kind: GTK4Entry.Kind) throws {
        let session = try KWinSession()
        let entry = try GTK4Entry(on: session.kwin, kind: kind)
        try session.tap(["z", "q", "x", "v", "b", "space"])
        let shown = kind == .text ? "Zqxvb " : "zqxvb "
        #expect(entry.waitFor(text: shown), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        #expect(try session.quit(), "clavier did not quit")
        let predicted = try session.command(["predict"], input: "{\"before\": \"zqx\"}\n")
        #expect(predicted.status == 0, "clavier predict: \(predicted.err)")
        #expect(predicted.out.lowercased().contains("zqxvb") == (kind == .text), "\(kind): clavier predict says \(predicted.out)")
    }

    /// With `--auto-show` the keyboard follows KWin's activation: hidden when the entry goes
    /// (input-method-v1's deactivate), shown again when another takes the focus (activate).
    @Test func autoShowFollowsTheField() throws {
        let session = try KWinSession(["--no-sound", "--auto-show"])
        let first = try GTK4Entry(on: session.kwin)
        #expect(Harness.waitFor(10) { (try? session.status().visible) == true }, "clavier said: \(session.errors)")
        first.process.stop()
        #expect(Harness.waitFor(10) { (try? session.status().visible) == false }, "the field went, the keyboard stayed; clavier said: \(session.errors)")
        let second = try GTK4Entry(on: session.kwin, appID: "clavier-gtk4-second")
        #expect(Harness.waitFor(10) { (try? session.status().visible) == true }, "the field came, the keyboard stayed hidden; clavier said: \(session.errors)")
        try session.tap(["o", "k"])
        #expect(second.waitFor(text: "Ok"), "the entry holds \(second.text.debugDescription); clavier said: \(session.errors)")
    }

    /// input-method-v1 gives the field's text before the caret: the bar completes a word the
    /// keyboard never saw typed (the entry held it from the start).
    @Test func theSuggestionsFollowTheFieldsText() throws {
        let session = try KWinSession(["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(20) { session.errors.contains("made the word predictor for 'en'") }, "\(session.errors)")
        let entry = try GTK4Entry(on: session.kwin, text: "Thank you very mu")
        usleep(1_000_000)
        try session.tap(["completion-0"])
        // Completed by small letters: without the field's text the bar would offer a sentence's
        // first words, capitals ("Thank you very muI ").
        #expect(Harness.waitFor(10) { Self.completesMu(entry.text) },
                "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
    }

    /// "Thank you very mu" completed by small letters and a space.
    static func completesMu(_ text: String) -> Bool {
        guard text.hasPrefix("Thank you very mu"), text.hasSuffix(" ") else { return false }
        let rest = text.dropFirst("Thank you very mu".count).dropLast()
        return !rest.isEmpty && rest.allSatisfy { $0.isLetter && $0.isLowercase }
    }
}
