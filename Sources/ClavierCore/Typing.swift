/// What the session keeps of the typing while keyboards come and go (another layout, the
/// same one refilled, a page turned): the text before the caret, the words the bar offers,
/// what glides typed, the focused field's keys, and whether a drag over the letters glides.
/// `Session` owns it; the key reducer (`Keyboard.handle(_:at:typing:)`) is handed it as it
/// types, so a new keyboard is never fed any of it.
public struct Typing: Sendable {
    /// The text before the caret, followed from what the keyboard types only when the layout
    /// offers suggestions: otherwise nothing needs it, and nothing typed is kept.
    public internal(set) var context: TypingContext
    /// The partial word before the caret, which a suggestion replaces.
    public var word: CurrentWord { CurrentWord(context.partialWord) }
    /// Whether the latched Shift was set by auto-capitalisation (so it goes when the sentence's start does).
    var shiftedForSentence = false
    /// Whether the keys typed now are a suggestion's (its space is then taken back before punctuation).
    var tookSuggestion = false
    /// What the bar offers (Typing+Parts.swift).
    public internal(set) var offers = Offers()
    /// Autocorrection's state (Typing+Parts.swift, Typing+Correction.swift).
    public internal(set) var autocorrection: Autocorrection
    /// Glide typing's share (Typing+Parts.swift).
    public internal(set) var glides: Glides
    /// The focused field as the keys know it (Typing+Parts.swift).
    public internal(set) var field = Field()
    /// Which of the language key's languages was last chosen on a layout that writes one
    /// language (Session+Languages.swift): the language typed outlives the keyboard that
    /// showed it. nil: none chosen yet.
    var languageIndex: Int?

    // The names callers used before the parts (issue 47), each read and written in its part.

    /// The suggestions the bar offers now (`Offers.completions`).
    public internal(set) var completions: [String] { get { offers.completions } set { offers.completions = newValue } }
    /// The copied texts the bar offers instead (`Offers.clips`).
    public internal(set) var clips: [String] { get { offers.clips } set { offers.clips = newValue } }
    /// How many cells of the bar offer something a tap takes: the clips, else the words.
    var offeredCount: Int { offers.count }
    /// Whether the bar's first word is a correction (`Offers.offersCorrection`).
    public internal(set) var offersCorrection: Bool { get { offers.offersCorrection } set { offers.offersCorrection = newValue } }
    /// What the glides typed (`Glides.context`).
    public internal(set) var glideContext: GlideContext { get { glides.context } set { glides.context = newValue } }
    /// `--glide` (`Glides.on`).
    public internal(set) var glideTyping: Bool { get { glides.on } set { glides.on = newValue } }
    /// What the focused field's purpose asks of the keys (`Field.keys`).
    public internal(set) var fieldKeys: FieldKeys { get { field.keys } set { field.keys = newValue } }
    /// The window the keys typed into last (`Field.window`).
    public internal(set) var focusedWindow: UInt64? { get { field.window } set { field.window = newValue } }
    /// `--autocorrect` (`Autocorrection.mode`).
    public internal(set) var autocorrect: CapitalizeMode { get { autocorrection.mode } set { autocorrection.mode = newValue } }
    /// The current word's taps (`Autocorrection.taps`).
    public internal(set) var taps: [WordTap] { get { autocorrection.taps } set { autocorrection.taps = newValue } }
    /// The correction the bar offers first (`Autocorrection.pending`).
    public internal(set) var correction: WordCorrection? { get { autocorrection.pending } set { autocorrection.pending = newValue } }
    /// The correction just made and its ender (`Autocorrection.made`).
    var corrected: (correction: WordCorrection, ender: String)? { get { autocorrection.made } set { autocorrection.made = newValue } }
    /// Whether a key may take the correction just made back now (Typing+Correction.swift).
    public var mayTakeCorrectionBack: Bool { corrected != nil }
    /// Whether a drag from a letter over other letters types a word: `--glide`, but never in a
    /// private field (its trail would show the keys).
    public var mayGlide: Bool { glideTyping && !fieldKeys.isPrivate }

    /// Typing with sentences capitalised as `capitalize` says (`--auto-capitalize`), gliding
    /// when `glide` (`--glide`).
    /// `autocorrect`: where words are corrected (`--autocorrect`; nowhere by default here).
    public init(capitalize: CapitalizeMode = .never, glide: Bool = false, autocorrect: CapitalizeMode = .never) {
        context = TypingContext()
        context.capitalize = capitalize
        glides = Glides(on: glide)
        autocorrection = Autocorrection(mode: autocorrect)
    }

    /// Takes the completions to offer for the current word, as many as `bar` has slots for;
    /// says to repaint the bar when they changed.
    /// A `correction` for exactly the word before the caret comes first, the letters typed
    /// second (one tap away), the words after them.
    mutating func setCompletions(_ words: [String], correction word: String? = nil, on bar: AccessoryBar?) -> [Effect] {
        let pending = (bar?.slots ?? 0) >= 2 ? word.flatMap { correctionFor($0) } : nil
        var words = words
        if let pending {
            words = [pending.word, pending.typed] + words.filter { $0 != pending.word && $0 != pending.typed }
        }
        let offered = Array(words.prefix(bar?.slots ?? AccessoryBar.completionSlots))
        correction = pending
        guard offered != completions || (pending != nil) != offersCorrection else { return [] }
        offersCorrection = pending != nil
        completions = offered
        return bar == nil ? [] : [.redrawAccessory]
    }

    /// A new keyboard came (`SessionEvent.keyboardReady`): what a keyboard's own state held
    /// before it moved here starts again as it did then (the bar's words, what glides typed, a
    /// sentence's Shift, which the new keyboard does not latch), and a layout that offers no
    /// suggestions keeps no text before the caret; the field and `--auto-capitalize` stay.
    mutating func keyboardChanged(followsWords: Bool) {
        completions = []
        offersCorrection = false
        shiftedForSentence = false
        tookSuggestion = false
        glideContext = GlideContext()
        forgetTaps()  // Their points were on the old keys.
        guard !followsWords else { return }
        let capitalize = context.capitalize
        context = TypingContext()
        context.capitalize = capitalize
    }
}
