import ClavierTestSupport
import CX11
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

    /// Issue 48: "thw " becomes "the " in xterm A; a program moves the focus to xterm B (no
    /// window manager: nothing says the active window changed); BackSpace is a plain one in B,
    /// never four BackSpaces and "thw" there, and A keeps "the ".
    @Test func backSpaceAfterTheFocusMovedToAnotherXtermIsAPlainOne() throws {
        let session = try Self.started(["--autocorrect", "always"])
        #expect(Harness.waitFor(20) { session.errors.contains("made autocorrection's lexicon for 'en'") }, "\(session.said)")
        let other = URL(fileURLWithPath: session.directory.appendingPathComponent("other.txt").path)
        _ = try session.server.start(["xterm", "-geometry", "40x4+700+10", "-title", "clavier-other", "-e",
                                      "sh", "-c", "stty -echo; exec cat > '\(other.path)'"],
                                     environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        let b = try #require(session.server.waitForWindow(named: "clavier-other"), "the second xterm did not appear")
        #expect(Harness.waitFor(10) { FileManager.default.fileExists(atPath: other.path) })
        session.server.setFocus(session.xtermWindow)
        try Self.tapTheSlip(session, ending: ["space"])
        usleep(300_000)
        session.server.setFocus(b)
        try session.tap(["backspace", "return"])
        let received = { (try? String(contentsOf: other, encoding: .utf8)) ?? "" }
        #expect(Harness.waitFor(10) { received().hasSuffix("\n") }, "B received \(received().debugDescription); \(session.said)")
        #expect(received() == "\n", "B received \(received().debugDescription), not one plain BackSpace; \(session.said)")
        session.server.setFocus(session.xtermWindow)
        try session.tap(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "the \n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }

    /// Issue 48: a key typed on a hardware keyboard after the correction (posted as coming from
    /// Xvfb's own keyboard device, HardwareKeysTests) changed the text: BackSpace erases that
    /// key, a plain one, and the correction stays.
    @Test func backSpaceAfterAHardwareKeyIsAPlainOne() throws {
        let session = try Self.started(["--autocorrect", "always"])
        #expect(Harness.waitFor(20) { session.errors.contains("made autocorrection's lexicon for 'en'") }, "\(session.said)")
        let server = session.server
        try Self.tapTheSlip(session, ending: ["space"])
        usleep(300_000)
        try HardwareKeysTests.press(UInt32(XKeysymToKeycode(server.connection, KeySym(0x78))),
                                    onDevice: try HardwareKeysTests.device(named: "Xvfb keyboard", server), server)
        // The raw key reaches the keyboard's side connection before the next click does.
        usleep(300_000)
        try session.tap(["backspace", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "the \n", "\(session.said)")
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
