import Testing
@testable import clavier

/// What the voice sends speech-dispatcher (`Speaker`): a prompt's data lines never end the
/// data early, and a language never carries another command.
struct SpeakerTests {
    @Test func aLoneDotIsDoubledAndLinesKeepNoCarriageReturn() {
        #expect(Speaker.dataLines("q to p") == ["q to p"])
        #expect(Speaker.dataLines(".") == [".."])
        #expect(Speaker.dataLines("a\r\n.\nb") == ["a", "..", "b"])
        #expect(Speaker.dataLines(".com") == [".com"])
    }

    @Test func aLanguageIsACodeAndNothingElse() {
        #expect(Speaker.languageCode("de") == "de")
        #expect(Speaker.languageCode("pt-br") == "pt-br")
        #expect(Speaker.languageCode("en\r\nQUIT") == "enQUIT")
        #expect(Speaker.languageCode("\r\n") == "en")
    }
}
