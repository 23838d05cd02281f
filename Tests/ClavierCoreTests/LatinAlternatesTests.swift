import ClavierBuiltins
import Testing
@testable import ClavierCore

/// Every Latin language Clavier predicts (issue 51) writes its letters on `us`: each is a key
/// or a long-press alternate, no key offers more than ten, and each alternate has a spoken
/// name (scanning and dwell say it). Vietnamese is left out: its toned vowels (ấ, ầ, ẩ …)
/// are too many for popups; it has a layout of its own, `vi`, as Gboard and iOS give it.
@Suite struct LatinAlternatesTests {
    /// The letters beyond a–z each language writes.
    static let letters: [String: String] = [
        "ca": "àèéíïòóúüç", "cs": "áčďéěíňóřšťúůýž", "da": "æøåé", "de": "äöüß", "es": "áéíñóúü",
        "fi": "äöå", "fil": "ñ", "fr": "àâæçéèêëîïôœùûüÿ", "hu": "áéíóöőúüű", "is": "áðéíóúýþæö",
        "it": "àèéìíîòóùú", "lt": "ąčęėįšųūž", "lv": "āčēģīķļņšūž", "nb": "æøåéèêóòô", "nl": "éëïèöü",
        "pl": "ąćęłńóśźż", "pt": "áâãàçéêíóôõú", "ro": "ăâîșț", "sh": "čćđšž",
        "sk": "áäčďéíĺľňóôŕšťúýž", "sl": "čšž", "sv": "åäöé", "tr": "çğıöşüâî",
    ]

    var offered: [Character: Key] {
        var offered: [Character: Key] = [:]
        for key in Layout.us.pages[0].rows.flatMap(\.keys) {
            if case .text(let label) = key.label, let letter = label.first, label.count == 1 { offered[letter] = key }
            for text in key.alternates where text.count == 1 { offered[text.first!] = key }
        }
        return offered
    }

    @Test(arguments: letters.keys.sorted())
    func eachLetterIsOnUS(_ language: String) {
        let missing = Self.letters[language]!.filter { offered[$0] == nil }
        #expect(missing.isEmpty, "\(language): \(String(missing)) not on us")
    }

    @Test func eachPopupIsShortAndEachAlternateHasASpokenName() {
        for key in Layout.us.pages[0].rows.flatMap(\.keys) where !key.alternates.isEmpty {
            #expect(key.alternates.count <= 10, "\(key.id): \(key.alternates.count) alternates")
            for text in key.alternates {
                let name = SpokenName.of(text: text)
                #expect(name != text && name.count > 1, "\(text) is said as \(name.debugDescription)")
            }
        }
    }
}
