import Testing
@testable import ClavierApp

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

    /// SSIP's levels as espeak-ng's options: none at the voice's own, the ends at espeak-ng's.
    @Test func levelsAreEspeakNGsSpeedAndAmplitude() {
        #expect(Speaker.espeakLevels(rate: 0, volume: 0) == [])
        #expect(Speaker.espeakLevels(rate: -100, volume: 0) == ["-s", "80"])
        #expect(Speaker.espeakLevels(rate: 100, volume: -100) == ["-s", "450", "-a", "0"])
        #expect(Speaker.espeakLevels(rate: 20, volume: 50) == ["-s", "230", "-a", "150"])
    }
}
