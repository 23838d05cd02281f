/// The numbers autocorrection weighs with: costs are in nats (−ln of a probability), so a
/// word's score is ln P(taps | word) + languageWeight · ln P(word | context) up to a constant.
/// Chosen on the tuning texts (bench/ksr/tuning, `clavier-bench --autocorrect-tune`), never on
/// the held-out ones.
public struct CorrectionTuning: Sendable, Equatable {
    /// The scatter of taps around their key's centre the taps are weighed with, in key widths
    /// across and down.
    public var sigmaX = 0.22
    public var sigmaY = 0.2
    /// The most a tap costs for meaning any letter however far (a slip of the mind, not the
    /// finger); a neighbour's key costs about a quarter of it.
    public var substitutionCap = 9.0
    /// A letter of the word that no tap typed.
    public var omission = 6.0
    /// An apostrophe or hyphen of the word not typed ("dont" for "don't").
    public var markOmission = 1.0
    /// A tap that is no letter of the word.
    public var insertion = 6.0
    /// Two neighbouring letters typed in the wrong order, beyond their taps' own costs.
    public var transposition = 4.0
    /// A letter with an accent typed on its plain key (e for é), beyond the tap's cost.
    public var accent = 2.0
    /// Words whose taps cost more than this are not considered at all.
    public var bound = 13.0
    /// Words longer than the taps by more than this are not considered.
    public var longer = 2
    /// The weight of ln P(word | context) against the taps'.
    public var languageWeight = 1.0
    /// ln P(word | context) of a typed word neither model knows.
    public var unknownLogProbability = -17.0
    /// How much higher (nats) the best word's score must be than the typed word's to replace it.
    public var margin = 3.0
    /// Words of fewer taps are left as typed.
    public var shortest = 2
    /// The candidates scored with the language model, the cheapest by taps and unigram.
    public var scored = 200

    public init() {}
}
