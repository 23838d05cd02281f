import Glibc

/// What autocorrection (ClavierCorrect) asks of the models: the context of the word being
/// ended, word after word scored in it by vocabulary id, and whether the user typed a word.
extension Predictor {
    /// The context a word typed after `before` follows, made once for all its candidates.
    public struct WordContext {
        let u: String?, v: String?
        let systemU: Int?, systemV: Int?
        let lambda: Double
    }

    /// The context of the word after `before` (the text before it, as `suggestions` reads it):
    /// its last two words, a sentence's start, or an unknown word (one with a digit).
    public func context(before: String) -> WordContext {
        let tail = before.suffix(200)
        var all = words.tokens(String(tail))
        if tail.startIndex != before.startIndex, all.count > 2 { all.removeFirst() }
        let keys = all.suffix(2).map { Self.key($0, language: language) }
        let v = keys.last ?? nil
        let u = keys.count == 2 && v != nil ? keys.first ?? nil : nil
        var su: Int?, sv: Int?
        if let system {
            sv = v.map { $0 == UserModel.start ? 0 : system.id(of: $0) } ?? nil
            su = sv == nil ? nil : u.map { $0 == UserModel.start ? 0 : system.id(of: $0) } ?? nil
        }
        return WordContext(u: u, v: v, systemU: su, systemV: sv, lambda: lambda(u, v))
    }

    /// ln P(word | context), the system and user models mixed as `suggestions` mixes them;
    /// `id` is the word's system vocabulary id when it has one (`key`: its lowercase spelling).
    /// nil for a word neither model knows.
    public func logProbability(of key: String, id: Int?, in context: WordContext) -> Double? {
        var p = 0.0
        if let system, let id, id > 0, id < system.vocabularyCount {
            p = (1 - context.lambda) * system.probability(id, after: context.systemU, context.systemV)
        }
        if context.lambda > 0 { p += context.lambda * user.probability(key, after: context.u, context.v) }
        return p > 0 ? log(p) : nil
    }

    /// The lowercase spelling of system word `id` (as `vocabularyWord` gives it, without its case).
    public func vocabularyKey(_ id: Int) -> String {
        guard let system, id > 0, id < system.vocabularyCount else { return "" }
        return String(decoding: system.key(id), as: UTF8.self)
    }

    /// Whether system word `id` is ever offered (not the sentence start, not a French elided "l'").
    public func isOffered(_ id: Int) -> Bool {
        guard let system, id > 0, id < system.vocabularyCount else { return false }
        return system.suggestible(id)
    }

    /// The system vocabulary id of `word` (any case), if it has one.
    public func vocabularyID(of word: String) -> Int? { system?.id(of: word) }

    /// Whether the user typed `word` (any case): learned in the user model, or among the words
    /// learned lately.
    public func hasLearned(_ word: String) -> Bool {
        let key = Self.key(typed: word, language: language)
        return user.unigrams[key] != nil || recentCounts[key] != nil
    }
}
