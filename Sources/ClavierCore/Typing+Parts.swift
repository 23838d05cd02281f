/// The parts `Typing` is made of, each one job's state (issue 47: no part holds more than ~8
/// stored properties). `Typing` keeps the text before the caret and the sentence's marks, and
/// reads and writes these through the names its callers used before the split.
extension Typing {
    /// What the bar offers: the words, or the copied texts while the field is empty.
    public struct Offers: Sendable {
        /// The suggestions the bar offers now (set by the executable from the language model).
        public internal(set) var completions: [String] = []
        /// The copied texts the bar offers instead, while the field is empty (Session+Clipboard.swift).
        public internal(set) var clips: [String] = []
        /// Whether the bar's first word is a correction, as the bar was last told (`setCompletions`,
        /// which says to repaint it when this changes): what is painted highlighted.
        public internal(set) var offersCorrection = false
        /// How many cells of the bar offer something a tap takes: the clips, else the words.
        var count: Int { clips.isEmpty ? completions.count : clips.count }
    }

    /// Autocorrection's state (Typing+Correction.swift): where it corrects, the current word's
    /// taps, the correction pending and the one just made.
    public struct Autocorrection: Sendable {
        /// `--autocorrect`: in which fields a word typed is replaced as it ends.
        public internal(set) var mode: CapitalizeMode
        /// The current word's taps, each letter typed by a key with where its press landed, while
        /// they are the word before the caret. Memory only: never stored, logged or painted.
        public internal(set) var taps: [WordTap] = []
        /// The correction the bar offers first for the word before the caret (the host's answer to
        /// `Effect.suggest`), made when a key ends the word.
        public internal(set) var pending: WordCorrection?
        /// The correction just made and the character that ended its word: BackSpace right after
        /// takes it back.
        var made: (correction: WordCorrection, ender: String)?
    }

    /// Glide typing's share: whether a drag over the letters may glide, and what glides typed.
    public struct Glides: Sendable {
        /// `--glide` (`Session.Options.glide`).
        public internal(set) var on: Bool
        /// What the glides typed: the context a glided word is decoded in, the space before the
        /// next, the word the bar's alternatives replace.
        public internal(set) var context = GlideContext()
    }

    /// The focused field as the keys know it: what its purpose asks of them and its window.
    public struct Field: Sendable {
        /// What the focused field's purpose asks of the keys, as the keyboard took it (Session+Field.swift).
        public internal(set) var keys = FieldKeys()
        /// The window the keys typed into last, as the host told it (`SessionEvent.focusedWindow`);
        /// nil: not told (Wayland, where the field's activation says it instead).
        public internal(set) var window: UInt64?
    }
}
