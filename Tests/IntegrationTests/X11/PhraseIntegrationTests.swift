import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// Issue 50's Speak and Save and the phrase bank beside a real xterm, on the shipped us layout
/// whose bar ends in Save and Speak while speech is on: phrases and an abbreviation typed from
/// the bar where a user clicks, the sentence saved to phrases.txt and said through a fake
/// speech-dispatcher (`FakeSpeechDispatcher`), and nothing said with speech off.
@Suite(.serialized, .needsDisplay) struct PhraseIntegrationTests {
    /// A layout of the few letters the test types, a bar of words, and a key whose action is Speak.
    static func layout(in directory: borrowing TemporaryDirectory, language: String = "en") throws -> String {
        let path = directory.file("aac.yaml")
        try """
            options:
              accessory: [completions]
              language: \(language)
            pages:
              - id: letters
                rows:
                  - [a, f, h, i, k, o]
                  - - {id: space, label: space, action: {keysym: space}, width: 2, class: space}
                    - {id: return, icon: return, action: {keysym: Return}, class: function}
                    - {id: speak, label: Speak, action: speak, class: function}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }


    @Test func aPhraseAndAnAbbreviationTypedFromTheBarThenTheSentenceSavedAndSpoken() throws {
        let scratch = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: scratch.path + "/speechd.sock")
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let phrases = session.directory.appendingPathComponent("config/clavier/phrases.txt").path
        try FileManager.default.createDirectory(atPath: session.directory.appendingPathComponent("config/clavier").path,
                                                withIntermediateDirectories: true)
        try "# said often\nGood morning\nafaik = as far as I know\ntoo\tlong\n".write(toFile: phrases, atomically: true, encoding: .utf8)
        session.geometryArguments = ["--speech"]
        try session.startKeyboard(arguments: ["--no-sound", "--no-learning", "--speech", "on"],
                                  environment: ["SPEECHD_ADDRESS": speechd.address, "XDG_RUNTIME_DIR": scratch.path])
        #expect(session.errors.contains("phrases.txt:4: a line holds a control character"), "\(session.errors)")
        #expect(!session.errors.contains("long"), "a bad line is never quoted")
        // The field is empty: the phrase comes first on the bar.
        try session.clickCell("completion-0")
        // The abbreviation typed: its expansion comes first, and replaces it.
        try session.tapSlowly(["a", "f", "a", "i", "k"])
        try session.clickCell("completion-0")
        try session.clickCell("save-phrase")
        try session.clickCell("speak")
        try session.tapSlowly(["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "Good morning as far as I know \n", "\(session.said)")
        let kept = (try? String(contentsOfFile: phrases, encoding: .utf8)) ?? ""
        #expect(kept == "# said often\nGood morning\nafaik = as far as I know\ntoo\tlong\nGood morning as far as I know\n", "\(kept)")
        #expect(Harness.waitFor(5) { speechd.received.contains("SPEAK") }, "\(speechd.received)")
        #expect(speechd.received == "SET SELF CLIENT_NAME user:clavier:main\r\nSET SELF PRIORITY text\r\n"
                + "SET SELF NOTIFICATION END on\r\nSET SELF NOTIFICATION CANCEL on\r\n"
                + "SET SELF LANGUAGE en\r\nSET SELF PRIORITY message\r\nSPEAK\r\nGood morning as far as I know\r\n.\r\n"
                + "SET SELF PRIORITY text\r\n", "\(speechd.received)")
        #expect(!session.errors.contains("morning"), "nothing typed or said is logged: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
        // Saved, the sentence is offered at the next start, after the phrases before it.
        session.geometryArguments = []
        try session.startKeyboard(arguments: ["--no-sound", "--no-learning"])
        try session.clickCell("completion-1")
        try session.tapSlowly(["return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(session.received == "Good morning as far as I know \nGood morning as far as I know \n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }

    @Test func withSpeechOffSpeakSaysNothing() throws {
        let scratch = TemporaryDirectory()
        let speechd = try FakeSpeechDispatcher(at: scratch.path + "/speechd.sock")
        let layout = try Self.layout(in: scratch)
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", layout, "--suggestions", "3"],
                                          environment: ["SPEECHD_ADDRESS": speechd.address, "XDG_RUNTIME_DIR": scratch.path])
        try session.tapSlowly(["h", "i", "speak", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received.hasSuffix("hi\n"), "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(speechd.connections == 0 && speechd.received.isEmpty, "\(speechd.received)")
    }
}
