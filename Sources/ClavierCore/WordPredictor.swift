/// What the suggestion bar asks a language model: the words to offer after some text, and
/// what to learn from text the user typed. One predictor per language; the executable
/// chooses it (`ClavierPredict`'s model, or the word-list completer until that is loaded).
public protocol WordPredictor {
    /// Up to `count` words, best first: each a whole word that replaces the partial word at
    /// the end of `before`, or the next word when `before` is empty or ends in a space or
    /// punctuation.
    func suggestions(before: String, count: Int) -> [String]
    /// The same, where `capitalizeStart` false keeps a sentence's first word in the model's
    /// own case ("the", "I"): the start of a field whose text before the caret is not known.
    func suggestions(before: String, count: Int, capitalizeStart: Bool) -> [String]
    /// Learns `text` as typed by the user (never a password, a kiosk's or `clavier type` text).
    mutating func learn(_ text: String)
    /// Forgets every word learned, in memory and wherever they are kept (`clavier forget`).
    mutating func forgetLearned()
}

extension WordPredictor {
    /// A predictor that learns nothing has nothing to forget.
    public mutating func forgetLearned() {}

    public func suggestions(before: String, count: Int, capitalizeStart: Bool) -> [String] {
        suggestions(before: before, count: count)
    }
}

/// What kind of field has the focus, as the accessibility bus says (`--auto-show`'s watch):
/// it decides whether a sentence starts with a latched Shift and whether anything is learned.
public enum FieldKind: String, CaseIterable, Hashable, Sendable {
    /// Nothing said: a program without AT-SPI (xterm), or no focus watch. Typing stays as it was.
    case unknown
    /// An editable text or entry that asks for nothing special.
    case prose
    case terminal, password, email, url, telephone, number

    /// Whether a sentence's first letter gets a latched Shift here by default.
    public var capitalizesSentences: Bool { self == .prose }
    /// Whether what is typed here may be learned and followed for suggestions.
    public var keepsText: Bool { self != .password }
}

/// When a sentence's first letter gets a latched Shift (`--auto-capitalize`).
public enum CapitalizeMode: String, CaseIterable, Hashable, Sendable {
    /// Only in fields the focus watch says are prose (the default): nowhere without it.
    case prose
    /// In every field but terminals, passwords, e-mail, URL and number fields.
    case always
    case never

    /// Whether a sentence starts with Shift in a field of `kind`.
    public func capitalizes(in kind: FieldKind) -> Bool {
        switch self {
        case .prose: kind.capitalizesSentences
        case .always: kind == .prose || kind == .unknown
        case .never: false
        }
    }
}

/// The language suggestions are in: a layout's `language:`, else the keymap's current group.
public enum PredictionLanguage {
    /// The language when nothing says: the keymaps Clavier is tested with are `us`.
    public static let fallback = "en"

    /// XKB layouts (as `setxkbmap` names them) that write a language under another name.
    static let byLayout: [String: String] = [
        "us": "en", "gb": "en", "au": "en", "ie": "en", "nz": "en", "za": "en", "in": "en",
        "at": "de", "ch": "de", "be": "fr", "latam": "es", "ru": "ru", "by": "ru", "ua": "uk",
        // Canada's keymap is French (not Catalan, ca); the others name a country, not a language.
        "ca": "fr", "ara": "ar", "bd": "bn", "cz": "cs", "dk": "da", "gr": "el", "ir": "fa", "ph": "fil",
        "il": "he", "kr": "ko", "my": "ms", "no": "nb", "br": "pt", "hr": "sh", "ba": "sh", "si": "sl",
        "se": "sv", "pk": "ur", "vn": "vi",
    ]

    /// The language typed on `layout`, the one rule the suggestions, glide typing and
    /// autocorrection all follow: the layout's own `language:`, else the keymap group's
    /// (`keymap`, an XKB layout name, as the running keyboard always knows it), else, for a
    /// script that names neither, the language the letters of the page are for.
    public static func of(_ layout: Layout, keymap: String?, letters: [Character] = []) -> String {
        if let language = layout.options.language { return language }
        if let keymap { return code(xkbLayout: keymap) }
        return letters.isEmpty ? fallback : of(letters: letters)
    }

    /// The language a page's letters are for: Cyrillic is Russian (Ukrainian with і, ї, є;
    /// Macedonian with ќ, ѓ, ѕ); Greek, Hebrew, Devanagari (Hindi), Bengali, Tamil and Hangul
    /// letters their language; Arabic letters Arabic (Persian with پ, چ, گ; Urdu with ٹ, ڈ, ے);
    /// ä, ö and ü German; ñ Spanish; a first letter `a` (AZERTY) French; anything else English.
    public static func of(letters: [Character]) -> String {
        let set = Set(letters)
        func has(_ range: ClosedRange<UInt32>) -> Bool {
            letters.contains { $0.unicodeScalars.first.map { range.contains($0.value) } ?? false }
        }
        if has(0x400...0x4FF) {
            if !set.isDisjoint(with: ["і", "ї", "є"]) { return "uk" }
            return set.isDisjoint(with: ["ќ", "ѓ", "ѕ"]) ? "ru" : "mk"
        }
        if has(0x600...0x6FF) {
            if !set.isDisjoint(with: ["ٹ", "ڈ", "ے"]) { return "ur" }
            return set.isDisjoint(with: ["پ", "چ", "گ"]) ? "ar" : "fa"
        }
        for (range, language) in scripts where has(range) { return language }
        if set.isSuperset(of: ["ä", "ö", "ü"]) { return "de" }
        if set.contains("ñ") { return "es" }
        if letters.first == "a" { return "fr" }
        return fallback
    }

    /// Scripts that one language with a model writes.
    static let scripts: [(ClosedRange<UInt32>, String)] = [
        (0x370...0x3FF, "el"), (0x590...0x5FF, "he"), (0x900...0x97F, "hi"), (0x980...0x9FF, "bn"),
        (0xB80...0xBFF, "ta"), (0x1100...0x11FF, "ko"), (0xAC00...0xD7A3, "ko"), (0x3130...0x318F, "ko"),
    ]

    /// The ISO 639-1 code of XKB layout `layout` ("us" → en, "de" → de, "fr" → fr); a layout
    /// named like a language code stands for that language.
    public static func code(xkbLayout layout: String) -> String {
        let name = String(layout.prefix { $0 != "(" }).lowercased()
        return byLayout[name] ?? name
    }
}
