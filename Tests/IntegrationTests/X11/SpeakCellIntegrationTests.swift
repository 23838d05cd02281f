import ClavierTestSupport
import Foundation
import Testing

/// Issue 50's Speak and Save on the bar: with `--speech on` and a shipped layout (no layout
/// of one's own), the bar ends in Speak and Save beside the gear, for a finger and a switch
/// alike; the fake speech-dispatcher (`FakeSpeechDispatcher`) hears the sentence, and the
/// saved sentence is offered on the bar at the next sentence's start.
@Suite(.serialized, .needsDisplay) struct SpeakCellIntegrationTests {

    @Test func speakAndSaveAreOnTheBarOfTheShippedLayoutOnceSpeechIsOn() throws {
        let scratch = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: scratch.path + "/speechd.sock")
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let phrases = session.directory.appendingPathComponent("config/clavier/phrases.txt").path
        session.geometryArguments = ["--speech"]
        try session.startKeyboard(arguments: ["--no-sound", "--no-learning", "--speech", "on"],
                                  environment: ["SPEECHD_ADDRESS": speechd.address, "XDG_RUNTIME_DIR": scratch.path])
        try session.tapSlowly(["h", "i"])
        try session.clickCell("speak")
        #expect(Harness.waitFor(5) { speechd.received.contains("SET SELF PRIORITY message\r\nSPEAK\r\nhi\r\n.\r\n") },
                "\(speechd.received)")
        #expect(speechd.spoken == ["hi"], "only the sentence is said: no highlight without scanning or dwell")
        try session.clickCell("save-phrase")
        #expect(Harness.waitFor(5) { (try? String(contentsOfFile: phrases, encoding: .utf8)) == "hi\n" },
                "\((try? String(contentsOfFile: phrases, encoding: .utf8)) ?? "no phrases.txt")")
        try session.tapSlowly(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        // A new sentence starts: the saved one is offered first on the bar, and a tap types it.
        try session.clickCell("completion-0")
        try session.tapSlowly(["return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(session.received == "hi\nhi \n", "\(session.said)")
        #expect(!session.errors.contains("hi"), "nothing typed or said is logged: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
    }

    /// Two switches reach Speak on the bar's row (the first while it offers words), said
    /// "speak" as the scan highlights it.
    @Test func scanningReachesSpeakAndItSaysTheSentence() throws {
        let runtime = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: runtime.path + "/speechd.sock")
        let aid = try AidSession(["--scan-switch", "F9,F10", "--no-learning", "--speech", "on"],
                                 environment: ["SPEECHD_ADDRESS": speechd.address])
        let scan = ScanIntegrationTests()
        for id in ["h", "i", "speak"] { #expect(scan.scanType(id, aid), "could not scan to \(id): \(aid.status("scan:"))") }
        #expect(Harness.waitFor(5) { speechd.received.contains("SET SELF PRIORITY message\r\nSPEAK\r\nhi\r\n.\r\n") },
                "\(speechd.spoken)")
        #expect(speechd.spoken.contains("speak"), "\(speechd.spoken)")
        #expect(aid.session.stopKeyboard() == 0)
    }
}
