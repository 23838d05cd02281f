import ClavierTestSupport
import Foundation
import Testing

/// `clavier forget` beside a running keyboard (issue 34, item 2): the keyboard forgets what it
/// learned in memory too, so that it neither offers those words nor writes them back when it
/// saves (at hide and at quit).
@Suite(.serialized, .needsDisplay) struct ForgetIntegrationTests {
    @Test func forgetSticksWhileTheKeyboardRuns() throws {
        let scratch = TemporaryDirectory(), runtime = scratch.path
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"],
                                          environment: ["XDG_RUNTIME_DIR": runtime, "CLAVIER_LOG": "debug"])
        let env = session.server.env.merging(session.environment) { $1 }
        #expect(Harness.waitFor(15) { session.errors.contains("made the word predictor for 'en'") }, "\(session.said)")
        // A word no model holds, typed twice and ended with Return: committed for learning.
        try session.tap(["q", "z", "x", "w", "v", "space", "q", "z", "x", "w", "v", "return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "qzxwv qzxwv\n")
        let model = session.directory.appendingPathComponent("state/clavier/words-en.model").path
        // Hiding saves what was learned: the word is on disk.
        #expect(try Harness.clavier(["hide"], environment: env).status == 0)
        #expect(Harness.waitFor(5) { ((try? String(contentsOfFile: model, encoding: .utf8)) ?? "").contains("qzxwv") },
                "words-en.model after hide: \((try? String(contentsOfFile: model, encoding: .utf8)) ?? "none")")

        let forget = try Harness.clavier(["forget"], environment: env)
        #expect(forget.status == 0, "\(forget)")
        #expect(forget.out.contains("the running keyboard forgot them too"), "\(forget)")
        #expect(!FileManager.default.fileExists(atPath: model))

        // Shown again, a new word learned, then quit: the save writes the model the keyboard
        // holds, which must be the new word alone.
        #expect(try Harness.clavier(["show"], environment: env).status == 0)
        usleep(300_000)
        try session.tap(["j", "k", "j", "k", "j", "return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(try Harness.clavier(["quit"], environment: env).status == 0)
        #expect(session.clavier.wait(seconds: 10) == 0, "\(session.said)")
        let left = (try? String(contentsOfFile: model, encoding: .utf8)) ?? ""
        #expect(left.contains("jkjkj"), "words-en.model after forget: \(left)")
        #expect(!left.contains("qzxwv"), "words-en.model after forget: \(left)")
    }

    /// With no keyboard running, forget deletes the files and says nothing of a keyboard.
    @Test func forgetWithoutAKeyboardDeletesTheFiles() throws {
        let scratch = TemporaryDirectory()
        let state = scratch.file("state")
        try FileManager.default.createDirectory(atPath: state + "/clavier", withIntermediateDirectories: true)
        try "clavier-user-model 1\n1\t3\tqzxwv\n".write(toFile: state + "/clavier/words-en.model", atomically: true, encoding: .utf8)
        // A kept first picture shows the bar's first words, which may be learned ones: it goes too.
        let pictures = scratch.file("cache") + "/clavier/pictures"
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        try "x".write(toFile: pictures + "/0123.picture", atomically: true, encoding: .utf8)
        let forget = try Harness.clavier(["forget"], environment: ["XDG_STATE_HOME": state, "XDG_RUNTIME_DIR": scratch.path,
                                                                   "XDG_CACHE_HOME": scratch.file("cache"), "DISPLAY": ":97"])
        #expect(forget.status == 0, "\(forget)")
        #expect(forget.out.contains("forgot \(state)/clavier/words-en.model"), "\(forget)")
        #expect(!forget.out.contains("running keyboard"), "\(forget)")
        #expect(!FileManager.default.fileExists(atPath: state + "/clavier/words-en.model"))
        #expect(!FileManager.default.fileExists(atPath: pictures + "/0123.picture"), "\(forget)")
    }
}
