import ClavierText

/// The text before the caret in the focused field, as far as the keyboard knows it: what it
/// typed there itself (followed from its own `.type` effects), or what the accessibility bus
/// said (`adopt`). Forgotten when the focus moves, the pointer clicks in the application, the
/// keyboard hides or a key moves the caret. Kept in memory only, never logged.
public struct TypingContext: Sendable {
    /// The most text before the caret kept, in Unicode scalars: enough for any n-gram model.
    public static let keptScalars = 256
    /// The most text kept for learning between two commits, in Unicode scalars.
    public static let pendingScalars = 4_096

    /// The text before the caret, at most `keptScalars`.
    public private(set) var before = ""
    /// Whether `before` starts where the field starts (the bus said so, or nothing was there
    /// to the keyboard's knowledge): only then is an empty text a sentence's start.
    public private(set) var knowsStart = false
    /// What kind of field has the focus.
    public var field = FieldKind.unknown
    /// Whether the field is described as taking several lines (`SessionEvent.field`'s
    /// `multiLine`): a text view, where a copied text's new lines may be typed as Returns.
    public var multiLine = false
    /// When a sentence's first letter gets a latched Shift.
    public var capitalize = CapitalizeMode.never
    /// The space a suggestion typed after its word, which punctuation typed next takes back.
    public internal(set) var autoSpaced = false
    /// Typed through the keyboard since the last commit, for learning (never the bus's text).
    public private(set) var pending = ""
    var lastTyped: ContinuousClock.Instant?

    public init() {}

    /// The partial word at the end of `before` (letters and apostrophes), which a suggestion replaces.
    public var partialWord: String {
        let scalars = before.unicodeScalars
        var start = scalars.endIndex
        while start > scalars.startIndex {
            let previous = scalars.index(before: start)
            guard CurrentWord.isWordScalar(scalars[previous]) else { break }
            start = previous
        }
        // A mark or a joiner left after an emoji or a space starts no word.
        while start < scalars.endIndex, !CurrentWord.startsWord(scalars[start]) { start = scalars.index(after: start) }
        return String(scalars[start...])
    }

    /// Whether `before` ends in a word (`partialWord` is not empty), without copying it.
    public var endsInWord: Bool {
        guard let last = before.unicodeScalars.last, CurrentWord.isWordScalar(last) else { return false }
        return last.isASCII || !partialWord.isEmpty
    }

    /// How many scalars a word's deletion takes back: the spaces before the caret and the
    /// word before them (letters and apostrophes; else the run of other marks there, "...");
    /// at least one (a new line alone). Nil when the text before the caret is not known.
    public var lastWordScalars: Int? {
        guard !before.isEmpty else { return nil }
        let scalars = Array(before.unicodeScalars.reversed())
        var n = 0
        while n < scalars.count, scalars[n] == " " || scalars[n] == "\t" { n += 1 }
        let spaces = n
        while n < scalars.count, CurrentWord.isWordScalar(scalars[n]) { n += 1 }
        if n == spaces {
            while n < scalars.count, !scalars[n].properties.isWhitespace { n += 1 }
        }
        return max(n, 1)
    }

    /// Whether the next letter starts a sentence: the field's start, a new line, or a space
    /// after `.`, `!` or `?` (or after a quote or bracket closed behind one: `"Yes." W`); also
    /// after an opening quote or bracket there (`Yes. "W`, `(W` on a new line), as phones read
    /// it. A quote right after a letter closes and starts nothing.
    public var atSentenceStart: Bool {
        var scalars = Substring(before).unicodeScalars
        while let last = scalars.last, Self.opening.contains(last) {
            let rest = scalars.dropLast()
            guard let previous = rest.last else { scalars = rest; break }
            guard previous == " " || previous == "\n" || Self.opening.contains(previous) else { break }
            scalars = rest
        }
        guard let last = scalars.last else { return knowsStart }
        if last == "\n" { return true }
        guard last == " " else { return false }
        // The mark before the spaces, past the quotes and brackets a sentence ends inside ("Hi." ).
        guard let mark = scalars.reversed().first(where: { $0 != " " && !Self.closing.contains($0) }) else { return knowsStart }
        return mark == "." || mark == "!" || mark == "?" || mark == "\n"
    }

    /// Marks that open a quotation or an aside: a sentence may start after them.
    static let opening: Set<Unicode.Scalar> = ["\"", "'", "“", "‘", "„", "«", "(", "[", "¿", "¡"]

