import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// Clavier on a real compositor with no X server at all: headless sway, clicks at the keys'
/// places through a virtual pointer, and what foot and a GTK 4 entry receive (issue 37).
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot"))
struct WaylandTypingTests {
    @Test func itDocksWithItsHeightReservedAndTypesExactlyIntoFoot() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start()
        let place = try session.status().geometry
        #expect(place.width == 1280 && place.y + place.height == 800, "docked at \(place)")
        // sway offers input-method-v2: text through it (status --json says so).
        #expect(try session.status().typing == "input-method-v2")
        // Windows are laid out above it: the workspace lost its height, foot fits above it.
        #expect(Harness.waitFor(5) { (try? sway.workspaceRect())?.height == 800 - place.height }, "workspace \((try? sway.workspaceRect()).map { "\($0)" } ?? "?")")
        #expect(try sway.waitForFocus(appID: foot.appID).rect.height == 800 - place.height, "foot kept the focus")
        try session.tap(["h", "i", "shift", "w", "page-numbers", "page-symbols", "€", "page-letters", "backspace"])
        // An emoji, on the emoji layout: no keymap has it.
        _ = try session.command(["layout", "emoji"])
        #expect(Harness.waitFor(5) { (try? session.status().layout) == "emoji" })
        try session.tap(["1f600"], startingOn: "frequent", layout: "emoji")
        _ = try session.command(["layout", "us"])
        #expect(Harness.waitFor(5) { (try? session.status().layout) == "us" })
        try session.tap(["return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "hiW€\u{7F}😀\r", "clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }

    @Test func aGlideTypesTheWord() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start()
        try session.glide("there")
        try session.tap(["return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription)")
        // A glide that starts slowly types its first letter, taken back as the glide goes on.
        #expect(foot.received.hasSuffix("there\r"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }

    @Test func itTypesIntoAGTK4EntryAndHidesAndShowsOnCall() throws {
        let sway = try HeadlessSway()
        let entry = try GTK4Entry(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start()
        // A prose field: the sentence starts with a latched Shift (auto-capitalize), as with the focus watch on X.
        try session.tap(["h", "e", "l", "l", "o", "backspace", "page-numbers", "page-symbols", "€"])
        #expect(entry.waitFor(text: "Hell€"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        _ = try session.command(["hide"])
        #expect(Harness.waitFor(5) { (try? sway.workspaceRect())?.height == 800 }, "the zone stayed reserved after hide")
        #expect(try session.status().visible == false)
        _ = try session.command(["show"])
        #expect(Harness.waitFor(5) { (try? sway.workspaceRect())?.height ?? 800 < 800 }, "no zone after show")
        try session.tap(["!"], startingOn: "symbols")
        #expect(entry.waitFor(text: "Hell€!"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }

    /// The sentence rule is the one seam's (TypingContext), so Wayland reads it as X does: a
    /// sentence starts inside a quote opened after a full stop.
    @Test func aSentenceStartsInsideAQuoteOpenedAfterAFullStop() throws {
        let sway = try HeadlessSway()
        let entry = try GTK4Entry(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start()
        try session.tap(["o", "k", "page-numbers", ".", "space", "\"", "page-letters", "w"])
        #expect(entry.waitFor(text: "Ok. \"W"), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }

    /// input-method-v2 gives the field's text before the caret: the bar completes a word the
    /// keyboard never saw typed (wtype typed it), and taking the completion finishes it.
    @Test(.needs("wtype")) func theSuggestionsFollowTheFieldsText() throws {
        let sway = try HeadlessSway()
        let entry = try GTK4Entry(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        // The model loads on its own thread: on a busy machine it may come after the text.
        #expect(Harness.waitFor(20) { session.errors.contains("made the word predictor for 'en'") }, "\(session.errors)")
        let typed = try sway.run(["wtype", "-s", "100", "Thank you very mu"])
        #expect(typed.status == 0, "wtype: \(typed.err)")
        #expect(entry.waitFor(text: "Thank you very mu"), "the entry holds \(entry.text.debugDescription)")
        // The field's text reaches the keyboard through the compositor, and the bar follows on
        // its next turn: 0.3 s was once too little under a full run's load.
        usleep(1_000_000)
        try session.tap(["completion-0"])
        // Which word comes first depends on which of the field's texts the bar saw on the way
        // (a word shown at "m" and not taken is not offered again at "mu"), so any word the
        // "mu" typed by wtype starts: the keyboard completed a word it never saw typed.
        #expect(Harness.waitFor(10) { Self.completesMu(entry.text) },
                "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }

    /// "Thank you very mu" completed by one word and a space.
    static func completesMu(_ text: String) -> Bool {
        guard text.hasPrefix("Thank you very mu"), text.hasSuffix(" ") else { return false }
        let rest = text.dropFirst("Thank you very mu".count).dropLast()
        return !rest.isEmpty && rest.allSatisfy(\.isLetter)
    }

    /// A password field (text-input-v3's purpose, through input-method-v2) learns nothing; the
    /// same word typed into a text field is learned, so the check can fail.
    @Test(arguments: GTK4Entry.Kind.allCases)
    func aPasswordFieldLearnsNothing(kind: GTK4Entry.Kind) throws {
        let sway = try HeadlessSway()
        let entry = try GTK4Entry(on: sway, kind: kind)
        let session = WaylandSession(sway: sway)
        try session.start()
        try session.tap(["z", "q", "x", "v", "b", "space"])
        // A text field is prose: its sentence starts with a capital (a password's never).
        let shown = kind == .text ? "Zqxvb " : "zqxvb "
        #expect(entry.waitFor(text: shown), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
        let predicted = try session.command(["predict"], input: "{\"before\": \"zqx\"}\n")
        #expect(predicted.status == 0, "clavier predict: \(predicted.err)")
        #expect(predicted.out.lowercased().contains("zqxvb") == (kind == .text), "\(kind): clavier predict says \(predicted.out)")
    }
}
