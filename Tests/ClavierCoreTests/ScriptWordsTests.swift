import Testing
@testable import ClavierCore
import ClavierText

/// Words in every script (issue 51): a word goes on through marks, viramas and joiners;
/// BackSpace takes back what the field deletes; Shift cases by the layout's language.
@Suite struct ScriptWordsTests {
    let t0 = ContinuousClock.now

    func typing(_ text: String) -> [Effect] { text.unicodeScalars.map { .type(KeySym(scalar: $0), modifiers: []) } }

    @Test func aWordGoesOnThroughViramasToneMarksAndJoiners() {
        // Hindi क्षमा (virama U+094D, vowel sign U+093E), Thai น้ำ (tone mark U+0E49, U+0E33),
        // Persian می‌خواهم (ZWNJ U+200C), a ZWJ, an enclosing mark.
        for word in ["क्षमा", "न्याय", "น้ำใจ", "ที่นี่", "ເຮັດ", "می‌خواهم", "क्‍ष", "a\u{20DD}b"] {
            var w = CurrentWord()
            w.follow(typing(word))
            #expect(w.text == word, "\(word.unicodeScalars.map { String($0.value, radix: 16) })")
            var c = TypingContext()
            c.field = .prose
            c.follow(typing("x " + word), at: t0)
            #expect(c.partialWord == word)
            #expect(c.endsInWord)
        }
        #expect(CurrentWord.isWordScalar("\u{094D}") && CurrentWord.isWordScalar("\u{0E48}") && CurrentWord.isWordScalar("\u{200C}"))
    }

    @Test func aMarkOrAJoinerStartsNoWord() {
        var w = CurrentWord()
        w.follow(typing("\u{200C}\u{0E48}"))
        #expect(w.text == "")
        var c = TypingContext()
        c.field = .prose
        c.follow(typing("👍\u{200D}"), at: t0)
        #expect(c.partialWord == "" && !c.endsInWord)
        // ASCII stays as it was.
        #expect(!CurrentWord.isWordScalar("1") && !CurrentWord.isWordScalar("-") && CurrentWord.isWordScalar("'"))
    }

    @Test func backSpaceTakesOneCodePointOfAnIndicThaiOrArabicCluster() {
        var w = CurrentWord()
        w.follow(typing("नमस्ते"))
        w.follow([.type(.backSpace, modifiers: [])])
        #expect(w.text == "नमस्त", "GTK deletes the vowel sign alone")
        w.follow([.type(.backSpace, modifiers: [])])
        #expect(w.text == "नमस्", "then the consonant after the virama")
        var c = TypingContext()
        c.field = .prose
        c.follow(typing("น้ำ می‌"), at: t0)
        c.follow([.type(.backSpace, modifiers: [])], at: t0)
        #expect(c.before == "น้ำ می", "the ZWNJ alone")
        c.follow(typing(" ") + typing("น้ำ") + [.type(.backSpace, modifiers: [])], at: t0)
        #expect(c.before == "น้ำ می น้", "the Thai vowel alone, the tone mark stays")
    }

    @Test func backSpaceTakesAWholeLatinClusterOrEmojiAsGTKDoes() {
        var c = TypingContext()
        c.field = .prose
        c.follow(typing("cafe\u{0301} 👍🏽"), at: t0)
        c.follow([.type(.backSpace, modifiers: [])], at: t0)
        #expect(c.before == "cafe\u{0301} ", "an emoji with its skin tone goes at once")
        c.follow([.type(.backSpace, modifiers: []), .type(.backSpace, modifiers: [])], at: t0)
        #expect(c.before == "caf", "e with its accent goes at once")
        // A terminal's line discipline deletes one code point.
        var t = TypingContext()
        t.field = .terminal
        t.follow(typing("e\u{0301}") + [.type(.backSpace, modifiers: [])], at: t0)
        #expect(t.before == "e")
        #expect(FieldBackSpace.presses(toErase: "नमस्ते") == 6 && FieldBackSpace.presses(toErase: "cafe\u{0301}") == 4)
    }

