import ClavierBuiltins
import ClavierCore
import ClavierCorrect
import ClavierPredict
import Glibc

/// `clavier-bench --autocorrect`: autocorrection's word error rate on running text typed with
/// taps scattered around the key centres (Gaussian, σ a share of a key's width across and 0.8
/// of that down), before and after the engine, the share of right words it changed, and its
/// time per word.
enum AutocorrectBench {
    /// The default us layout at the size issue 36's goal names, suggestion bar included.
    static let size = Size(width: 1000, height: 282)

    struct Figures {
        var sigma = 0.0
        var label = ""
        var words = 0, skipped = 0
        var typedWrong = 0, leftWrong = 0
        var typedRight = 0, rightChanged = 0
        var wrongFixed = 0
        var p50 = 0.0, p95 = 0.0
        var typedRate: Double { Double(typedWrong) / Double(max(words, 1)) * 100 }
        var leftRate: Double { Double(leftWrong) / Double(max(words, 1)) * 100 }
        var changedRate: Double { Double(rightChanged) / Double(max(typedRight, 1)) * 100 }
    }

    /// Taps for a word: each letter's key centre plus Gaussian scatter; the key hit is the one
    /// the keyboard's hit-testing finds there (a tap on Shift or space types nothing).
    struct TapGenerator {
        let keyboard: Keyboard
        let centres: [Character: Point]
        let letterAt: [Rect: Character]
        let pitch: Double
        var rng: SeedRandom

        init(keyboard: Keyboard, seed: UInt64) {
            self.keyboard = keyboard
            let letters = keyboard.glideLetters
            var centres: [Character: Point] = [:]
            for (letter, rect) in letters where centres[letter] == nil {
                centres[letter] = Point(x: Double(rect.x) + Double(rect.width) / 2, y: Double(rect.y) + Double(rect.height) / 2)
            }
            self.centres = centres
            letterAt = Dictionary(letters.map { ($0.rect, $0.letter) }) { first, _ in first }
            let widths = letters.map { Double($0.rect.width) }.sorted()
            pitch = widths[widths.count / 2]
            rng = SeedRandom(seed: seed)
        }

        /// Whether every character of `word` is a letter key's or an apostrophe.
        func typable(_ word: String) -> Bool {
            word.allSatisfy { $0 == "'" || centres[Character($0.lowercased())] != nil }
        }

        /// The taps typing `word` with scatter σ (key widths across; 0.8 σ down); with
        /// probability `slips`, first a slip of the hand: two neighbouring letters swapped or a
        /// letter typed twice (half each).
        mutating func taps(_ word: String, sigma: Double, slips: Double = 0) -> [CorrectionTap] {
            var letters = Array(word)
            if slips > 0, letters.count >= 2, Double.random(in: 0..<1, using: &rng) < slips {
                let i = Int.random(in: 0..<(letters.count - 1), using: &rng)
                if Bool.random(using: &rng), letters[i] != letters[i + 1] {
                    letters.swapAt(i, i + 1)
                } else {
                    letters.insert(letters[i], at: i)
                }
            }
            var out: [CorrectionTap] = []
            for ch in letters {
                guard let centre = centres[Character(ch.lowercased())] else {
                    out.append(CorrectionTap(ch, at: nil))  // An apostrophe from the numbers page, typed right.
                    continue
                }
                let point = Point(x: centre.x + rng.gaussian() * sigma * pitch, y: centre.y + rng.gaussian() * 0.8 * sigma * pitch)
                guard let frame = keyboard.geometry.frame(at: point), let letter = letterAt[frame.rect] else { continue }
                out.append(CorrectionTap(ch.isUppercase ? Character(letter.uppercased()) : letter, at: point))
            }
            return out
        }
    }

    /// The words of `text` with the text before each: letters with apostrophes inside.
    static func words(_ text: String) -> [(word: String, before: Substring)] {
        var out: [(String, Substring)] = []
        var start = text.startIndex, current = ""
        var i = text.startIndex
        func flush(at end: String.Index) {
            var word = current
            while word.last == "'" { word.removeLast() }
            if !word.isEmpty { out.append((word, text[..<start])) }
            current = ""
        }
        while i < text.endIndex {
            let ch = text[i]
            if ch.isLetter || ch.isNumber || ((ch == "'" || ch == "’") && !current.isEmpty) {
                if current.isEmpty { start = i }
                current.append(ch == "’" ? "'" : ch)
            } else {
                flush(at: i)
            }
            i = text.index(after: i)
        }
        flush(at: i)
        return out
    }

