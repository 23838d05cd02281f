import ClavierBuiltins
import ClavierCore
import ClavierTestSupport
import Testing
@testable import ClavierCorrect
@testable import ClavierPredict

/// The shipped models, from the source tree.
func modelPath(_ language: String) -> String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/ClavierCorrectTests/AutocorrectorTests.swift
    return parts.joined(separator: "/") + "/Assets/models/\(language).lm"
}

/// The built-in us layout at 1000×282, as the keyboard lays it out.
struct Board {
    static let keyboard = Keyboard(layout: .us, size: Size(width: 1000, height: 282))
    static let letters = keyboard.glideLetters

    static func rect(_ letter: Character) -> Rect {
        letters.first { $0.letter == Character(letter.lowercased()) }!.rect
    }

    /// A tap on `letter`'s key, `dx` and `dy` key widths from its centre; capital when `letter` is.
    static func tap(_ letter: Character, dx: Double = 0, dy: Double = 0) -> CorrectionTap {
        let r = rect(letter)
        let w = Double(r.width)
        return CorrectionTap(letter, at: Point(x: Double(r.x) + w / 2 + dx * w, y: Double(r.y) + Double(r.height) / 2 + dy * w))
    }

    /// Taps at the centres of `word`'s letters (an apostrophe typed off the letter keys).
    static func taps(_ word: String) -> [CorrectionTap] {
        word.map { $0 == "'" ? CorrectionTap($0, at: nil) : tap($0) }
    }
}

extension String {
    /// The letter a us keyboard types for this one (ü on u).
    func applyingFold() -> String { String(map { CorrectionKeyboard.folded[$0] ?? $0 }) }
}

@Suite struct AutocorrectorTests {
    /// The English model without learned words, a new one for each test (tests run in parallel).
    let english = Predictor(language: "en", modelPath: modelPath("en"), userModelPath: nil, learning: false)
    static let lexicon = CorrectionLexicon(predictor: Predictor(language: "en", modelPath: modelPath("en"), userModelPath: nil, learning: false))

    func corrector() -> Autocorrector {
        Autocorrector(keyboard: CorrectionKeyboard(letters: Board.letters), lexicon: Self.lexicon)
    }

    /// "thw" where the last tap slipped from e onto w, beside it: the taps and the context say "the".
    static var slip: [CorrectionTap] {
        let e = Board.rect("e"), w = Board.rect("w")
        // Just over the edge between w and e, on w.
        let x = Double(w.x + w.width) - 0.1 * Double(w.width)
        return [Board.tap("t"), Board.tap("h"), CorrectionTap("w", at: Point(x: x, y: Double(e.y) + Double(e.height) / 2))]
    }

    @Test func aNeighbourKeySlipIsCorrected() {
        let result = corrector().correct(Self.slip, before: "I went to ", model: english)
        #expect(result.typed == "thw")
        #expect(result.word == "the")
        #expect(result.alternatives.first == "thw", "the word typed is offered back")
    }

    @Test func aRightWordAtItsKeysIsLeftAlone() {
        for (word, before) in [("house", "She came to the "), ("form", "Please fill in the "), ("quiet", "It was very ")] {
            let result = corrector().correct(Board.taps(word), before: before, model: english)
            #expect(result.word == word, "\(word) → \(result.word)")
        }
    }

    @Test func capitalsAreKept() {
        let c = corrector()
        var taps = Self.slip
        taps[0].character = "T"
        #expect(c.correct(taps, before: "", model: english).word == "The")
        let shouted = Self.slip.map { CorrectionTap(Character($0.character.uppercased()), at: $0.point) }
        #expect(c.correct(shouted, before: "", model: english).word == "THE")
        var teh = Board.taps("teh")
        teh[0].character = "T"
        #expect(c.correct(teh, before: "I said no. ", model: english).word == "The", "a transposition")
    }

    @Test func anApostropheIsAddedOnlyWhereTheModelHasTheWord() {
        let c = corrector()
        #expect(c.correct(Board.taps("dont"), before: "I ", model: english).word == "don't")
        #expect(c.correct(Board.taps("don't"), before: "I ", model: english).word == "don't")
        #expect(c.correct(Board.taps("dont"), before: "I ’m sure I ", model: english).word == "don’t", "curly as the text has it")
    }

    /// A word the user typed before is never replaced, however likely another is.
    @Test func aLearnedWordIsNeverReplaced() {
        let state = TemporaryDirectory()
        let model = Predictor(language: "en", modelPath: modelPath("en"), userModelPath: state.file("words-en.model"), learning: true)
        #expect(corrector().correct(Self.slip, before: "I went to ", model: model).word == "the")
        model.learn("Our thw team met.")
        #expect(corrector().correct(Self.slip, before: "I went to ", model: model).word == "thw")
    }

