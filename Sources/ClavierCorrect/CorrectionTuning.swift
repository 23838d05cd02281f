/// The numbers autocorrection weighs with: costs are in nats (−ln of a probability), so a
/// word's score is ln P(taps | word) + languageWeight · ln P(word | context) up to a constant.
/// Chosen on the tuning texts (bench/ksr/tuning, `clavier-bench --autocorrect-tune`, taps
/// scattered at 0.17 to 0.275 of a key's width), never on the held-out ones. `insertion` and
/// `transposition` were checked with a word in ten swapped or doubled (AC_SLIPS=0.1): 4.5–8 and
/// 2.5–6 tried, the defaults within half a point of the best.
public struct CorrectionTuning: Sendable, Equatable {
    /// The scatter of taps around their key's centre the taps are weighed with, in key widths
    /// across and down (wider than the scatter measured: 0.18–0.32 tried, wider forgives more).
    public var sigmaX = 0.26
    public var sigmaY = 0.25
    /// The most a tap costs for meaning any letter however far (a slip of the mind, not the
    /// finger); a neighbour's key costs about a quarter of it.
    public var substitutionCap = 9.0
    /// A letter of the word that no tap typed (4.5 of 3.5–7.5 tried: cheaper put more right on
    /// the tuning texts, where a tap on Shift or space is the only way a letter goes missing).
    public var omission = 4.5
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
    /// ln P(word | context) of a typed word of three letters or fewer neither model knows (-14
    /// to -24 tried: lower puts more wrong words right and changes more right words the model
    /// lacks, names).
    public var unknownLogProbability = -19.0
    /// Less for each letter past the third: a long string the model lacks is rarely a word, so
    /// one slip in a long word is the likelier reading (0.5 to 1.5 tried: more changed right words).
    public var unknownPerLetter = 0.5
    /// How much higher (nats) the best word's score must be than the typed word's to replace it
    /// (1.5 to 4.5 tried: 3 kept right words changed near 0.15 % on the tuning texts).
    public var margin = 3.0
    /// Words of fewer taps are left as typed (1: a lone "w" meant for "a" is put right; 2 put
    /// fewer words right and changed no fewer right ones on the tuning texts).
    public var shortest = 1
    /// The candidates scored with the language model, the cheapest by taps and unigram.
    public var scored = 200

    public init() {}
}
