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
    /// The suggestions the bar offers now (set by the executable from the language model).
    public internal(set) var completions: [String] = []
    /// The copied texts the bar offers instead, while the field is empty (Session+Clipboard.swift).
    public internal(set) var clips: [String] = []
    /// How many cells of the bar offer something a tap takes: the clips, else the words.
    var offeredCount: Int { clips.isEmpty ? completions.count : clips.count }
    /// Whether the latched Shift was set by auto-capitalisation (so it goes when the sentence's start does).
    var shiftedForSentence = false
    /// Whether the keys typed now are a suggestion's (its space is then taken back before punctuation).
    var tookSuggestion = false
    /// What the glides typed: the context a glided word is decoded in, the space before the
    /// next, the word the bar's alternatives replace.
    public internal(set) var glideContext = GlideContext()
    /// What the focused field's purpose asks of the keys, as the keyboard took it (Session+Field.swift).
    public internal(set) var fieldKeys = FieldKeys()
    /// `--glide` (`Session.Options.glide`).
    public internal(set) var glideTyping: Bool
    /// `--autocorrect`: in which fields a word typed is replaced as it ends (Typing+Correction.swift).
    public internal(set) var autocorrect: CapitalizeMode
    /// The current word's taps, each letter typed by a key with where its press landed, while
    /// they are the word before the caret. Memory only: never stored, logged or painted.
    public internal(set) var taps: [WordTap] = []
    /// The correction the bar offers first for the word before the caret (the host's answer to
    /// `Effect.suggest`), made when a key ends the word.
    public internal(set) var correction: WordCorrection?
    /// The correction just made and the character that ended its word: BackSpace right after
    /// takes it back.
    var corrected: (correction: WordCorrection, ender: String)?
    /// Whether a key may take the correction just made back now (Typing+Correction.swift).
    public var mayTakeCorrectionBack: Bool { corrected != nil }
    /// The window the keys typed into last, as the host told it (`SessionEvent.focusedWindow`);
    /// nil: not told (Wayland, where the field's activation says it instead).
    public internal(set) var focusedWindow: UInt64?
    /// Whether the bar's first word is a correction, as the bar was last told (`setCompletions`,
    /// which says to repaint it when this changes): what is painted highlighted.
    public internal(set) var offersCorrection = false
    /// Whether a drag from a letter over other letters types a word: `--glide`, but never in a
    /// private field (its trail would show the keys).
    public var mayGlide: Bool { glideTyping && !fieldKeys.isPrivate }

    /// Typing with sentences capitalised as `capitalize` says (`--auto-capitalize`), gliding
    /// when `glide` (`--glide`).
    /// `autocorrect`: where words are corrected (`--autocorrect`; nowhere by default here).
    public init(capitalize: CapitalizeMode = .never, glide: Bool = false, autocorrect: CapitalizeMode = .never) {
        context = TypingContext()
        context.capitalize = capitalize
        glideTyping = glide
        self.autocorrect = autocorrect
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
