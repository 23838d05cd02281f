import ClavierBuiltins
import ClavierCore
import ClavierGlide
import ClavierPredict
import Testing
@testable import ClavierApp

/// The running keyboard's glide offers an offensive word only while its predictor says the
/// user typed it: learned in this session, and no longer once forgotten (`clavier forget`).
@Suite struct GlideOffensiveTests {
    @Test func anOffensiveWordIsGlidedOnlyWhileThePredictorSaysItWasTyped() throws {
        OffensiveWords.locate { DataFiles.find("offensive/\($0).txt") }
        let keyboard = Keyboard(layout: .us, size: Size(width: 1280, height: 330))
        let centres = Dictionary(keyboard.glideLetters.map {
            ($0.letter, GlidePoint(x: Double($0.rect.x) + Double($0.rect.width) / 2, y: Double($0.rect.y) + Double($0.rect.height) / 2))
        }, uniquingKeysWith: { a, _ in a })
        let gesture = try "fuck".map { try #require(centres[$0]) }
        #expect(GlideDecoders(blockOffensive: false).words(gesture, on: keyboard, before: "").first == "fuck", "the gesture means it")
        let glides = GlideDecoders(blockOffensive: true, learned: true)
        var typed = false
        glides.typed = { word, language in language == "en" && word == "fuck" ? typed : false }
        let blocked = glides.words(gesture, on: keyboard, before: "")
        #expect(!blocked.isEmpty && !blocked.contains(where: { OffensiveWords.contains($0, language: "en") }), "\(blocked)")
        typed = true
        #expect(glides.words(gesture, on: keyboard, before: "").first == "fuck")
        typed = false
        #expect(!glides.words(gesture, on: keyboard, before: "").contains("fuck"), "forgotten")
        // Learning off: what was typed does not count.
        let unlearned = GlideDecoders(blockOffensive: true, learned: false)
        unlearned.typed = { _, _ in true }
        #expect(!unlearned.words(gesture, on: keyboard, before: "").contains("fuck"))
    }
}
