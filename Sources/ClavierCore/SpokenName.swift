/// What a voice says for a key, a bar's cell or a character (auditory scanning, issue 50):
/// "shift", "backspace", "e acute", "comma"; a letter is just the letter. Named keys and
/// punctuation come from small tables, Latin letters with a mark from the letter and the
/// mark's name; anything else (another script's letter, an emoji) is handed to the voice as
/// it is. Unicode's character names are not used: a static runtime would carry all of them.
public enum SpokenName {
    /// What `key` is called as it shows now on `keyboard` (its label follows Shift and the keymap).
    public static func of(_ key: Key, on keyboard: Keyboard) -> String {
        switch key.action {
        case .modifier(let modifier): return modifierNames[modifier] ?? modifier.rawValue
        case .key(let sym): return of(sym)
        case .page(let id): return words(id)
        case .hide: return "hide keyboard"
        case .language: return "language"
        case .speak: return "speak"
        case .savePhrase: return "save phrase"
        case .text, .xkbKey: break
        }
        switch keyboard.label(of: key) {
        case .icon(let icon): return iconNames[icon] ?? icon.rawValue
        case .text(let text):
            if case .xkbKey = key.action, text.count > 1 { return words(text) }  // "Home", "PgUp"
            return of(text: text)
        }
    }

    /// What a named key's keysym is called: its name (`backspace`), its character's name, else its key cap's.
    public static func of(_ sym: KeySym) -> String {
        if let name = symNames[sym.rawValue] { return name }
        if let scalar = sym.scalar { return of(text: String(Character(scalar))) }
        return sym.keycapName.map(words) ?? sym.description
    }

    /// What `text` is called: one character by its name, more by each word as written
    /// (a completion, ".com").
    public static func of(text: String) -> String {
        guard text.count == 1, let character = text.first else { return text }
        return of(character)
    }

    /// A character's spoken name: "q", "capital q", "e acute", "comma", "7".
    public static func of(_ character: Character) -> String {
        if let name = punctuation[character] { return name }
        let lower = Character(character.lowercased())
        let capital = lower != character && character.isLetter ? "capital " : ""
        if let special = specialLetters[lower] { return capital + special }
        for (mark, letters, bases) in marked {
            if let index = Array(letters).firstIndex(of: lower) { return capital + String(Array(bases)[index]) + " " + mark }
        }
        for (vowel, letters) in toned {
            if let index = Array(letters).firstIndex(of: lower) { return capital + of(vowel) + " " + tones[index] }
        }
        return capital + String(lower)
    }

    /// A name as words: `page-numbers` → "page numbers".
    static func words(_ name: String) -> String {
        String(name.map { $0 == "-" || $0 == "_" ? " " : $0 }).lowercased()
    }

    static let modifierNames: [Modifier: String] = [.ctrl: "control", .altgr: "alt graph"]

    static let iconNames: [Icon: String] = [.return: "return", .hide: "hide keyboard", .globe: "language", .gear: "settings", .speak: "speak", .save: "save phrase"]

    static let symNames: [UInt32: String] = [
        0xFF08: "backspace", 0xFF09: "tab", 0xFF0D: "return", 0xFF1B: "escape", 0xFFFF: "delete",
        0xFF51: "left arrow", 0xFF52: "up arrow", 0xFF53: "right arrow", 0xFF54: "down arrow", 0x20: "space",
        0xFF50: "home", 0xFF57: "end", 0xFF55: "page up", 0xFF56: "page down", 0xFF63: "insert",
        0xFE03: "alt graph", 0xFFE5: "caps lock",
    ]

    static let specialLetters: [Character: String] = ["ß": "sharp s", "æ": "a e", "œ": "o e", "þ": "thorn", "ð": "eth",
                                                         "ı": "dotless i"]

    /// Latin letters with a mark: the mark's name, the letters, their bases in the same order.
    static let marked: [(String, String, String)] = [
        ("acute", "áéíóúýćńśźĺŕ", "aeiouycnszlr"),
        ("grave", "àèìòùỳ", "aeiouy"),
        ("circumflex", "âêîôûĉĝĥĵŝŵŷ", "aeioucghjswy"),
        ("diaeresis", "äëïöüÿ", "aeiouy"),
        ("tilde", "ãñõẽĩũỹ", "anoeiuy"),
        ("ring", "åů", "au"),
        ("cedilla", "çşţģķļņ", "cstgkln"),
        ("comma below", "șț", "st"),
        ("caron", "čšžřěďťňľ", "cszredtnl"),
        ("macron", "āēīōū", "aeiou"),
        ("dot", "ėżġ", "ezg"),
        ("ogonek", "ąęįų", "aeiu"),
        ("stroke", "łøđ", "lod"),
        ("breve", "ăğŭ", "agu"),
        ("double acute", "őű", "ou"),
        ("horn", "ơư", "ou"),
        ("hook above", "ảẻỉỏủỷ", "aeiouy"),
        ("dot below", "ạẹịọụỵ", "aeiouy"),
    ]

    /// Vietnamese's vowels with a mark and a tone (ấ, ờ, ự): the vowel, then its five tones'
    /// letters in the order of `tones`.
    static let toned: [(Character, String)] = [
        ("ă", "ắằẳẵặ"), ("â", "ấầẩẫậ"), ("ê", "ếềểễệ"), ("ô", "ốồổỗộ"), ("ơ", "ớờởỡợ"), ("ư", "ứừửữự"),
    ]
    static let tones = ["acute", "grave", "hook above", "tilde", "dot below"]

    static let punctuation: [Character: String] = [
        " ": "space", ".": "period", ",": "comma", "?": "question mark", "!": "exclamation mark",
        "'": "apostrophe", "\"": "quote", "-": "dash", "/": "slash", ":": "colon", ";": "semicolon",
        "(": "open parenthesis", ")": "close parenthesis", "[": "open bracket", "]": "close bracket",
        "{": "open brace", "}": "close brace", "<": "less than", ">": "greater than", "$": "dollar",
        "&": "ampersand", "@": "at", "#": "hash", "%": "percent", "*": "asterisk", "+": "plus",
        "=": "equals", "_": "underscore", "\\": "backslash", "|": "vertical bar", "~": "tilde",
        "^": "caret", "`": "backtick", "€": "euro", "£": "pound", "¥": "yen", "¢": "cent", "₩": "won", "₫": "dong",
        "–": "en dash", "—": "em dash", "•": "bullet", "¿": "inverted question mark",
        "¡": "inverted exclamation mark", "“": "open quote", "”": "close quote", "„": "low quote",
        "«": "open guillemet", "»": "close guillemet", "‘": "open single quote", "’": "close single quote",
        "‚": "low single quote", "°": "degree", "§": "section", "¶": "pilcrow", "×": "times", "÷": "divided by",
    ]
}
