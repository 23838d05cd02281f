import ClavierText

/// How a word is written: as its lowercase key, with a capital first letter, or all capitals.
enum CaseStyle: Equatable {
    case lower, capital, upper

    /// From a model file's case flags (bit 0 capital, bit 1 upper).
    init(flags: UInt8) {
        self = flags & 2 != 0 ? .upper : flags & 1 != 0 ? .capital : .lower
    }

    /// The style of what was typed: "Th" capital, "TH" upper (two letters or more), else lower;
    /// in Dutch "IJ" is one capital letter (of "IJs"), "IJS" upper.
    init(typed: String, language: String? = nil) {
        guard let first = typed.first, first.isUppercase else { self = .lower; return }
        if language == "nl", typed == "IJ" { self = .capital; return }
        let letters = typed.filter(\.isLetter)
        self = letters.count > 1 && letters.allSatisfy(\.isUppercase) ? .upper : .capital
    }

    /// `word` (in small letters) in this style, by `language`'s rules (Turkish "İstanbul").
    func apply(to word: String, language: String? = nil) -> String {
        switch self {
        case .lower: word
        case .upper: LanguageCase.upper(word, language: language)
        case .capital: LanguageCase.capitalized(word, language: language)
        }
    }
}

/// Splits text into words as tools/models_lm.py does: letters with apostrophes inside ("don't"),
/// French elisions apart ("l'" "homme"), a word with a digit unknown, and a sentence start
/// (`nil` in `Token.word`'s place is an unknown word) after . ! ? … and at a line break.
struct Words {
    enum Token: Equatable {
        case word(String)
        case unknown
        case sentenceStart
    }

    static let elisions: Set<String> = ["l", "d", "j", "qu", "n", "s", "c", "m", "t", "jusqu", "lorsqu", "puisqu"]

    let language: String

    /// Words a full stop follows without ending the sentence ("Mr. Darcy"); a single letter
    /// ("J. Smith") too. tools/models_lm.py has the same list.
    static let abbreviations: [String: Set<String>] = [
        "en": ["mr", "mrs", "ms", "dr", "st", "prof", "sr", "jr", "vs", "mt", "gen", "col", "capt", "lt", "rev"],
        "de": ["hr", "fr", "dr", "prof", "bzw", "vgl", "ca", "nr", "str", "bsp", "geb", "inkl"],
        "fr": ["mme", "mlle", "dr", "st", "ste", "mgr", "me", "pr", "cf"],
        "es": ["sr", "sra", "srta", "dr", "dra", "ud", "uds", "dn", "da", "sto", "sta"],
        "ru": ["им", "ул", "гг", "др", "проф", "см"],
    ]

    static func isApostrophe(_ c: Character) -> Bool { c == "'" || c == "’" }

    /// The longest word learned or read, in UTF-8 bytes: a 30-letter Russian word, a 60-letter
    /// German compound. Longer "words" (a key held down, a flood through `clavier predict`)
    /// are not learned, so no one word can make the user model large.
    static let maxWordBytes = 64

    /// Whether `text` is a word as learning keeps them: letters (a scalar that is alphabetic,
    /// as `Character.isLetter` asks of a character's first), the marks that go with them and
    /// apostrophes, neither first, and the zero-width non-joiner and joiner within a word
    /// (Persian "می‌خواهم"); at most `maxWordBytes` bytes. Every word read from a model
    /// file is checked with it, so none holds a control character, a space or a digit, and
    /// learning keeps only words it accepts, so every file it writes reads back.
    static func isWord(_ text: some StringProtocol) -> Bool {
        text.utf8.count <= maxWordBytes && isWord(utf8: text.utf8)
    }