    /// A word in the model whose score is nearly the best one's stays: the tap lands between
    /// t and r, so "cat" and "car" fit the taps alike, and the model prefers "car" by less
    /// than the margin.
    @Test func aWordNearlyAsLikelyAsTheBestIsNeverReplaced() {
        let t = Board.rect("t"), r = Board.rect("r")
        // Half-way between the two centres, a pixel towards t: on t, or in the gap that goes to t.
        let edge = Point(x: (Double(r.x + t.x) + Double(r.width + t.width) / 2) / 2 + 1, y: Double(t.y) + Double(t.height) / 2)
        #expect(Board.keyboard.geometry.frame(at: edge)?.rect == t)
        let taps = [Board.tap("c"), Board.tap("a"), CorrectionTap("t", at: edge)]
        let context = english.context(before: "I saw a ")
        let cat = english.logProbability(of: "cat", id: english.vocabularyID(of: "cat"), in: context)!
        let car = english.logProbability(of: "car", id: english.vocabularyID(of: "car"), in: context)!
        #expect(car > cat, "the model likes car better")
        var c = corrector()
        #expect(car - cat < c.tuning.margin)
        #expect(c.correct(taps, before: "I saw a ", model: english).word == "cat")
        c.tuning.margin = 0
        #expect(c.correct(taps, before: "I saw a ", model: english).word == "car", "without the margin it would be")
        // The same letters tapped at their keys' centres: where the taps landed decides, not the letters alone.
        #expect(c.correct(Board.taps("cat"), before: "I saw a ", model: english).word == "cat")
    }

    @Test func wordsItCannotWeighAreLeftAlone() {
        let c = corrector()
        #expect(c.correct([Board.tap("a")], before: "It is ", model: english).word == "a", "one tap, right")
        #expect(c.correct([], before: "", model: english).word == "")
        let digits = [Board.tap("t"), CorrectionTap("2", at: nil)]
        #expect(c.correct(digits, before: "", model: english).word == "t2")
    }

    /// Every language with a model, on the us letters (German's ä ö ü on their plain keys): a
    /// neighbour's slip in the middle of a word is put right, in the model's case (German nouns).
    @Test(arguments: [("de", "Ich habe keine ", "zeot", "Zeit"), ("fr", "Il habite dans la ", "maisin", "maison"),
                      ("es", "Vivo en una ", "caaa", "casa"), ("de", "Das ist ", "fur", "für")])
    func otherLanguagesAreCorrectedToo(language: String, before: String, typed: String, expected: String) {
        let model = Predictor(language: language, modelPath: modelPath(language), userModelPath: nil, learning: false)
        let corrector = Autocorrector(keyboard: CorrectionKeyboard(letters: Board.letters), lexicon: CorrectionLexicon(predictor: model))
        // Each tap a third of the way from its key's centre towards the key the word means.
        let taps = zip(typed, expected.lowercased()).map { t, e -> CorrectionTap in
            let from = Board.rect(t), to = Board.rect(Character(String(e).applyingFold()))
            let dx = Double(to.x - from.x) / Double(from.width) / 3, dy = Double(to.y - from.y) / Double(from.width) / 3
            return Board.tap(t, dx: dx, dy: dy)
        }
        #expect(corrector.correct(taps, before: before, model: model).word == expected)
    }

    /// Issue 48: 100,000 taps took 23 s on the release build (minutes on a debug one) to come
    /// back as typed; no word is within the bound of more taps than `mostTaps`, so they come
    /// back without a search.
    @Test func aWordLongerThanAnyInTheLexiconIsLeftAsTypedAtOnce() {
        let c = corrector()
        // Two taps too many cost 12 of the bound's 13, and one more for a tap nearer another key.
        #expect(c.mostTaps == Self.lexicon.longest + 3)
        let letters = Array("thequickbrownfoxjumpsoverthelazydog")
        let taps = (0..<100_000).map { Board.tap(letters[$0 % letters.count], dx: 0.2) }
        let result = c.correct(taps, before: "I said ", model: english)
        #expect(result.typed.count == 100_000 && result.word == result.typed && result.alternatives.isEmpty)
        // Within the bound a slip is still put right.
        #expect(c.correct(Self.slip, before: "I went to ", model: english).word == "the")
    }

    @Test func theSearchFindsTheWordsWithinItsBound() {
        let lexicon = CorrectionLexicon(language: "xx", words: [(1, "the"), (2, "then"), (3, "they"), (4, "a1"), (5, "the"), (6, "eth"), (7, "x")])
        #expect(lexicon.count == 5, "digits left out, a repeated spelling once")
        let a = lexicon.alphabet.count
        // Taps that typed t, h, e: each its own letter free, any other 5.
        var substitution = [Double](repeating: 5, count: 3 * a)
        for (i, letter) in "the".enumerated() { substitution[i * a + Int(lexicon.alphabetIndex[letter]!)] = 0 }
        let search = CorrectionSearch(substitution: substitution, omission: [Double](repeating: 2, count: a),
                                      insertion: [Double](repeating: 3, count: 3), transposition: 1, bound: 2.5, longer: 2)
        let found = Dictionary(uniqueKeysWithValues: search.run(lexicon, taps: 3).map { ($0.id, $0.cost) })
        #expect(found == [1: 0, 2: 2, 3: 2], "\(found)")
        var wider = search
        wider.bound = 12
        let all = Dictionary(uniqueKeysWithValues: wider.run(lexicon, taps: 3).map { ($0.id, $0.cost) })
        #expect(all[6] == 5, "eth: its e left out (2), then the tap of e too many (3)")
        #expect(all[7] == 11, "x: one substitution (5), two taps too many (3 + 3)")
    }
}
