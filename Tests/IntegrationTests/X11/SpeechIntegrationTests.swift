import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// A keyboard that speaks (issue 50): two-switch scanning beside a real xterm, with a fake
/// speech-dispatcher (`FakeSpeechDispatcher`) that records what Clavier asked it to say.
@Suite(.serialized, .needsDisplay) struct SpeechIntegrationTests {
    let scan = ScanIntegrationTests()

    /// Whether `wanted` appear in `said` in this order (others between them).
    func inOrder(_ wanted: [String], in said: [String]) -> Bool {
        var rest = said[...]
        for text in wanted {
            guard let at = rest.firstIndex(of: text) else { return false }
            rest = rest[(at + 1)...]
        }
        return true
    }

    @Test func scanningTypesHiByEarEveryHighlightSpokenInEnglish() throws {
        let runtime = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: runtime.path + "/speechd.sock")
        let aid = try AidSession(["--scan-switch", "F9,F10", "--suggestions", "0", "--speech", "on"],
                                 environment: ["SPEECHD_ADDRESS": speechd.address])
        for id in ["h", "i", "return"] { #expect(scan.scanType(id, aid), "could not scan to \(id): \(aid.status("scan:"))") }
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "hi\n", "\(aid.session.said)")
        // Return selected: scanning starts again from the first row, which is said last.
        #expect(Harness.waitFor(5) { speechd.spoken.count > 20 && speechd.spoken.last == "q to p" }, "\(speechd.spoken)")
        #expect(speechd.connections == 1)
        #expect(speechd.received.hasPrefix("SET SELF CLIENT_NAME user:clavier:main\r\nSET SELF PRIORITY text\r\n"
                                           + "SET SELF NOTIFICATION END on\r\nSET SELF NOTIFICATION CANCEL on\r\n"
                                           + "SET SELF LANGUAGE en\r\nSPEAK\r\nq to p\r\n.\r\n"), "\(speechd.received.prefix(200))")
        #expect(speechd.received.components(separatedBy: "SET SELF LANGUAGE").count == 2, "the language is told once")
        let said = speechd.spoken
        // Each row by its keys, then each key of the row entered by its name, the key
        // typed, and the scan from the first row again.
        #expect(inOrder(["q to p", "q", "w", "p", "q to p", "a to l", "a", "s", "g", "h", "q to p",
                         "q", "u", "i", "q to p",
                         "shift to backspace", "shift", "z", "backspace", "numbers to return", "numbers", "hide keyboard",
                         "space", "return", "q to p"], in: said), "\(said)")
        #expect(!said.contains(""), "no empty prompt")
        #expect(aid.session.stopKeyboard() == 0)
    }

    /// `--speech-echo on`: each key typed is said whole (SSIP's `message` priority, which the
    /// next prompt waits for), then the highlight again.
    @Test func echoSaysEachKeyTypedBeforeTheNextPrompt() throws {
        let runtime = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: runtime.path + "/speechd.sock")
        let aid = try AidSession(["--scan-switch", "F9,F10", "--suggestions", "0", "--speech", "on", "--speech-echo", "on"],
                                 environment: ["SPEECHD_ADDRESS": speechd.address])
        for id in ["h", "return"] { #expect(scan.scanType(id, aid), "could not scan to \(id): \(aid.status("scan:"))") }
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "h\n", "\(aid.session.said)")
        func echoed(_ text: String) -> String {
            "SET SELF PRIORITY message\r\nSPEAK\r\n\(text)\r\n.\r\nSET SELF PRIORITY text\r\nSPEAK\r\nq to p\r\n.\r\n"
        }
        #expect(Harness.waitFor(5) { speechd.received.contains(echoed("return")) }, "\(speechd.spoken)")
        #expect(speechd.received.contains(echoed("h")), "\(speechd.spoken)")
        #expect(speechd.received.components(separatedBy: "PRIORITY message").count == 3, "two keys typed, two echoes")
        #expect(aid.session.stopKeyboard() == 0)
    }

    /// One switch: the highlight steps only once its prompt was said to its end (the daemon's
    /// END event), however long after the interval; then again no sooner than the interval.
    @Test func theClockWaitsForEachPromptToEnd() throws {
        let runtime = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: runtime.path + "/speechd.sock", holdsEnds: true)
        let aid = try AidSession(["--scan", "300", "--suggestions", "0", "--speech", "on"],
                                 environment: ["SPEECHD_ADDRESS": speechd.address])
        #expect(Harness.waitFor(5) { speechd.spoken == ["q to p"] }, "\(speechd.spoken)")
        usleep(1_000_000)
        #expect(aid.status("scan:") == "scan: row 1", "three intervals passed, the prompt still speaking")
        #expect(speechd.spoken == ["q to p"])
        speechd.endLast()
        #expect(aid.waitForStatus("scan:") { $0 == "scan: row 2" }, "\(aid.status("scan:"))")
        #expect(Harness.waitFor(5) { speechd.spoken == ["q to p", "a to l"] }, "\(speechd.spoken)")
        usleep(700_000)
        #expect(aid.status("scan:") == "scan: row 2")
        speechd.endLast()
        #expect(aid.waitForStatus("scan:") { $0 == "scan: row 3" }, "\(aid.status("scan:"))")
        #expect(aid.session.stopKeyboard() == 0)
    }

    /// Speech off (the default): the daemon is never even connected to, whatever
    /// `SPEECHD_ADDRESS` says; scanning types as ever.
    @Test func nothingIsSentWithSpeechOff() throws {
        let runtime = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: runtime.path + "/speechd.sock")
        let aid = try AidSession(["--scan-switch", "F9,F10", "--suggestions", "0"], environment: ["SPEECHD_ADDRESS": speechd.address])
        for id in ["h", "return"] { #expect(scan.scanType(id, aid), "could not scan to \(id): \(aid.status("scan:"))") }
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "h\n", "\(aid.session.said)")
        #expect(aid.session.stopKeyboard() == 0)
        #expect(speechd.connections == 0 && speechd.received.isEmpty, "\(speechd.received)")
    }

    /// No speech-dispatcher: espeak-ng is run for each prompt, in the layout's language (here a
    /// stand-in on PATH that writes down how it was called, one line each).
    @Test func withNoSpeechDispatcherEspeakNGSpeaks() throws {
        let runtime = TemporaryDirectory()
        let calls = runtime.path + "/calls"
        let script = runtime.path + "/espeak-ng"
        try "#!/bin/sh\necho \"$*\" >> '\(calls)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let aid = try AidSession(["--scan-switch", "F9,F10", "--suggestions", "0", "--speech", "on"],
                                 environment: ["SPEECHD_ADDRESS": "unix_socket:" + runtime.path + "/none.sock",
                                               "PATH": runtime.path + ":/usr/bin:/bin"])
        for id in ["h", "return"] { #expect(scan.scanType(id, aid), "could not scan to \(id): \(aid.status("scan:"))") }
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "h\n", "\(aid.session.said)")
        func called() -> [String] { ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        #expect(Harness.waitFor(5) { called().last == "-v en q to p" && called().count > 10 }, "\(called())")
        #expect(inOrder(["-v en q to p", "-v en a to l", "-v en h", "-v en q to p", "-v en numbers to return", "-v en return"],
                        in: called()), "\(called())")
        #expect(aid.session.stopKeyboard() == 0)
    }

    /// No speech-dispatcher and no espeak-ng: said once, and the keyboard scans and types as ever.
    @Test func withNoVoiceAtAllTheKeyboardStillTypes() throws {
        let runtime = TemporaryDirectory()
        let aid = try AidSession(["--scan-switch", "F9,F10", "--suggestions", "0", "--speech", "on"],
                                 environment: ["SPEECHD_ADDRESS": "unix_socket:" + runtime.path + "/none.sock", "PATH": "/nonexistent"])
        for id in ["h", "return"] { #expect(scan.scanType(id, aid), "could not scan to \(id): \(aid.status("scan:"))") }
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "h\n", "\(aid.session.said)")
        #expect(aid.session.errors.components(separatedBy: "neither speech-dispatcher nor espeak-ng").count == 2, "\(aid.session.errors)")
        #expect(aid.session.stopKeyboard() == 0)
    }
}
