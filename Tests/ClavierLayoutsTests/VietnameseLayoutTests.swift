import ClavierCore
import Testing

/// The Vietnamese layout (issue 51): every letter Vietnamese writes is a key or a long press,
/// each vowel's alternates are its five tones in the usual order (sắc, huyền, hỏi, ngã, nặng),
/// each one precomposed character as Vietnamese text is written (NFC), and each has a spoken
/// name, which scanning and dwell say.
@Suite struct VietnameseLayoutTests {
    /// The vowels and their tones, written as base letter plus combining tone mark.
    static let vowels = ["a", "ă", "â", "e", "ê", "i", "o", "ô", "ơ", "u", "ư", "y"]
    static let tones: [Unicode.Scalar] = ["\u{0301}", "\u{0300}", "\u{0309}", "\u{0303}", "\u{0323}"]

    @Test func eachVowelOffersItsFiveTonesPrecomposed() throws {
        let layout = try Files.library.layout("vi")
        #expect(layout.options.language == "vi")
        let keys = Dictionary(layout.pages[0].rows.flatMap(\.keys).map { ($0.id, $0) }) { first, _ in first }
        for vowel in Self.vowels {
            let key = try #require(keys[vowel], "no key \(vowel)")
            #expect(key.alternates.count == 5, "\(vowel): \(key.alternates)")
            for (text, tone) in zip(key.alternates, Self.tones) {
                // One character of one scalar (precomposed), equal to the vowel and its tone.
                #expect(text.unicodeScalars.count == 1, "\(vowel): \(text.unicodeScalars.map { $0.value })")
                #expect(text == vowel + String(Character(tone)), "\(vowel): \(text) is not its tone")
                let name = SpokenName.of(text: text)
                #expect(name != text && name.count > 2, "\(text) is said as \(name.debugDescription)")
            }
        }
        for letter in ["đ", "ă", "â", "ê", "ô", "ơ", "ư"] + "qwrtpsdfghjklzxcvbnm".map(String.init) {
            #expect(keys[letter] != nil, "no key \(letter)")
        }
    }
}