    /// The scatter at which `rate` (%) of the words of `text` come out wrong as tapped (by
    /// bisection, with `seed`): the σ as its own generator meant it, whatever unit that was.
    static func scatter(wrong rate: Double, keyboard: Keyboard, text: String, seed: UInt64, limit: Int) -> Double {
        let typable = TapGenerator(keyboard: keyboard, seed: seed)
        let list = words(text).map(\.word).filter(typable.typable).prefix(limit)
        var lo = 0.05, hi = 0.6
        for _ in 0..<14 {
            let mid = (lo + hi) / 2
            var generator = TapGenerator(keyboard: keyboard, seed: seed)
            let wrong = list.reduce(0) { n, word in n + (String(generator.taps(word, sigma: mid).map(\.character)) == word ? 0 : 1) }
            if Double(wrong) / Double(max(list.count, 1)) * 100 < rate { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Types up to `limit` words of `text` with scatter `sigma` and corrects each after the
    /// text before it (as the person meant it: earlier words count as typed right).
    static func measure(_ corrector: Autocorrector, model: Predictor, keyboard: Keyboard, text: String, sigma: Double,
                        slips: Double = 0, seed: UInt64, limit: Int, wrong: ((_ typed: String, _ left: String, _ meant: String, _ before: String) -> Void)? = nil) -> Figures {
        var generator = TapGenerator(keyboard: keyboard, seed: seed)
        var f = Figures()
        f.sigma = sigma
        var times: [Double] = []
        let clock = ContinuousClock()
        for (word, before) in words(text) {
            guard f.words < limit else { break }
            guard generator.typable(word) else { f.skipped += 1; continue }
            let taps = generator.taps(word, sigma: sigma, slips: slips)
            let start = clock.now
            let result = corrector.correct(taps, before: String(before), model: model)
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
            f.words += 1
            let typedRight = result.typed == word
            let leftRight = result.word.map { $0 == "’" ? "'" : $0 } == Array(word)
            if typedRight { f.typedRight += 1 } else { f.typedWrong += 1 }
            if !leftRight {
                f.leftWrong += 1
                wrong?(result.typed, result.word, word, String(before))
            }
            if typedRight, result.isChanged { f.rightChanged += 1 }
            if !typedRight, leftRight { f.wrongFixed += 1 }
        }
        times.sort()
        if !times.isEmpty {
            f.p50 = times[times.count / 2]
            f.p95 = times[min(times.count - 1, times.count * 95 / 100)]
        }
        return f
    }

    /// The Markdown section `make bench` prints.
    /// `x` with `digits` digits after the point.
    static func decimal(_ x: Double, _ digits: Int = 1) -> String {
        guard digits > 0 else { return String(Int(x.rounded())) }
        var s = String(Int((abs(x) * pow(10, Double(digits))).rounded()))
        while s.count <= digits { s = "0" + s }
        s.insert(".", at: s.index(s.endIndex, offsetBy: -digits))
        return x < 0 ? "-" + s : s
    }

    static func report(_ rows: [Figures], texts: String, vocabulary: Int, nodes: Int, lexiconMs: Double) -> String {
        func r(_ x: Double, _ digits: Int = 1) -> String { decimal(x, digits) }
        var out = """
        ## Autocorrect (clavier-bench --autocorrect)

        Held-out running text (\(texts): bench/ksr/held-out, from which no model was built and nothing tuned), each word \
        typed after the text before it with taps at its letters' key centres plus Gaussian scatter (σ a share of a key's \
        width across, 0.8 of that down; seed 5), on the built-in us layout at \(size.width)×\(size.height), suggestion bar \
        included; the key hit is the one Clavier's hit-testing finds (a tap on Shift or space types nothing), Shift and \
        apostrophes typed right. The engine (ClavierCorrect's `Autocorrector`, the English model's \(vocabulary) words, \
        no learned words) leaves a word or replaces it; a word is wrong when it differs from the text's. With Clavier's \
        hit-testing (a tap in a gap goes to the nearest key) the issue's σ 0.17 and 0.2 make far fewer words wrong as \
        tapped than the 31 % and 48 % it names, so the scatters that make that many wrong are measured too.

        | scatter σ | words | wrong as tapped | wrong after the space | wrong words put right | right words changed | p50 | p95 |
        | --- | --- | --- | --- | --- | --- | --- | --- |

        """
        for f in rows {
            out += "| \(f.label) | \(f.words) | \(r(f.typedRate)) % | \(r(f.leftRate)) % (\(r(f.leftRate / max(f.typedRate, 0.001) * 100, 0)) % of it) "
                + "| \(r(Double(f.wrongFixed) / Double(max(f.typedWrong, 1)) * 100)) % | \(r(f.changedRate, 2)) % (\(f.rightChanged) of \(f.typedRight)) "
                + "| \(r(f.p50, 2)) ms | \(r(f.p95, 2)) ms |\n"
        }
        out += "\nThe lexicon, a trie of the vocabulary (\(nodes) nodes, \(nodes * 14 / 1024) kB), is built once per language: \(r(lexiconMs)) ms.\n"
        return out
    }
}
