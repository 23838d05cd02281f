import ClavierTestSupport
import CX11
import Foundation
import Testing

/// The suggestion bar of the default `us` layout beside a real xterm: a word learned at
/// Return is offered again after its first letters, taken by a click or by dwell, and a
/// comma right after it takes the suggestion's space back. The word is one no system model
/// knows, so the learned word is the only one that starts so; the letters are typed as
/// `zqx` and BackSpace, so the model's "left out what was shown a letter earlier" does not
/// apply to `zq` (it follows a longer text, not a shorter one).
@Suite(.serialized, .needsDisplay) struct SuggestionIntegrationTests {
    /// The centre of bar cell `id` (`completion-0`) on screen, as `clavier geometry` prints it.
    static func centre(of id: String, in session: KeyboardSession) throws -> (x: Int, y: Int) {
        let f = session.server.frame(of: session.keyboardWindow)
        let cells = try #require(try session.printedGeometry().accessory, "the us layout has no bar")
        let cell = try #require(cells.first { $0.id == id })
        return (f.x + cell.midX, f.y + cell.midY)
    }

    /// Types `word` and Return by clicks: the keyboard learns it at Return.
    static func teach(_ word: String, _ session: KeyboardSession) throws {
        try session.tap(word.map(String.init) + ["return"])
        #expect(session.waitForLines(1), "\(session.said)")
    }

