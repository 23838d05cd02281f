import ClavierBuiltins
import ClavierCore
import ClavierGlide
import ClavierPredict
import ClavierTestSupport
import Glibc

/// `clavier-bench --glide`: the glide decoder's accuracy on generated gestures (GestureGenerator)
/// over a full vocabulary, its decode time and the memory its templates add.
///
/// Held out: the common words (the lexicon's top `common` by prior, of two keys or more) are
/// split by rank; tuning (`--glide-tune`) draws only even ranks with seed 1, the measurement
/// only odd ranks with seed 2, so no measured word or gesture was seen while tuning.
enum GlideBench {
    struct Figures {
        var words = 0, gestures = 0
        var top1 = 0.0, top3 = 0.0, weightedTop1 = 0.0, weightedTop3 = 0.0
        /// Words of held-out running text (bench/ksr), each in the context of the two before it.
        var textTop1 = 0.0, textTop3 = 0.0, textWords = 0, textSkipped = 0, texts = ""
        var p50 = 0.0, p95 = 0.0
        var memoryKB = 0.0, buildMs = 0.0
    }

    static let size = Size(width: 1280, height: 330)

    /// The letter keys of the built-in us layout at `size`.
    static func keyboard(size: Size = size) -> GlideKeyboard {
        let keyboard = Keyboard(layout: .us, size: size)
        return GlideKeyboard(keys: keyboard.glideLetters.map {
            GlideKey(letter: $0.letter, x: Double($0.rect.x), y: Double($0.rect.y), width: Double($0.rect.width), height: Double($0.rect.height))
        })
    }

    /// A language model as the decoder's lexicon, as the keyboard makes it (GlideVocabulary).
    static func model(_ model: SystemModel) -> GlideLanguageModel {
        GlideLanguageModel(words: (1..<model.vocabularyCount).map { GlideWord(model.word($0), logPrior: Double(model.unigramLogProbability($0))) },
                           context: { model.logProbability(of: $0, after: $1) })
    }

    /// Words and frequencies from a file of `word<TAB>frequency` lines.
    static func wordList(_ path: String) throws(HarnessError) -> GlideWordList {
        guard let text = TextFile.read(path) else { throw HarnessError("cannot read \(path)") }
        var counts: [(String, Double)] = []
        for (n, line) in text.split(separator: "\n").enumerated() {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let f = Double(fields[1]) else { throw HarnessError("\(path):\(n + 1): not word<TAB>frequency") }
            counts.append((String(fields[0]), f))
        }
        return GlideWordList(counts: counts)
    }

    /// The English list of offensive words (Assets/offensive/en.txt): `clavier glide` and the
    /// keyboard leave them out of what they offer (`--offensive-words block`, a user who never
    /// typed them), so the bench does too, and does not ask for them.
    static let offensive = OffensiveWords.read(Bench.assets() + "/offensive/en.txt") ?? OffensiveWords(list: "")

    /// The best `limit` words for a gesture that `clavier glide` offers: offensive ones left out.
    static func offered(_ decoder: GlideDecoder, _ points: [GlidePoint], context: [String] = [], limit: Int = 3) -> [GlideCandidate] {
        Array(decoder.decode(points, context: context, limit: limit + 5).filter { !offensive.contains($0.word) }.prefix(limit))
    }

    /// The measured (odd) or tuning (even) half of the `common` likeliest words of 2 keys or more.
    static func commonWords(_ lexicon: any GlideLexicon, keyboard: GlideKeyboard, common: Int, odd: Bool) -> [(text: String, prior: Double, path: [UInt8])] {
        let ranked = lexicon.glideWords.compactMap { w in keyboard.path(of: w.text).flatMap { $0.count > 1 ? (w.text, w.logPrior, $0) : nil } }
            .sorted { $0.1 > $1.1 }.prefix(common)
        // Split first, so that leaving out the offensive words moves no word to the other half.
        return ranked.enumerated().filter { ($0.offset % 2 == 1) == odd && !offensive.contains($0.element.0) }.map { $0.element }
    }

    /// Accuracy (uniform over the words and weighted by their frequency) and decode times.
    static func measure(_ decoder: GlideDecoder, words: [(text: String, prior: Double, path: [UInt8])], gestures: Int,
                        seed: UInt64) -> Figures {
        var generator = GestureGenerator(seed: seed)
        var figures = Figures()
        figures.words = words.count
        figures.gestures = gestures
        let clock = ContinuousClock()
        var times: [Double] = []
        // Weighted draws: cumulative priors.
        var cumulative: [Double] = []
        var sum = 0.0
        for w in words { sum += exp(w.prior); cumulative.append(sum) }
        for weighted in [false, true] {
            var hits1 = 0, hits3 = 0
            for g in 0..<gestures {
                let pick: Int
                if weighted {
                    let r = Double.random(in: 0..<sum, using: &generator.rng)
                    pick = cumulative.firstIndex { $0 > r } ?? words.count - 1
                } else {
                    pick = (g * 7919 + Int(generator.rng.next() % 7)) % words.count
                }
                let word = words[pick]
                let points = generator.gesture(through: word.path.map { decoder.keyboard.keys[Int($0)] })
                let start = clock.now
                let found = offered(decoder, points)
                let elapsed = clock.now - start
                times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
                if found.first?.word == word.text { hits1 += 1 }
                if found.contains(where: { $0.word == word.text }) { hits3 += 1 }
            }
            let top1 = Double(hits1) / Double(gestures) * 100, top3 = Double(hits3) / Double(gestures) * 100
            if weighted { (figures.weightedTop1, figures.weightedTop3) = (top1, top3) } else { (figures.top1, figures.top3) = (top1, top3) }
        }
        times.sort()
        figures.p50 = times[times.count / 2]
        figures.p95 = times[times.count * 95 / 100]
        return figures
    }

