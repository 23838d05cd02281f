import ClavierTestSupport
import Foundation
import Testing

/// Autocorrection through the real keyboard beside a real xterm (issue 36). xterm has no
/// accessibility bus, so its field is unknown: `--autocorrect always` corrects there, the
/// default (`prose`) does not. The slip is "the" typed with its last tap on w, near w's edge
/// by e: where the tap landed says e was meant, and Return ends the word.
@Suite(.serialized, .needsDisplay) struct AutocorrectIntegrationTests {
    /// Clicks t and h at their centres and w near its edge by e, then `ending` (Return by
    /// default); what xterm got.
    static func typeTheSlip(_ session: KeyboardSession, ending: [String] = ["return"]) throws -> String {
        try tapTheSlip(session, ending: ending)
        _ = session.waitForLines(1)
        return session.received
    }

    /// Clicks t and h at their centres, w near its edge by e, then `ending`, in whatever has the focus.
    static func tapTheSlip(_ session: KeyboardSession, ending: [String]) throws {
        let keys = try session.geometry(page: "letters")
        let f = session.server.frame(of: session.keyboardWindow)
        let w = try #require(keys["w"]), e = try #require(keys["e"])
        #expect(w.x + w.width <= e.x + 2, "w is left of e")
        try session.tap(["t", "h"])
        session.server.click(x: f.x + w.x + w.width - max(2, w.width / 12), y: f.y + w.midY)
        // The bar is asked (and the correction made) as the letter is typed.
        usleep(300_000)
        try session.tap(ending)
    }

    static func started(_ arguments: [String]) throws -> KeyboardSession {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"] + arguments,
                                          environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(20) { session.errors.contains("made the word predictor for 'en'") }, "\(session.said)")
        return session
    }

    @Test func alwaysCorrectsASlipBesideXterm() throws {
        let session = try Self.started(["--autocorrect", "always"])
        #expect(Harness.waitFor(20) { session.errors.contains("made autocorrection's lexicon for 'en'") }, "\(session.said)")
        #expect(try Self.typeTheSlip(session) == "the\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }

    /// A space ends the word too; BackSpace right after types the letters back, and the
    /// space typed again leaves them.
    @Test func backSpaceRightAfterTheCorrectionTakesItBack() throws {
        let session = try Self.started(["--autocorrect", "always"])
        #expect(Harness.waitFor(20) { session.errors.contains("made autocorrection's lexicon for 'en'") }, "\(session.said)")
        #expect(try Self.typeTheSlip(session, ending: ["space", "backspace", "space", "return"]) == "thw \n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }

    @Test func byDefaultXtermGetsTheLettersTyped() throws {
        let session = try Self.started([])
        usleep(500_000)
        #expect(try Self.typeTheSlip(session) == "thw\n", "\(session.said)")
        #expect(!session.errors.contains("autocorrection's lexicon"), "prose mode made no lexicon beside xterm? \(session.said)")
        #expect(session.stopKeyboard() == 0)
    }
}
