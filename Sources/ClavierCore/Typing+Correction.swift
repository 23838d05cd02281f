/// Autocorrection's share of the typing (issue 36): the current word's taps are followed as
/// keys type it, the host is asked what the word would be corrected to (`Effect.suggest`,
/// answered with `SessionEvent.completions(_, correction:)`), and the bar offers that first.
/// When a key ends the word (space, punctuation, Return) the correction is typed over it;
/// BackSpace right after types the letters back, and they are not corrected again there.
/// Never where `--autocorrect` says no (`CapitalizeMode.capitalizes(in:)`), in a private field,
/// for a glided word or a suggestion taken from the bar.

/// A letter a key typed in the current word, and where its press landed (the keys'
/// coordinates; nil: typed some other way). Kept in memory only, never stored or logged.
public struct WordTap: Hashable, Sendable {
    public var character: Character
    public var point: Point?
    public init(_ character: Character, at point: Point?) {
        self.character = character
        self.point = point
    }
}

/// The word before the caret (`typed`) and what it would be corrected to (`word`).
public struct WordCorrection: Hashable, Sendable {
    public var typed: String
    public var word: String
    public init(typed: String, word: String) {
        self.typed = typed
        self.word = word
    }
}

extension Typing {
    /// Whether words are corrected in the focused field: `--autocorrect` says so for its kind,
    /// and it is not private (a password, or a field not told yet).
    public var corrects: Bool { autocorrect.capitalizes(in: context.field) && !fieldKeys.isPrivate }

    /// The taps of the word before the caret and the text before that word, for the host to
    /// correct; nil when nothing is to be corrected (`corrects` is false, no word, or letters
    /// in it that no key typed: a glide's, a suggestion's, the bus's text, a word restored).
    public var correctable: (taps: [WordTap], before: String)? {
        guard corrects, !taps.isEmpty else { return nil }
        let word = context.partialWord
        guard String(taps.map(\.character)) == word else { return nil }
        let before = String(context.before.unicodeScalars.dropLast(word.unicodeScalars.count))
        return (taps, before)
    }

    /// The correction `word` for the word before the caret, when it may be made there.
    func correctionFor(_ word: String) -> WordCorrection? {
        guard let (taps, _) = correctable else { return nil }
        let typed = String(taps.map(\.character))
        return word != typed && !word.isEmpty ? WordCorrection(typed: typed, word: word) : nil
    }

    /// Forgets the word's taps and any correction (the word or the text before the caret ended).
    mutating func forgetTaps() {
        taps = []
        correction = nil
        corrected = nil
    }

    /// What `effect` types when it ends a word (nil: it does not): a space, Return or
    /// punctuation but a hyphen ("well-known" is one word), Shift at most held.
    static func endsWord(_ effect: Effect) -> String? {
        guard case .type(let sym, let modifiers) = effect, modifiers.subtracting(.shift).isEmpty else { return nil }
        if sym == .return { return "\n" }
        guard let scalar = sym.scalar, !CurrentWord.isWordScalar(scalar) else { return nil }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return String(scalar)
        default:
            return nil
        }
    }

    /// Before what a key typed (`effects`) is followed: the pending correction typed over the
    /// word when a key ends it, or BackSpace right after a correction taking it back.
    mutating func correcting(_ effects: [Effect], byKey: Bool) -> [Effect] {
        let undo = corrected
        corrected = nil
        guard byKey, let i = effects.firstIndex(where: \.isTyping) else { return effects }
        var effects = effects
        if let undo, effects.count(where: \.isTyping) == 1, effects[i] == .type(.backSpace, modifiers: []),
           context.before.hasSuffix(undo.correction.word + undo.ender) {
            // The letters typed come back, and are not corrected again there (no key typed them now).
            let erase = FieldBackSpace.presses(toErase: undo.correction.word + undo.ender, in: context.field)
            effects.replaceSubrange(i...i, with: Array(repeating: .type(.backSpace, modifiers: []), count: erase)
                                    + KeySym.sequence(typing: undo.correction.typed).map { .type($0, modifiers: []) })
            forgetTaps()
            return effects
        }
        guard let pending = correction, let ender = Self.endsWord(effects[i]), let (taps, _) = correctable,
              String(taps.map(\.character)) == pending.typed else { return effects }
        let erase = FieldBackSpace.presses(toErase: pending.typed, in: context.field)
        effects.insert(contentsOf: Array(repeating: .type(.backSpace, modifiers: []), count: erase)
                       + KeySym.sequence(typing: pending.word).map { .type($0, modifiers: []) }, at: i)
        forgetTaps()
        corrected = (pending, ender)
        return effects
    }

    /// After what was typed is followed: a letter a key typed joins the word's taps, BackSpace
    /// drops the last, anything else (the word ended, text typed at once) forgets them.
    mutating func followTaps(_ effects: [Effect], at point: Point?, byKey: Bool) {
        let typed = effects.filter(\.isTyping)
        let keep = corrected
        if byKey, typed.count == 1, case .type(let sym, let modifiers) = typed[0], modifiers.subtracting(.shift).isEmpty {
            if sym == .backSpace, modifiers.isEmpty {
                if !taps.isEmpty { taps.removeLast() }
            } else if let scalar = sym.scalar, CurrentWord.isWordScalar(scalar) {
                taps.append(WordTap(Character(scalar), at: point))
            } else {
                taps = []
            }
        } else {
            taps = []
        }
        if !context.endsInWord { taps = [] }
        corrected = keep
    }
}
