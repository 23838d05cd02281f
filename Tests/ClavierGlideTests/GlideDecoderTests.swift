import ClavierGlide
import Testing

/// A QWERTY keyboard of 100 px keys, rows offset like the system keyboard's.
private let qwerty: GlideKeyboard = {
    var keys: [GlideKey] = []
    for (r, (row, indent)) in [("qwertyuiop", 0.0), ("asdfghjkl", 50.0), ("zxcvbnm", 150.0)].enumerated() {
        for (i, letter) in row.enumerated() {
            keys.append(GlideKey(letter: letter, x: indent + Double(i) * 100, y: Double(r) * 120, width: 100, height: 120))
        }
    }
    return GlideKeyboard(keys: keys)
}()

private let lexicon = GlideWordList(counts: [
    ("the", 500), ("hello", 20), ("help", 30), ("world", 25), ("word", 40), ("wood", 5), ("to", 300), ("too", 60),
    ("quiet", 3), ("quit", 4), ("was", 200), ("with", 150), ("glide", 2), ("a", 400), ("don't", 50),
])

/// The centres of a word's letters, one point per letter, with straight lines between.
private func gesture(_ word: String, on keyboard: GlideKeyboard = qwerty, dx: Double = 0, dy: Double = 0) -> [GlidePoint] {
    word.compactMap { keyboard.key(for: $0) }.map { keyboard.keys[$0].centre }.map { GlidePoint(x: $0.x + dx, y: $0.y + dy) }
}

@Suite struct GlideDecoderTests {
    let decoder = GlideDecoder(keyboard: qwerty, lexicon: lexicon)

    @Test(arguments: ["hello", "help", "world", "quiet", "glide", "the", "with"])
    func aStraightGestureThroughTheLettersGivesTheWord(_ word: String) {
        #expect(decoder.decode(gesture(word)).first?.word == word)
    }

    @Test func aGestureOffTheCentresStillFindsTheWord() {
        #expect(decoder.decode(gesture("world", dx: 25, dy: -20)).first?.word == "world")
    }

    @Test func theSamePathGoesToTheLikelierWordAndTheOtherIsNext() {
        let words = decoder.decode(gesture("to")).map(\.word)
        #expect(Array(words.prefix(2)) == ["to", "too"])
    }

    @Test func contextReordersWordsOfTheSamePath() {
        struct Biased: GlideLexicon {
            let glideWords = lexicon.glideWords
            func glideLogProbability(ofWord index: Int, after context: [String]) -> Double {
                context == ["far"] && glideWords[index].text == "too" ? 0 : glideWords[index].logPrior
            }
        }
        let biased = GlideDecoder(keyboard: qwerty, lexicon: Biased())
        #expect(biased.decode(gesture("to"), context: ["far"]).first?.word == "too")
        #expect(biased.decode(gesture("to"), context: ["went"]).first?.word == "to")
    }

    @Test func apostrophesAreLeftOutOfThePath() {
        #expect(decoder.decode(gesture("dont")).first?.word == "don't")
    }

    @Test func oneKeyWordsAndTooShortGesturesGiveNothingOrOthers() {
        #expect(decoder.decode([GlidePoint(x: 50, y: 50)]).isEmpty)
        #expect(!decoder.decode(gesture("a") + gesture("a")).contains { $0.word == "a" })
    }

    @Test func atMostLimitWordsAndNoneTwice() {
        let words = decoder.decode(gesture("word"), limit: 3).map(\.word)
        #expect(words.count <= 3)
        #expect(Set(words).count == words.count)
    }

    @Test func aKeyboardTwiceAsLargeDecodesTheSame() {
        let big = GlideKeyboard(keys: qwerty.keys.map {
            GlideKey(letter: $0.letter, x: $0.x * 2, y: $0.y * 2, width: $0.width * 2, height: $0.height * 2)
        })
        let decoder = GlideDecoder(keyboard: big, lexicon: lexicon)
        #expect(decoder.decode(gesture("hello", on: big)).first?.word == "hello")
    }

    @Test func accentedLettersFallBackToTheirBaseKeyOnlyWhenNoKeyTypesThem() {
        #expect(qwerty.key(for: "é") == qwerty.key(for: "e"))
        #expect(qwerty.path(of: "straße") != nil)
        #expect(qwerty.path(of: "日本") == nil)
        var keys = qwerty.keys
        keys.append(GlideKey(letter: "ä", x: 950, y: 120, width: 100, height: 120))
        let german = GlideKeyboard(keys: keys)
        #expect(german.key(for: "ä") == keys.count - 1)
    }

    @Test func contextIsTheLastTwoWordsOfTheSentence() {
        #expect(GlideDecoder.context(of: "Well. I went to the ") == ["to", "the"])
        #expect(GlideDecoder.context(of: "Stop! ") == [])
        #expect(GlideDecoder.context(of: "it's") == ["it's"])
    }

    @Test func wordListPriorsAreLogProbabilities() {
        let list = GlideWordList(counts: [("a", 3), ("b", 1)])
        #expect(abs(list.glideWords[0].logPrior - (-0.2876820724517809)) < 1e-9)
        #expect(abs(list.glideWords[1].logPrior - (-1.3862943611198906)) < 1e-9)
    }
}
