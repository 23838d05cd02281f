import ClavierCore
import ClavierPredict

/// What autocorrection leaves of a word once it ends.
public struct Correction: Equatable, Sendable {
    /// The letters of the keys hit.
    public var typed: String
    /// What the keyboard leaves after the space: `typed`, or the word that replaces it.
    public var word: String
    /// Other words it could have been, best first (`typed` first when it was replaced), for
    /// the bar.
    public var alternatives: [String]

    public var isChanged: Bool { word != typed }
}

/// Autocorrection's engine (issue 36): when a word ends, the likeliest word given where each
/// tap landed and the text before it, if that is confident enough. A noisy channel:
/// score(w) = ln P(taps | w) + languageWeight · ln P(w | context), where P(taps | w) is a 2-D
/// Gaussian around each letter's key centre, with letters left out, taps too many and
/// neighbours swapped at a cost (`CorrectionSearch`), and P(w | context) the language's
/// models (`Predictor`, the user's words mixed in). The typed word is replaced only when
/// the best word's score beats its own by `margin`, and never when the user typed it before.
///
/// Pure and fast: no I/O (once the predictor's model is mapped), nothing kept of the taps.
/// Make one per keyboard geometry and language (the lexicon is the costly part: make it once
/// per language and share it).
public struct Autocorrector: Sendable {
    public let keyboard: CorrectionKeyboard
    public let lexicon: CorrectionLexicon
    public var tuning = CorrectionTuning()
    /// For each character of the lexicon's alphabet: the key that types it (-1: none) and
    /// whether that key types it without its accent.
    private let keyOf: [Int]
    private let folded: [Bool]

    public init(keyboard: CorrectionKeyboard, lexicon: CorrectionLexicon) {
        self.keyboard = keyboard
        self.lexicon = lexicon
        var keyOf: [Int] = [], folded: [Bool] = []
        for ch in lexicon.alphabet {
            if let k = keyboard.key(for: ch) {
                keyOf.append(k)
                folded.append(false)
            } else if let k = keyboard.foldedKey(for: ch) {
                keyOf.append(k)
                folded.append(true)
            } else {
                keyOf.append(-1)
                folded.append(false)
            }
        }
        self.keyOf = keyOf
        self.folded = folded
    }

    /// The word the taps of a word just ended leave, typed after `before` (the text before the
    /// word), with `model` the language's predictor (its system model and what the user typed).
    /// More taps than this are left as typed at once: no word of the lexicon is within
    /// `tuning.bound` of them, each tap past a word's letters costing an `insertion` (one more
    /// for a tap nearer another key's centre than its own; with free insertions, as many taps
    /// again as the longest word). The search's work grows with the taps times the words it
    /// walks: 100,000 taps took 23 s (issue 48).
    public var mostTaps: Int {
        let insertions = tuning.insertion > 0 ? Int((tuning.bound / tuning.insertion).rounded(.down)) : lexicon.longest
        return lexicon.longest + insertions + 1
    }

