import ClavierTestSupport
import Foundation
import Testing

/// Issue 50's goal: a switch user types "hello" by ear alone. Two switches step and select as
/// a user who cannot see would, each step only once the fake speech-dispatcher
/// (`FakeSpeechDispatcher`) has heard the prompt for the highlight it led to; the whole
/// sequence said is then exactly what a listener needs, in the layout's language.
@Suite(.serialized, .needsDisplay) struct SpeechByEarIntegrationTests {
    /// A layout's letters page as the scan says it: each row's keys by their spoken names.
    struct Rows {
        let keys: [[String]]
        /// A row's prompt: its first key to its last.
        func prompt(_ row: Int) -> String { keys[row].first! + " to " + keys[row].last! }
    }

    static let us = Rows(keys: [["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"],
                                ["a", "s", "d", "f", "g", "h", "j", "k", "l"],
                                ["shift", "z", "x", "c", "v", "b", "n", "m", "backspace"],
                                ["numbers", "hide keyboard", "space", "return"]])
    /// Turkish Q: the letters beside p and l said by their marks, ı as "dotless i".
    static let tr = Rows(keys: [["q", "w", "e", "r", "t", "y", "u", "dotless i", "o", "p", "g breve", "u diaeresis"],
                                ["a", "s", "d", "f", "g", "h", "j", "k", "l", "s cedilla", "i"],
                                ["shift", "z", "x", "c", "v", "b", "n", "m", "o diaeresis", "c cedilla", "backspace"],
                                ["numbers", "hide keyboard", "space", "return"]])

    /// Presses switch `keysym`, then waits until one more prompt was sent; the prompt, or nil
    /// when none came (the highlight moved unsaid).
    func step(_ keysym: UInt, _ aid: AidSession, _ speechd: FakeSpeechDispatcher) -> String? {
        let before = speechd.spoken.count
        aid.tapKey(keysym)
        guard Harness.waitFor(5, { speechd.spoken.count > before }) else { return nil }
        return speechd.spoken.last
    }

    /// Types `word` then Return by two switches, from the first row: F9 down to the key's row,
    /// F10 into it, F9 along to the key, F10 to type it. Returns what each press led to be said
    /// and what a listener should have heard, in order, the first row's prompt first.
    func typeByEar(_ word: String, on rows: Rows, _ aid: AidSession, _ speechd: FakeSpeechDispatcher) -> (heard: [String?], expected: [String]) {
        var heard: [String?] = [Harness.waitFor(5) { !speechd.spoken.isEmpty } ? speechd.spoken.first : nil]
        var expected = [rows.prompt(0)]
        for name in word.map(String.init) + ["return"] {
            guard let row = rows.keys.firstIndex(where: { $0.contains(name) }), let key = rows.keys[row].firstIndex(of: name) else {
                Issue.record("no key \(name)")
                return (heard, expected)
            }
            for r in 0..<row {
                heard.append(step(ScanIntegrationTests.f9, aid, speechd))
                expected.append(rows.prompt(r + 1))
            }
            heard.append(step(ScanIntegrationTests.f10, aid, speechd))
            expected.append(rows.keys[row][0])
            for k in 0..<key {
                heard.append(step(ScanIntegrationTests.f9, aid, speechd))
                expected.append(rows.keys[row][k + 1])
            }
            // Typed: the scan starts again from the first row, which is said.
            heard.append(step(ScanIntegrationTests.f10, aid, speechd))
            expected.append(rows.prompt(0))
        }
        return (heard, expected)
    }

    @Test(arguments: [("us", "en"), ("tr", "tr")])
    func twoSwitchesTypeHelloByEarAlone(layout: String, language: String) throws {
        let runtime = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: runtime.path + "/speechd.sock")
        let aid = try AidSession(["--layout", layout, "--scan-switch", "F9,F10", "--suggestions", "0", "--speech", "on"],
                                 environment: ["SPEECHD_ADDRESS": speechd.address])
        let (heard, expected) = typeByEar("hello", on: layout == "tr" ? Self.tr : Self.us, aid, speechd)
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "hello\n", "\(aid.session.said)")
        // Each press was followed by its own prompt before the next, and nothing else was said.
        #expect(heard == expected.map { Optional($0) }, "\(heard)")
        #expect(speechd.spoken == expected, "\(speechd.spoken)")
        #expect(speechd.received.hasPrefix("SET SELF CLIENT_NAME user:clavier:main\r\nSET SELF PRIORITY text\r\n"
                                           + "SET SELF NOTIFICATION END on\r\nSET SELF NOTIFICATION CANCEL on\r\n"
                                           + "SET SELF LANGUAGE \(language)\r\nSPEAK\r\n"), "\(speechd.received.prefix(200))")
        #expect(speechd.received.components(separatedBy: "SET SELF LANGUAGE").count == 2, "the language is told once")
        #expect(aid.session.stopKeyboard() == 0)
    }
}
