import Testing
@testable import ClavierCore

/// Emoji search's ranking (`EmojiAnnotations`), on a few lines written as the shipped files are.
@Suite struct EmojiRankingTests {
    static let english = EmojiAnnotations(tsv: """
        🐈\tcat\tpet
        🐱\tcat face\tanimal|cat|face|pet
        😺\tgrinning cat\tanimal|cat|face|grinning|mouth|open|smile
        ❤️\tred heart\theart
        💟\theart decoration\theart
        🩺\tstethoscope\tdoctor|heart|medicine
        🐪\tcamel\tdromedary|hump
        🚫\t\tno name, skipped

        """)

    @Test func theWholeNameThenAKeywordThenTheShorterName() {
        #expect(Self.english.count == 7)
        #expect(Self.english.matches(for: "cat") == ["🐈", "🐱", "😺"])
        // A keyword that is also a word of the name beats a keyword alone.
        #expect(Self.english.matches(for: "heart") == ["❤️", "💟", "🩺"])
    }

    @Test func prefixesThenTextInsideAWord() {
        #expect(Self.english.matches(for: "ca") == ["🐈", "🐪", "🐱", "😺"])
        #expect(Self.english.matches(for: "ear") == ["🩺", "❤️", "💟"])
        #expect(Self.english.matches(for: "hump") == ["🐪"])
    }

    @Test func everyWordMustMatchAndCaseIsIgnored() {
        #expect(Self.english.matches(for: "red heart") == ["❤️"])
        #expect(Self.english.matches(for: "  RED   Heart ") == ["❤️"])
        #expect(Self.english.matches(for: "red cat").isEmpty)
        #expect(Self.english.matches(for: "").isEmpty)
        #expect(Self.english.matches(for: "   ").isEmpty)
        #expect(Self.english.matches(for: "cat", limit: 1) == ["🐈"])
    }

    @Test func theMostUsedComeFirstAmongEquals() {
        #expect(Self.english.matches(for: "heart", frequent: ["🩺", "💟"]) == ["💟", "❤️", "🩺"])
        #expect(Self.english.matches(for: "cat", frequent: ["😺"]) == ["🐈", "😺", "🐱"])
    }

    @Test func theKeymapsLanguageFirstThenEnglishEachOnce() {
        let german = EmojiAnnotations(tsv: "❤️\trotes herz\therz\n🐈\tkatze\thaustier|katze\n")
        #expect(EmojiAnnotations.matches(for: "herz", in: [german, Self.english]) == ["❤️"])
        #expect(EmojiAnnotations.matches(for: "ca", in: [german, Self.english]) == ["🐈", "🐪", "🐱", "😺"])
        #expect(EmojiAnnotations.matches(for: "ka", in: [german, Self.english]) == ["🐈"])
        #expect(EmojiAnnotations.matches(for: "c", in: [german, Self.english], limit: 2) == ["🐈", "🐪"])
    }
}
