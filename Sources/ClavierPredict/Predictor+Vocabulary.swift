import Glibc
import ClavierText

/// The vocabulary and context probabilities, for callers that rank words themselves (glide
/// typing): ids 1..<vocabularyCount, most frequent first (0 is the sentence start).
extension Predictor {
    /// How many ids the system vocabulary has (0 without a system model).
    public var vocabularyCount: Int { system?.vocabularyCount ?? 0 }

    /// Word `id` as usually written ("I", "London").
    public func vocabularyWord(_ id: Int) -> String { system?.word(id) ?? "" }

    /// ln P(word `id`) in the system model.
    public func unigramLogProbability(_ id: Int) -> Float { system?.unigramLogProbability(id) ?? -.infinity }

    /// ln P(word | previous words), the system and user models mixed as `suggestions` mixes
    /// them; `previous` ends with the word just before, "" for a sentence start. nil for a
    /// word neither model knows.
    public func logProbability(of word: String, after previous: [String]) -> Double? {
        let keys = previous.suffix(2).map { $0.isEmpty ? UserModel.start : LanguageCase.lower($0, language: language) }
        let v = keys.last ?? UserModel.start
        let u = keys.count == 2 ? keys.first : nil
        let key = LanguageCase.lower(word, language: language)
        let lambda = self.lambda(u, v)
        var p = 0.0
        if let system, let id = system.id(of: key) {
            let sv = v == UserModel.start ? 0 : system.id(of: v)
            let su = u.map { $0 == UserModel.start ? 0 : system.id(of: $0) } ?? nil
            p = (1 - lambda) * system.probability(id, after: sv == nil ? nil : su, sv)
        }
        if lambda > 0 { p += lambda * user.probability(key, after: u, v) }
        return p > 0 ? log(p) : nil
    }
}