    /// `isWord` of UTF-8 bytes (invalid UTF-8 is no word), of any length.
    static func isWord(utf8 bytes: some Sequence<UInt8>) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var first = true
        while true {
            switch decoder.decode(&iterator) {
            case .emptyInput: return !first
            case .error: return false
            case .scalarValue(let s) where s.isASCII:
                // Most words are ASCII: no look-up in the Unicode tables (time, and their pages).
                let letter = (s >= "a" && s <= "z") || (s >= "A" && s <= "Z")
                guard letter || (s == "'" && !first) else { return false }
                first = false
            case .scalarValue(let s):
                switch s.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: if first { return false }
                case _ where s.value == 0x200C || s.value == 0x200D: if first { return false }
                default:
                    if s.properties.isAlphabetic { break }
                    if first || (s != "'" && s != "’") { return false }
                }
                first = false
            }
        }
    }

    /// The tokens of `text`, starting with a sentence start.
    func tokens(_ text: String) -> [Token] {
        var out: [Token] = [.sentenceStart]
        let abbreviations = Self.abbreviations[language] ?? []
        var word = ""
        var lastWord = ""
        var hasDigit = false
        // After . ! ? …: a sentence ends if a space or line break follows (not in "e.g.").
        var pendingEnd = false
        var confirmed = false
        let chars = Array(text)
        func flush() {
            guard !word.isEmpty else { return }
            out.append(hasDigit ? .unknown : .word(word))
            lastWord = word
            word = ""
            hasDigit = false
        }
        for (i, c) in chars.enumerated() {
            if c.isLetter || c.isNumber || c == "_" {
                if pendingEnd, confirmed { out.append(.sentenceStart) }
                pendingEnd = false
                if !c.isLetter { hasDigit = true }
                word.append(c)
            } else if Self.isApostrophe(c), !word.isEmpty, language == "fr", Self.elisions.contains(word.lowercased()) {
                // French elision: "l'" is a word of its own, typed or not yet followed.
                word.append("'")
                flush()
            } else if Self.isApostrophe(c), !word.isEmpty, i + 1 < chars.count, chars[i + 1].isLetter {
                word.append("'")
            } else {
                flush()
                let abbreviation = c == "." && i > 0 && chars[i - 1].isLetter
                    && (lastWord.count == 1 || abbreviations.contains(lastWord.lowercased()))
                if (c == "." && !abbreviation) || c == "!" || c == "?" || c == "…" {
                    pendingEnd = true
                    confirmed = false
                } else if c.isNewline {
                    pendingEnd = true
                    confirmed = true
                } else if c.isWhitespace {
                    confirmed = pendingEnd
                } else if pendingEnd, !"\"“”„«»‘’'()[]".contains(c) {
                    pendingEnd = false
                }
            }
        }
        flush()
        if pendingEnd { out.append(.sentenceStart) }
        return out
    }

    /// `before` split into the context (everything up to the word being typed) and that
    /// partial word ("" right after a space or punctuation).
    func splitPartial(_ before: String) -> (context: Substring, partial: Substring) {
        var start = before.endIndex
        // "don'" is a partial word (of "don't"); French "l'" is context.
        if let last = before.last, Self.isApostrophe(last) {
            let head = before.dropLast().reversed().prefix { $0.isLetter }
            if !head.isEmpty, !(language == "fr" && Self.elisions.contains(String(head.reversed()).lowercased())) {
                start = before.index(before: before.endIndex)
            }
        }
        while start > before.startIndex {
            let prev = before.index(before: start)
            let c = before[prev]
            if c.isLetter || c.isNumber || c == "_" {
                start = prev
            } else if Self.isApostrophe(c), start < before.endIndex, before[start].isLetter, prev > before.startIndex,
                      before[before.index(before: prev)].isLetter {
                if language == "fr" {
                    // "l'hom": the partial word is "hom"; "l'" is context.
                    let head = before[before.startIndex..<prev].reversed().prefix { $0.isLetter }
                    if Self.elisions.contains(String(head.reversed()).lowercased()) { break }
                }
                start = prev
            } else {
                break
            }
        }
        return (before[..<start], before[start...])
    }
}