    /// Marks that close a quotation or an aside, which a sentence's end may stand inside.
    static let closing: Set<Unicode.Scalar> = ["\"", "'", "”", "’", "»", ")", "]"]

    /// Whether a sentence's first letter gets a latched Shift now.
    public var wantsShift: Bool { capitalize.capitalizes(in: field) && atSentenceStart }

    /// Follows what `effects` type: characters and Return extend the text, BackSpace takes
    /// back what the field's deletes (`FieldBackSpace`), a shortcut (Ctrl, Alt, Super) or a key
    /// that moves the caret forgets it.
    public mutating func follow(_ effects: [Effect], at now: ContinuousClock.Instant) {
        for case .type(let sym, let modifiers) in effects {
            lastTyped = now
            autoSpaced = false
            guard field.keepsText else { continue }
            if sym == .backSpace && modifiers.isEmpty {
                if !before.isEmpty { FieldBackSpace.delete(from: &before, in: field) } else { knowsStart = false }
                FieldBackSpace.delete(from: &pending, in: field)
                continue
            }
            let scalar: Unicode.Scalar? = sym == .return ? "\n" : sym.scalar
            guard modifiers.subtracting(.shift).isEmpty, let scalar else {
                forgetText()
                continue
            }
            append(scalar)
        }
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        before.unicodeScalars.append(scalar)
        pending.unicodeScalars.append(scalar)
        if before.unicodeScalars.count > Self.keptScalars * 2 {
            before = String(before.unicodeScalars.suffix(Self.keptScalars))
        }
        if pending.unicodeScalars.count > Self.pendingScalars {
            pending = String(pending.unicodeScalars.suffix(Self.pendingScalars / 2))
        }
    }

    /// Takes the bus's text before the caret, unless the keyboard typed within `Timing.adoptQuiet`
    /// (the report may be older than those keys). Nothing of a password field is kept.
    public mutating func adopt(_ text: String, at now: ContinuousClock.Instant) {
        guard field.keepsText else { return }
        if let lastTyped, now - lastTyped < Timing.adoptQuiet { return }
        before = String(text.unicodeScalars.suffix(Self.keptScalars))
        knowsStart = text.unicodeScalars.count <= Self.keptScalars
        autoSpaced = false
    }

    /// Forgets the text before the caret (the caret moved where the keyboard cannot follow);
    /// what is pending for learning stays until `commit`.
    public mutating func forgetText() {
        before = ""
        knowsStart = false
        autoSpaced = false
    }

    /// The focus moved to a field of `kind` (commit what is pending first: it was typed elsewhere).
    public mutating func focusMoved(to kind: FieldKind) {
        forgetText()
        field = kind
        multiLine = false
        // The new field's text is taken at once: the keys typed last went to another.
        lastTyped = nil
    }

    /// Hands over what was typed since the last commit, for learning, and starts again;
    /// unless `complete`, without the word begun at its end.
    public mutating func commit(complete: Bool = true) -> String {
        defer { pending = "" }
        guard !complete else { return pending }
        var scalars = pending.unicodeScalars
        while let last = scalars.last, CurrentWord.isWordScalar(last) { scalars.removeLast() }
        return String(scalars)
    }

    /// `words` in the case of what was typed: a partial word in capitals or with a capital
    /// first letter gives its case to the suggestions, and so does a sentence's start where
    /// it gets a latched Shift (`wantsShift`: not in a terminal); else the model's own case
    /// stands ("I", names). Case follows `language`'s rules (Turkish "İstanbul", Dutch "IJs").
    public func cased(_ words: [String], language: String? = nil) -> [String] {
        let partial = partialWord
        // Dutch "IJ" is one capital letter (of "IJs"), not a shout.
        let shouts = partial.unicodeScalars.count >= 2 && partial == LanguageCase.upper(partial, language: language)
            && partial != LanguageCase.lower(partial, language: language) && !(language == "nl" && partial == "IJ")
        let capital = partial.isEmpty ? wantsShift : partial.first?.isUppercase == true
        var seen = Set<String>()
        return words.compactMap { word in
            let cased = shouts ? LanguageCase.upper(word, language: language)
                : capital ? LanguageCase.capitalized(word, language: language) : word
            return seen.insert(cased).inserted ? cased : nil
        }
    }
}