    public func correct(_ taps: [CorrectionTap], before: String, model: Predictor) -> Correction {
        let typed = String(taps.map(\.character))
        let unchanged = Correction(typed: typed, word: typed, alternatives: [])
        guard taps.count >= tuning.shortest, taps.count <= mostTaps, !keyboard.isEmpty, !lexicon.alphabet.isEmpty,
              typed.allSatisfy({ $0.isLetter || Self.isMark($0) }), typed.contains(where: \.isLetter) else { return unchanged }
        let typedKey = Self.key(typed)
        // A word the user typed before is theirs.
        guard !model.hasLearned(typedKey) else { return unchanged }
        let search = self.search(taps)
        var found = search.run(lexicon, taps: taps.count)
        guard !found.isEmpty else { return unchanged }
        // The cheapest by taps and unigram are scored in context.
        let weight = tuning.languageWeight
        if found.count > tuning.scored {
            func estimate(_ c: (id: Int, cost: Double)) -> Double {
                c.cost - weight * Double(model.unigramLogProbability(c.id))
            }
            found.sort { estimate($0) < estimate($1) }
            found.removeLast(found.count - tuning.scored)
        }
        let context = model.context(before: before)
        let typedLog = model.logProbability(of: typedKey, id: model.vocabularyID(of: typedKey), in: context)
        let unknown = tuning.unknownLogProbability - tuning.unknownPerLetter * Double(max(0, taps.count - 3))
        let typedScore = weight * (typedLog ?? unknown)
        var ranked: [(id: Int, key: String, score: Double)] = []
        ranked.reserveCapacity(found.count)
        for (id, cost) in found {
            let key = model.vocabularyKey(id)
            guard let log = model.logProbability(of: key, id: id, in: context) else { continue }
            ranked.append((id, key, weight * log - cost))
        }
        ranked.sort { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }
        guard let best = ranked.first else { return unchanged }
        let curly = typed.contains("’") || (!typed.contains("'") && before.suffix(200).contains("’") && !before.suffix(200).contains("'"))
        func written(_ id: Int) -> String { Self.written(model.vocabularyWord(id), like: typed, curly: curly) }
        let replace = best.key != typedKey && best.score - typedScore >= tuning.margin
        let word = replace ? written(best.id) : typed
        var alternatives = replace ? [typed] : []
        for candidate in ranked where alternatives.count < 3 && candidate.key != typedKey {
            let text = written(candidate.id)
            if text != word, !alternatives.contains(text) { alternatives.append(text) }
        }
        return Correction(typed: typed, word: word, alternatives: alternatives)
    }

    /// The costs of these taps meaning each character of the lexicon's alphabet.
    func search(_ taps: [CorrectionTap]) -> CorrectionSearch {
        let t = tuning
        let alphabet = lexicon.alphabet
        var substitution = [Double](repeating: t.substitutionCap, count: taps.count * alphabet.count)
        for (i, tap) in taps.enumerated() {
            let typed = Self.key(String(tap.character)).first ?? tap.character
            let row = i * alphabet.count
            guard let point = tap.point, let hit = keyboard.key(for: typed) else {
                // Typed off the letter keys (or with a key that types an accent itself): that character exactly.
                if let a = lexicon.alphabetIndex[typed] { substitution[row + Int(a)] = 0 }
                continue
            }
            let base = keyboard.distanceCost(point, hit, sigmaX: t.sigmaX, sigmaY: t.sigmaY)
            for a in 0..<alphabet.count {
                let k = keyOf[a]
                guard k >= 0 else { continue }
                let cost = k == hit ? 0 : min(keyboard.distanceCost(point, k, sigmaX: t.sigmaX, sigmaY: t.sigmaY) - base, t.substitutionCap)
                substitution[row + a] = folded[a] ? min(cost + t.accent, t.substitutionCap) : cost
            }
        }
        let omission = alphabet.map { Self.isMark($0) ? t.markOmission : t.omission }
        return CorrectionSearch(substitution: substitution, omission: omission,
                                insertion: [Double](repeating: t.insertion, count: taps.count),
                                transposition: t.transposition, bound: t.bound, longer: t.longer)
    }

    static func isMark(_ c: Character) -> Bool { c == "'" || c == "’" || c == "-" }

    /// The lexicon's spelling: lowercase, the straight apostrophe.
    static func key(_ text: String) -> String { String(text.lowercased().map { $0 == "’" ? "'" : $0 }) }

    /// `word` (as the model writes it: "I", "London", "the") in the case of what was typed: a
    /// capital typed first stays ("Teh" → "The"), all capitals stay ("TEH" → "THE").
    static func written(_ word: String, like typed: String, curly: Bool) -> String {
        var out = word
        let letters = typed.filter(\.isLetter)
        if letters.count > 1, letters.allSatisfy(\.isUppercase) {
            out = out.uppercased()
        } else if let first = typed.first, first.isUppercase {
            out = out.prefix(1).uppercased() + out.dropFirst()
        }
        return curly ? String(out.map { $0 == "'" ? "’" : $0 }) : out
    }
}