    /// Glides the words of `text` (held-out running text) in order, each decoded after the text
    /// before it, up to `gestures` words; words of one key or outside the vocabulary are skipped
    /// (counted). Returns top-1 and top-3 (case-insensitive), words glided, words skipped.
    static func measureText(_ decoder: GlideDecoder, text: String, gestures: Int, seed: UInt64) -> (Double, Double, Int, Int) {
        var generator = GestureGenerator(seed: seed)
        let known = Set(decoder.lexicon.glideWords.map { $0.text.lowercased() })
        var before = "", word = ""
        var glided = 0, skipped = 0, hits1 = 0, hits3 = 0
        func glide() {
            defer { word = "" }
            guard !word.isEmpty, glided < gestures else { return }
            guard known.contains(word.lowercased()), !offensive.contains(word), let path = decoder.keyboard.path(of: word), path.count > 1 else {
                skipped += 1
                return
            }
            let points = generator.gesture(through: path.map { decoder.keyboard.keys[Int($0)] })
            let found = offered(decoder, points, context: GlideDecoder.context(of: before)).map { $0.word.lowercased() }
            glided += 1
            if found.first == word.lowercased() { hits1 += 1 }
            if found.contains(word.lowercased()) { hits3 += 1 }
        }
        for ch in text {
            if ch.isLetter || ch == "'" || ch == "’" {
                word.append(ch == "’" ? "'" : ch)
            } else {
                glide()
            }
            before.append(ch)
        }
        glide()
        return (Double(hits1) / Double(max(glided, 1)) * 100, Double(hits3) / Double(max(glided, 1)) * 100, glided, skipped)
    }

    /// Builds the decoder over `lexicon` (measuring the memory and time it adds) and measures it,
    /// on the common words and, when given, on held-out running text.
    /// `rssBefore` (kB) is the resident size before the lexicon was made, so its word list counts too.
    static func run(lexicon: any GlideLexicon, gestures: Int, common: Int = 3000, text: (name: String, text: String)? = nil,
                    rssBefore: Double? = nil) -> Figures {
        let keys = keyboard()
        let before = rssBefore ?? ProcStats.memory(pid: getpid())?.rss ?? 0
        let clock = ContinuousClock()
        let start = clock.now
        let decoder = GlideDecoder(keyboard: keys, lexicon: lexicon)
        let built = clock.now - start
        let after = ProcStats.memory(pid: getpid())?.rss ?? 0
        var figures = measure(decoder, words: commonWords(lexicon, keyboard: keys, common: common, odd: true), gestures: gestures, seed: 2)
        if let text {
            (figures.textTop1, figures.textTop3, figures.textWords, figures.textSkipped) =
                measureText(decoder, text: text.text, gestures: gestures, seed: 3)
            figures.texts = text.name
        }
        figures.memoryKB = after - before
        figures.buildMs = Double(built.components.attoseconds) / 1e15 + Double(built.components.seconds) * 1000
        return figures
    }

    /// The Markdown section `make bench` prints.
    static func report(_ f: Figures, vocabulary: Int, source: String) -> String {
        func r(_ x: Double) -> String { String(Int((x * 10).rounded())).inserting(decimalPointBeforeLast: 1) }
        return """
        ## Glide typing (clavier-bench --glide)

        \(f.gestures) generated gestures per row (GestureGenerator's noise: scatter σ 0.22 key, corners cut 0.15–0.45 of a segment and at most 0.7 key, \
        top speed 0.8–2.5 keys per 100 ms slowing to 0.35 of it at the letters, 8–17 ms sampling, jitter σ 0.03 key) on the us layout at \(size.width)×\(size.height), over \(vocabulary) words (\(source)); \
        measured words are the odd ranks of the 3,000 commonest with seed 2, held out from tuning (even ranks, seed 1).

        | words drawn | top-1 | top-3 |
        | --- | --- | --- |
        | common words, uniformly (\(f.words)) | \(r(f.top1)) % | \(r(f.top3)) % |
        | common words, by frequency (running text) | \(r(f.weightedTop1)) % | \(r(f.weightedTop3)) % |
        \(f.textWords == 0 ? "" : "| held-out text in context (\(f.texts): \(f.textWords) words, \(f.textSkipped) not glidable or unknown skipped) | \(r(f.textTop1)) % | \(r(f.textTop3)) % |\n")

        | decode p50 | decode p95 | templates built | memory added (RSS: words and templates) |
        | --- | --- | --- | --- |
        | \(r(f.p50)) ms | \(r(f.p95)) ms | \(r(f.buildMs)) ms | \(Int(f.memoryKB)) kB |

        """
    }
}

extension String {
    /// "123" → "12.3" for one digit after the point.
    fileprivate func inserting(decimalPointBeforeLast digits: Int) -> String {
        var s = self
        while s.count <= digits { s = "0" + s }
        s.insert(".", at: s.index(s.endIndex, offsetBy: -digits))
        return s
    }
}