    @Test func aSuggestionTakenByAClickTypesTheWordAndACommaTakesItsSpaceBack() throws {
        let session = try KeyboardSession(windowManager: false)
        try Self.teach("zqxvb", session)
        try session.tap(["z", "q", "x", "backspace"])
        usleep(300_000)
        let first = try Self.centre(of: "completion-0", in: session)
        session.server.click(x: first.x, y: first.y)
        try session.tap(["page-numbers", ",", "return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(session.received == "zqxvb\nzqxvb,\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }

    @Test func aSuggestionTakenByDwellTypesTheWordAndASpace() throws {
        let aid = try AidSession(["--dwell", "400"])
        let session = aid.session
        try Self.teach("zqxvb", session)
        try session.tap(["z", "q", "x", "backspace"])
        aid.parkPointer()
        usleep(300_000)
        let first = try Self.centre(of: "completion-0", in: session)
        aid.server.movePointer(x: first.x, y: first.y)
        // The dwell runs on the cell, and presses it: the bar then offers what follows, and
        // the cell under the pointer may be empty (idle).
        #expect(aid.waitForStatus("dwell:") { $0.hasPrefix("dwell: completion 0") }, "\(session.said)")
        #expect(aid.waitForStatus("dwell:") { $0 == "dwell: completion 0 done" || !$0.hasPrefix("dwell: completion 0") },
                "\(session.said)")
        aid.parkPointer()
        try session.tap(["return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(session.received == "zqxvb\nzqxvb \n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }

    @Test func withNoSuggestionsThereIsNoBar() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--suggestions", "0"])
        #expect(try session.printedGeometry().accessory == nil)
        try session.tap(["h", "i", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "hi\n")
    }

    /// The words follow the keymap's group: us is English, de German, and back.
    @Test func theLanguageFollowsTheKeymapsGroup() throws {
        let session = try KeyboardSession(windowManager: false, environment: ["CLAVIER_LOG": "debug"])
        let server = session.server
        #expect(Harness.waitFor(15) { session.errors.contains("made the word predictor for 'en'") }, "\(session.said)")
        let set = try Harness.run(["setxkbmap", "-display", server.display, "-layout", "us,de"])
        #expect(set.status == 0)
        XkbLockGroup(server.connection, UInt32(XkbUseCoreKbd), 1)
        XSync(server.connection, 0)
        #expect(Harness.waitFor(10) { session.errors.contains("suggestions in 'de', the keymap's language") }, "\(session.said)")
        XkbLockGroup(server.connection, UInt32(XkbUseCoreKbd), 0)
        XSync(server.connection, 0)
        #expect(Harness.waitFor(10) { session.errors.contains("suggestions in 'en', the keymap's language") }, "\(session.said)")
        try session.tap(["h", "i", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "hi\n")
        #expect(session.stopKeyboard() == 0)
    }

    /// The words follow a keymap set anew while the keyboard runs (`setxkbmap ru` after us, as a
    /// desktop's keyboard settings do): Russian, then English again after `setxkbmap us`.
    @Test func theLanguageFollowsAKeymapSetAnew() throws {
        let session = try KeyboardSession(windowManager: false, environment: ["CLAVIER_LOG": "debug"])
        let server = session.server
        #expect(Harness.waitFor(15) { session.errors.contains("made the word predictor for 'en'") }, "\(session.said)")
        #expect(try Harness.run(["setxkbmap", "-display", server.display, "ru"]).status == 0)
        #expect(Harness.waitFor(10) { session.errors.contains("suggestions in 'ru', the keymap's language") }, "\(session.said)")
        #expect(try Harness.run(["setxkbmap", "-display", server.display, "us"]).status == 0)
        #expect(Harness.waitFor(10) { session.errors.contains("suggestions in 'en', the keymap's language") }, "\(session.said)")
        try session.tap(["h", "i", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "hi\n")
        #expect(session.stopKeyboard() == 0)
    }

    /// On the xkb layout under a Cyrillic keymap, the word begun is followed through keys whose
    /// keymap names their letters by legacy keysyms (Cyrillic_pe): п р и offers the Russian
    /// model's completions, and a click types the first one.
    @Test func cyrillicLettersOfTheLiveKeymapAreCompleted() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "xkb"],
                                          environment: ["CLAVIER_LOG": "debug"], layout: "ru")
        #expect(Harness.waitFor(15) { session.errors.contains("made the word predictor for 'ru'") }, "\(session.said)")
        let expected = try #require(try Harness.firstCompletion(of: "при", language: "ru"))
        try session.tap(["ac05", "ac06", "ab05"])
        usleep(300_000)
        let first = try Self.centre(of: "completion-0", in: session)
        session.server.click(x: first.x, y: first.y)
        try session.tap(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == expected + " \n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }

    /// Before any letter, at the start with nothing known of the text before the caret: the
    /// bar offers a sentence's likely first words, in the model's own case in xterm (a field
    /// that is not said to be prose gets no capitals, after Return neither), and a click types
    /// one and a space.
    @Test func atAFreshStartTheBarOffersFirstWordsAndAClickTypesOne() throws {
        let session = try KeyboardSession(windowManager: false, environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(15) { session.errors.contains("made the word predictor for 'en'") }, "\(session.said)")
        usleep(300_000)
        let first = try Self.centre(of: "completion-0", in: session)
        session.server.click(x: first.x, y: first.y)
        try session.tap(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        let line = session.received
        #expect(line.count > 2 && line.hasSuffix(" \n") && line.dropLast(2).allSatisfy { $0.isLetter || $0 == "'" }, "\(session.said)")
        #expect(line == "I \n" || line.first?.isLowercase == true, "the model's case, not a sentence's capital: \(line)")
        // After Return the start is known, and still no capital where no Shift would latch.
        usleep(300_000)
        session.server.click(x: first.x, y: first.y)
        try session.tap(["return"])
        #expect(session.waitForLines(2), "\(session.said)")
        let next = String(session.received.dropFirst(line.count))
        #expect(next == "I \n" || next.first?.isLowercase == true, "the model's case after Return too: \(next)")
        #expect(session.stopKeyboard() == 0)
    }

    /// A click in the application (the caret may have moved there) forgets the word begun:
    /// the bar offers a sentence's first words instead of its completions.
    @Test func aClickInTheApplicationForgetsTheWordBegun() throws {
        let session = try KeyboardSession(windowManager: false)
        try Self.teach("zqxvb", session)
        try session.tap(["z", "q", "x", "backspace"])
        usleep(300_000)
        session.server.click(x: 200, y: 60)  // on the xterm
        usleep(300_000)
        let first = try Self.centre(of: "completion-0", in: session)
        session.server.click(x: first.x, y: first.y)
        try session.tap(["return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(session.received.hasPrefix("zqxvb\nzq") && !session.received.hasPrefix("zqxvb\nzqxvb"), "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }
}
