import ClavierGlide

/// Issue 36's measure: words of running text glided at even and at varying speed, at two
/// scatters, decoded with and without the text before them.
///
/// The words are chosen by a rule fixed before any tuning: every word of the texts that the
/// vocabulary knows and that takes two keys or more, in order, then `count` of them drawn
/// without replacement with a fixed seed (36 for the held-out texts, bench/ksr/held-out/en-*,
/// 1 for the tuning texts, bench/ksr/tuning/en-*), kept in text order. Common words come up
/// as often as text uses them.
enum GlideWords {
    /// One word to glide and the text before it (its context).
    struct Sample {
        var word: String
        var before: String
    }

    /// One row: top-1 and top-3 (percent) without and with context, and each decode's time (ms).
    struct Row {
        var scatter = 0.0, speed = GestureGenerator.Speed.even
        var top1 = 0.0, top3 = 0.0, contextTop1 = 0.0, contextTop3 = 0.0
        var times: [Double] = []
        /// The words missed without context (upper-cased when not even in the top 3), each with
        /// the top 3 and their scores and the gesture's point count: `--glide-tune`'s GLIDE_MISSES.
        var misses: [(word: String, got: String)] = []
    }

    static let scatters = [0.18, 0.25]

    /// The words of `text` the rule picks (see the type's comment).
    static func sample(_ text: String, known: Set<String>, keyboard: GlideKeyboard, count: Int, seed: UInt64) -> [Sample] {
        var all: [Sample] = []
        var before = "", word = ""
        func end() {
            defer {
                before += word
                word = ""
            }
            guard !word.isEmpty, known.contains(word.lowercased()), let path = keyboard.path(of: word), path.count > 1 else { return }
            all.append(Sample(word: word, before: String(before.suffix(200))))
        }
        for ch in text {
            if ch.isLetter || ch == "'" || ch == "’" {
                word.append(ch == "’" ? "'" : ch)
            } else {
                end()
                before.append(ch)
            }
        }
        end()
        var rng = SeedRandom(seed: seed)
        var picked = Set<Int>()
        while picked.count < min(count, all.count) { picked.insert(Int(rng.next() % UInt64(all.count))) }
        return picked.sorted().map { all[$0] }
    }

    /// The common words (GlideBench.commonWords: a half of the 3,000 commonest, odd ranks
    /// measured, even ones tuned on), each once and without text before it: every word counts
    /// the same, as in a test that draws common words uniformly.
    static func common(_ words: [(text: String, prior: Double, path: [UInt8])]) -> [Sample] {
        words.map { Sample(word: $0.text, before: "") }
    }

    /// Glides each sample once with a generator of `scatter` and `speed` (seeded), decoding the
    /// gesture without context and in the sample's context; case is not compared.
    static func measure(_ decoder: GlideDecoder, _ samples: [Sample], scatter: Double, speed: GestureGenerator.Speed,
                        seed: UInt64) -> Row {
        var generator = GestureGenerator(seed: seed, scatter: scatter, speed: speed)
        var row = Row(scatter: scatter, speed: speed)
        var hits = [0, 0, 0, 0]
        let clock = ContinuousClock()
        var counted = 0
        for sample in samples {
            // An offensive word is not offered (GlideBench.offered), so not asked for.
            guard let path = decoder.keyboard.path(of: sample.word), !GlideBench.offensive.contains(sample.word) else { continue }
            counted += 1
            let points = generator.gesture(through: path.map { decoder.keyboard.keys[Int($0)] })
            let target = sample.word.lowercased()
            let start = clock.now
            let found = GlideBench.offered(decoder, points)
            let bare = found.map { $0.word.lowercased() }
            let elapsed = clock.now - start
            row.times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
            // No text before (the common words' rows): the same decode.
            let inContext = sample.before.isEmpty ? bare
                : GlideBench.offered(decoder, points, context: GlideDecoder.context(of: sample.before)).map { $0.word.lowercased() }
            if bare.first == target {
                hits[0] += 1
            } else {
                let got = found.map { "\($0.word):\(Int($0.score))" }.joined(separator: ",") + "#\(points.count)"
                row.misses.append((bare.contains(target) ? target : target.uppercased(), got))
            }
            if bare.contains(target) { hits[1] += 1 }
            if inContext.first == target { hits[2] += 1 }
            if inContext.contains(target) { hits[3] += 1 }
        }
        let n = Double(max(counted, 1))
        (row.top1, row.top3, row.contextTop1, row.contextTop3) =
            (Double(hits[0]) / n * 100, Double(hits[1]) / n * 100, Double(hits[2]) / n * 100, Double(hits[3]) / n * 100)
        return row
    }

