/// A word the decoder may return, with its prior: the natural log of its probability
/// among all words (a unigram model's log P(word)).
public struct GlideWord: Hashable, Sendable {
    public var text: String
    public var logPrior: Double
    public init(_ text: String, logPrior: Double) {
        self.text = text
        self.logPrior = logPrior
    }
}

/// What the decoder needs of a language model: its words with their priors, and how likely
/// one of them is after the words typed before it. The prediction module's model conforms;
/// `GlideWordList` is the plain one (priors only).
public protocol GlideLexicon: Sendable {
    /// Every word the decoder may return, in a fixed order (indices name them below).
    var glideWords: [GlideWord] { get }
    /// The natural log of P(word at `index` | `context`), where `context` holds the words
    /// typed before it, oldest first, lower-cased. Asked only for a few candidates per gesture.
    func glideLogProbability(ofWord index: Int, after context: [String]) -> Double
}

/// A lexicon of words and priors without context: the score of a word is its prior.
public struct GlideWordList: GlideLexicon {
    public let glideWords: [GlideWord]
    public init(_ words: [GlideWord]) { glideWords = words }

    /// Words with counts or frequencies (any positive scale), turned into log priors.
    public init(counts: [(String, Double)]) {
        let total = counts.reduce(0) { $0 + max($1.1, 0) }
        glideWords = counts.map { GlideWord($0.0, logPrior: Self.log(max($0.1, 1e-12) / max(total, 1e-12))) }
    }

    public func glideLogProbability(ofWord index: Int, after context: [String]) -> Double {
        glideWords[index].logPrior
    }

    /// The natural logarithm, without Foundation: the exponent of two and a series for the rest.
    static func log(_ x: Double) -> Double { GlideMath.log(x) }
}

/// The little mathematics the decoder needs, from the standard library alone.
enum GlideMath {
    /// The natural logarithm of a positive `x`.
    static func log(_ x: Double) -> Double {
        guard x > 0 else { return -.infinity }
        // x = m · 2^e with m in [1, 2): ln x = e ln 2 + ln m, and ln m = 2 atanh((m-1)/(m+1)).
        let e = Double(x.exponent)
        let m = x.significand
        let z = (m - 1) / (m + 1), z2 = z * z
        var term = z, sum = 0.0
        var k = 1.0
        while k < 40 {
            sum += term / k
            term *= z2
            k += 2
        }
        return e * 0.693_147_180_559_945_3 + 2 * sum
    }

    /// e^x for x ≤ 0 (0 below -700): the series on x / 2^k, squared k times.
    static func exp(_ x: Double) -> Double {
        guard x > -700 else { return 0 }
        var k = 0, y = x
        while y < -0.5 { y /= 2; k += 1 }
        var term = 1.0, sum = 1.0
        for n in 1..<20 {
            term *= y / Double(n)
            sum += term
        }
        for _ in 0..<k { sum *= sum }
        return sum
    }
}

/// A lexicon over any language model: its words with their unigram log probabilities, and a
/// function for log P(word | context) (nil for a word it does not know: its prior is used).
public struct GlideLanguageModel: GlideLexicon {
    public let glideWords: [GlideWord]
    private let context: @Sendable (String, [String]) -> Double?

    public init(words: [GlideWord], context: @escaping @Sendable (String, [String]) -> Double?) {
        glideWords = words
        self.context = context
    }

    public func glideLogProbability(ofWord index: Int, after context: [String]) -> Double {
        let word = glideWords[index]
        return self.context(word.text, context) ?? word.logPrior
    }
}
