import ClavierGlide
import ClavierPredict
import Testing

/// The rules the shipped English model decides (issue 36): a common word beats a rare one of
/// a similar shape, and words of the same path (to, too) go by context.
@Suite struct GlideWordsTests {
    /// The decoder over the shipped English model, as the keyboard makes its lexicon.
    static let decoder: GlideDecoder? = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        guard let model = try? SystemModel(path: parts.joined(separator: "/") + "/Assets/models/en.lm") else { return nil }
        let lexicon = GlideLanguageModel(
            words: (1..<model.vocabularyCount).map { GlideWord(model.word($0), logPrior: Double(model.unigramLogProbability($0))) },
            context: { model.logProbability(of: $0, after: $1) })
        // QWERTY, 100 px keys, rows offset as on the system keyboard.
        var keys: [GlideKey] = []
        for (r, (row, indent)) in [("qwertyuiop", 0.0), ("asdfghjkl", 50.0), ("zxcvbnm", 150.0)].enumerated() {
            for (i, letter) in row.enumerated() {
                keys.append(GlideKey(letter: letter, x: indent + Double(i) * 100, y: Double(r) * 100, width: 100, height: 100))
            }
        }
        return GlideDecoder(keyboard: GlideKeyboard(keys: keys), lexicon: lexicon)
    }()

    func centre(_ letter: Character, _ decoder: GlideDecoder) -> GlidePoint {
        decoder.keyboard.keys[decoder.keyboard.key(for: letter)!].centre
    }

    /// Points every 20 px (an even speed: no slowing anywhere) along straight lines through `stops`.
    func even(_ stops: [GlidePoint]) -> [GlidePoint] {
        var points = [stops[0]]
        for (a, b) in zip(stops, stops.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            var along = 20.0
            while along < length {
                points.append(GlidePoint(x: a.x + dx * along / length, y: a.y + dy * along / length))
                along += 20
            }
            points.append(b)
        }
        return points
    }

    @Test func aCommonWordBeatsARareOneOfTheSameShape() throws {
        let decoder = try #require(Self.decoder, "Assets/models/en.lm")
        // s, then halfway between h and t (as near the rare "ste" as the common "she"), then e.
        let (s, h, t, e) = (centre("s", decoder), centre("h", decoder), centre("t", decoder), centre("e", decoder))
        let between = GlidePoint(x: (h.x + t.x) / 2, y: (h.y + t.y) / 2)
        let words = decoder.decode(even([s, between, e])).map(\.word)
        #expect(words.first == "she", "\(words)")
        // l, o, then a corner cut short of n (two thirds of the way there) before g: "long", not
        // the rarer "log" that the cut corner is nearer to.
        let (l, o, n, g) = (centre("l", decoder), centre("o", decoder), centre("n", decoder), centre("g", decoder))
        let towardsN = GlidePoint(x: o.x + (n.x - o.x) * 2 / 3, y: o.y + (n.y - o.y) * 2 / 3)
        let long = decoder.decode(even([l, o, towardsN, g])).map(\.word)
        #expect(long.first == "long", "\(long)")
    }

    /// Keys twice as wide as tall, as the system keyboard's at 1280×330: a step of a row is
    /// half a key's width in pixels but a whole key to a hand that aims within each key.
    /// Measured in pixels, these gestures through the letters' very centres read as less,
    /// Linus, Larry and does.
    @Test(arguments: ["lots", "likes", "library", "dogs"])
    func aRowCountsAsAKeyOnWideKeys(word: String) throws {
        let shared = try #require(Self.decoder, "Assets/models/en.lm")
        var keys: [GlideKey] = []
        for (r, (row, indent)) in [("qwertyuiop", 0.0), ("asdfghjkl", 50.0), ("zxcvbnm", 150.0)].enumerated() {
            for (i, letter) in row.enumerated() {
                keys.append(GlideKey(letter: letter, x: indent + Double(i) * 100, y: Double(r) * 50, width: 100, height: 50))
            }
        }
        let decoder = GlideDecoder(keyboard: GlideKeyboard(keys: keys), lexicon: shared.lexicon)
        let words = decoder.decode(even(word.map { centre($0, decoder) }), limit: 3).map(\.word)
        #expect(words.first == word, "\(words)")
    }

    @Test func anEmptyContextWeighsTheWordsPriorBesideASentencesStart() throws {
        var decoder = try #require(Self.decoder, "Assets/models/en.lm")
        // w → e → r → e is the path of "were" and "we're": a sentence's start says "we're", running
        // text (whose words before may be out of the keyboard's sight) "were".
        let gesture = even(["w", "e", "r", "e"].map { centre($0, decoder) })
        #expect(decoder.decode(gesture).first?.word == "were")
        #expect(decoder.decode(gesture, context: ["they"]).first?.word == "were")
        decoder.tuning.unseenContext = 0
        #expect(decoder.decode(gesture).first?.word == "we're", "a sentence's start alone")
    }

    @Test(arguments: [(["i", "want"], "to"), (["far"], "too"), (["it's"], "too"), (["going"], "to")])
    func doubleLettersGoByContext(context: [String], expected: String) throws {
        let decoder = try #require(Self.decoder, "Assets/models/en.lm")
        // t → o is the path of both "to" and "too".
        let words = decoder.decode(even([centre("t", decoder), centre("o", decoder)]), context: context).map(\.word)
        #expect(words.first == expected, "\(words) after \(context)")
        #expect(words.prefix(3).contains(expected == "to" ? "too" : "to"), "the other on the bar: \(words)")
    }
}
