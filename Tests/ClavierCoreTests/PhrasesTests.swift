import ClavierBuiltins
import Testing
@testable import ClavierCore

/// The phrase bank and abbreviations (`Phrases`, phrases.txt) and the sentence before the
/// caret (`Sentence`), which the Speak and Save keys take (issue 50).
struct PhrasesTests {
    @Test func theFileIsPhrasesAbbreviationsAndCommentsEachBadLineSaidByNumber() {
        let long = String(repeating: "a", count: Phrases.longest + 1)
        let text = "# my phrases\n\nGood morning!\n  Thank you  \nafaik = as far as I know\nBRB = be right back\n"
            + "\(long)\ntab\there\nbrb = bye\nnada =\nnot one word = a phrase\nGood morning!\r\nx y"
        let (bank, problems) = Phrases.parse(text)
        #expect(bank.phrases == ["Good morning!", "Thank you", "not one word = a phrase", "x y"])
        #expect(bank.abbreviations == ["afaik": "as far as I know", "brb": "be right back"])
        #expect(problems.map(\.line) == [7, 8, 9, 10], "\(problems)")
        #expect(problems[0].message == "a line is at most \(Phrases.longest) characters; this one has \(Phrases.longest + 1)")
        #expect(problems[1].message.hasPrefix("a line holds a control character"))
        #expect(problems[2].message == "the same abbreviation as line 6")
        #expect(problems[3].message == "an abbreviation expands to nothing after its '='")
        #expect(!problems.contains { $0.message.containsText("bye") || $0.message.containsText("brb") }, "a line is never quoted")
        #expect(Phrases.parse("e-mail = electronic mail").problems.map(\.message) == ["an abbreviation is one word of letters, before ' = '"])
    }

    @Test func theSentenceBeforeTheCaretIsTheLastOneItsEndKept() {
        #expect(Sentence.last(in: "") == "")
        #expect(Sentence.last(in: "hello there") == "hello there")
        #expect(Sentence.last(in: "Hi. How are you?! ") == "How are you?!")
        #expect(Sentence.last(in: "Hi. How are") == "How are")
        #expect(Sentence.last(in: "first line\nsecond one\n") == "second one")
        #expect(Sentence.last(in: "Done.   ") == "Done.")
        #expect(Sentence.last(in: "...") == "...")
        #expect(Sentence.isAtStart("") && Sentence.isAtStart("Hi. ") && Sentence.isAtStart("Hi?") && Sentence.isAtStart("a\n"))
        #expect(!Sentence.isAtStart("Hi ") && !Sentence.isAtStart("Hi, "))
    }

    @Test func theBarOffersPhrasesAtASentencesStartAndAnExpansionFirst() {
        let bank = Phrases.parse("Yes please\nNo thanks\nafaik = as far as I know\n").phrases
        #expect(bank.offers(before: "", partialWord: "", words: ["I", "the"]) == ["Yes please", "No thanks", "I", "the"])
        #expect(bank.offers(before: "Hello. ", partialWord: "", words: ["I"]) == ["Yes please", "No thanks", "I"])
        #expect(bank.offers(before: "I said ", partialWord: "", words: ["that"]) == ["that"], "mid-sentence: words only")
        #expect(bank.offers(before: "I said afaik", partialWord: "afaik", words: ["afaik"]) == ["as far as I know", "afaik"])
        #expect(bank.offers(before: "Afaik", partialWord: "Afaik", words: []) == ["As far as I know"],
                "the sentence's start is behind the word typed: the expansion alone")
        #expect(bank.offers(before: "afai", partialWord: "afai", words: ["after"]) == ["after"])
    }

    @Test func aSavedSentenceIsAddedOnceAndNeverAsAnAbbreviation() {
        var bank = Phrases()
        let added = [" See you soon. ", "See you soon.", "", "x = 1", "# not a comment", String(repeating: "b", count: Phrases.longest + 1)]
            .map { bank.add($0) }
        // Once; never empty; never what would read back as an abbreviation or a comment; never too long.
        #expect(added == [true, false, false, false, false, false])
        #expect(bank.phrases == ["See you soon."])
    }
}