    /// Every row: both scatters at even and at varying speed, each with its own gestures.
    static func rows(_ decoder: GlideDecoder, _ samples: [Sample], seed: UInt64) -> [Row] {
        var rows: [Row] = []
        for (i, scatter) in scatters.enumerated() {
            for (j, speed) in GestureGenerator.Speed.allCases.enumerated() {
                rows.append(measure(decoder, samples, scatter: scatter, speed: speed, seed: seed &* 10 &+ UInt64(2 * i + j)))
            }
        }
        return rows
    }

    /// The Markdown table of the common words' rows (no context: top-1 and top-3 only).
    static func commonReport(_ rows: [Row], words: Int) -> String {
        var out = """

        ### Issue 36: common words drawn uniformly at even and at varying speed

        The odd ranks of the 3,000 commonest words of two keys or more (\(words) words; tuning used the even ranks), \
        each glided once per row with seed 2 (GestureGenerator as above), decoded without context (as `clavier glide` \
        without "before"): every word counts the same, as a test that draws common words uniformly.

        | scatter | speed | top-1 | top-3 |
        | --- | --- | --- | --- |

        """
        for row in rows {
            out += "| \(sigma(row)) | \(row.speed) | \(percent(row.top1)) | \(percent(row.top3)) |\n"
        }
        return out + "\nDecode p95 over these rows: \(p95(rows)) ms.\n"
    }

    /// The Markdown table of `rows`.
    static func report(_ rows: [Row], words: Int) -> String {
        var out = """

        ### Issue 36: words of held-out text at even and at varying speed

        \(words) words drawn by a fixed rule from bench/ksr/held-out/en-prose and en-casual (every word the vocabulary knows \
        of two keys or more, \(words) of them at random with seed 36; tuning used bench/ksr/tuning/ with seed 1), each glided \
        once per row (GestureGenerator: scatter σ as given, corners cut, `even`: the same speed all along, as a mouse or head \
        pointer draws; `varying`: slowing at the letters, as a finger does), decoded without context (as `clavier glide` \
        without "before") and after the text before it.

        | scatter | speed | top-1 | top-3 | in context top-1 | in context top-3 |
        | --- | --- | --- | --- | --- | --- |

        """
        for row in rows {
            out += "| \(sigma(row)) | \(row.speed) | \(percent(row.top1)) | \(percent(row.top3)) | \(percent(row.contextTop1)) | \(percent(row.contextTop3)) |\n"
        }
        out += "\nDecode p95 over these rows (no context): \(p95(rows)) ms.\n"
        return out
    }

    /// A share to one decimal: "95.9 %".
    static func percent(_ x: Double) -> String { tenths(x) + " %" }

    /// A row's scatter as the tables give it: "σ 0.18 key".
    static func sigma(_ row: Row) -> String {
        let sigma = String(Int((row.scatter * 100).rounded()))
        return "σ 0.\(sigma.count < 2 ? "0" + sigma : sigma) key"
    }

    /// The 95th percentile of the rows' decode times, in ms to one decimal.
    static func p95(_ rows: [Row]) -> String {
        let times = rows.flatMap(\.times).sorted()
        return tenths(times.isEmpty ? 0 : times[times.count * 95 / 100])
    }

    static func tenths(_ x: Double) -> String {
        let t = Int((x * 10).rounded())
        return "\(t / 10).\(t % 10)"
    }
}