    @Test func aSuggestionErasesAnIndicPartialWordCodePointByCodePoint() {
        var k = TypingKeyboard(Keyboard(layout: .us, size: Size(width: 1280, height: 330)))
        _ = k.focusMoved(to: .prose, before: "", at: t0)
        _ = k.caretMoved(before: "नमस्ते दोस्", at: t0 + .seconds(5))
        #expect(k.context.partialWord == "दोस्")
        let effects = k.keyboard.take("दोपहर", &k.typing)
        #expect(effects.prefix(4).allSatisfy { $0 == .type(.backSpace, modifiers: []) }
                && effects.count(where: { $0 == .type(.backSpace, modifiers: []) }) == 4)
        // A Latin letter with its combining accent is one BackSpace in GTK.
        _ = k.caretMoved(before: "un cafe\u{0301}", at: t0 + .seconds(10))
        #expect(k.context.partialWord == "cafe\u{0301}")
        let latin = k.keyboard.take("cafés", &k.typing)
        #expect(latin.count(where: { $0 == .type(.backSpace, modifiers: []) }) == 4)
    }

    func layout(_ language: String?, _ letters: [String]) -> Layout {
        Layout(id: "t", pages: [Page(id: "letters", rows: [Row(letters.map { Key.character($0) }
                                                              + [Key(id: "shift", label: .text("⇧"), action: .modifier(.shift), keyClass: .function)])])],
               options: LayoutOptions(language: language))
    }

    @Test func shiftCasesByTheLayoutsLanguage() {
        let size = Size(width: 800, height: 100)
        var tr = Keyboard(layout: layout("tr", ["i", "ı", "ß"]), size: size)
        tr.setShift(.latched)
        #expect(tr.label(of: tr.page.key(id: "i")!) == .text("İ"))
        #expect(tr.label(of: tr.page.key(id: "ı")!) == .text("I"))
        #expect(tr.label(of: tr.page.key(id: "ß")!) == .text("ẞ"), "one key, one letter")
        let rect = tr.geometry.frame(id: "i")!.rect
        let effects = tr.handle(.press(Point(x: rect.midX, y: rect.midY)), at: t0)
        #expect(effects.contains(.type(KeySym(scalar: "İ"), modifiers: [])))
        var en = Keyboard(layout: layout(nil, ["i"]), size: size)
        en.setShift(.latched)
        #expect(en.label(of: en.page.key(id: "i")!) == .text("I"))
    }

    @Test func theLanguagesCaseRules() {
        #expect(LanguageCase.upper("istanbul ılık", language: "tr") == "İSTANBUL ILIK")
        #expect(LanguageCase.lower("İSTANBUL ILIK", language: "az") == "istanbul ılık")
        #expect(LanguageCase.upper("straße", language: "de") == "STRAẞE")
        #expect(LanguageCase.lower("ΟΔΟΣ ΣΟΦΟΣ Σ", language: "el") == "οδος σοφος σ")
        #expect(LanguageCase.capitalized("ijsbeer", language: "nl") == "IJsbeer")
        #expect(LanguageCase.capitalized("istanbul", language: "tr") == "İstanbul")
        #expect(LanguageCase.capitalized("istanbul", language: "en") == "Istanbul")
        #expect(LanguageCase.upper("Hello", language: nil) == "HELLO")
    }

    @Test func theBarCasesSuggestionsByTheLanguage() {
        var c = TypingContext()
        c.field = .prose
        c.capitalize = .always
        c.adopt("", at: t0)
        #expect(c.cased(["ijs", "istanbul"], language: "nl") == ["IJs", "Istanbul"])
        #expect(c.cased(["istanbul"], language: "tr") == ["İstanbul"])
        c.follow(typing("x İS"), at: t0)
        #expect(c.cased(["istanbul"], language: "tr") == ["İSTANBUL"])
    }

    @Test func aDutchIJTypedIsACapitalNotAShout() {
        var c = TypingContext()
        c.field = .prose
        c.follow(typing("het IJ"), at: t0)
        #expect(c.cased(["ijsje"], language: "nl") == ["IJsje"])
        #expect(c.cased(["ijsje"], language: "en") == ["IJSJE"])
    }
}
