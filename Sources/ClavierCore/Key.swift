/// What a key does when it is pressed.
public enum KeyAction: Hashable, Sendable, CustomStringConvertible {
    /// Types these characters (one keysym per Unicode scalar).
    case text(String)
    /// Types one named key such as BackSpace or Return.
    case key(KeySym)
    /// Latches or locks a modifier for the next key.
    case modifier(Modifier)
    /// Shows another page of the same layout.
    case page(String)
    /// Hides the keyboard.
    case hide
    /// The key with this XKB name (`AD01` …) on the server's keyboard: its label and what
    /// it types follow the live keymap and group, so one layout serves de, fr or ru.
    case xkbKey(String)
    /// Switches the keyboard's language (`languages`): a tap the next, a long press lists them
    /// (the key's alternates are their names).
    case language
    /// Says the sentence before the caret (`--speech on`; issue 50's Speak key).
    case speak
    /// Adds the sentence before the caret to the phrase bank (`Phrases`; the Save key).
    case savePhrase

    /// The short form `clavier geometry` prints: `"a"`, `shift`, `backspace`, `page:numbers` ….
    public var description: String {
        switch self {
        case .text(let text): text
        case .key(let sym): sym.description
        case .modifier(let modifier): modifier.rawValue
        case .page(let id): "page:" + id
        case .hide: "hide"
        case .xkbKey(let name): "key:" + name
        case .language: "language"
        case .speak: "speak"
        case .savePhrase: "save-phrase"
        }
    }
}

/// The picture a key shows when it has no text.
public enum Icon: String, CaseIterable, Hashable, Sendable {
    case backspace, shift, `return`, hide, globe, tab
    /// The settings gear (the bar's end cell; a layout's key may show it too).
    case gear
    /// Speak (a loudspeaker) and Save (a bookmark with a plus): the bar's cells while speech is
    /// on; a layout's `speak` and `save-phrase` keys may show them too.
    case speak, save
}

/// What is painted on a key.
public enum KeyLabel: Hashable, Sendable {
    case text(String)
    case icon(Icon)
}

/// The kind of key, which decides its colours and label size (the system keyboard's
/// light letter keys and darker function keys).
public enum KeyClass: String, CaseIterable, Hashable, Sendable {
    case letter, function, space
    /// An emoji or symbol: painted like a letter, and its taps are counted for a layout's
    /// "frequently used" page.
    case symbol
    /// Empty space of the key's width (`{gap: 0.5}` in a layout file): nothing is painted or
    /// pressed there, as between a PC keyboard's blocks of keys.
    case gap
}

/// One key of a page: what it shows, what it does, and its width in row units.
public struct Key: Hashable, Sendable, Identifiable {
    public typealias ID = String
    public var id: ID
    public var label: KeyLabel
    public var action: KeyAction
    /// Width relative to a plain letter key (1.0); laid out within `widthRange`.
    public var width: Double
    /// The widths a layout file may give (docs/layouts.md); the geometry clamps any other to it.
    public static let widthRange: ClosedRange<Double> = 0.01...100
    public var keyClass: KeyClass
    /// Whether holding the key repeats it.
    public var repeats: Bool
    /// What a long press offers instead (accents, skin tones …), each typed as text.
    public var alternates: [String]
    /// Whether the key trades places with the layout's other shuffled keys each time the
    /// keyboard is shown (a PIN pad's digits).
    public var shuffles: Bool
    /// What the key shows and does while Shift is on, when it has a second layer of its own
    /// (InScript Hindi, Thai Kedmanee: scripts without case whose Shift gives other letters);
    /// nil: Shift upper-cases a letter key's text, as the layout's language does it.
    public var shifted: ShiftedKey?

    public init(id: ID, label: KeyLabel, action: KeyAction, width: Double = 1,
                keyClass: KeyClass = .letter, repeats: Bool = false,
                alternates: [String] = [], shuffles: Bool = false, shifted: ShiftedKey? = nil) {
        precondition(width > 0, "a key's width must be positive")
        self.id = id
        self.label = label
        self.action = action
        self.width = width
        self.keyClass = keyClass
        self.repeats = repeats
        self.alternates = alternates
        self.shuffles = shuffles
        self.shifted = shifted
    }

    /// Empty space `width` units wide (a gap between blocks of keys).
    public static func gap(width: Double) -> Key {
        Key(id: "", label: .text(""), action: .text(""), width: width, keyClass: .gap)
    }

    /// A key that types its own single character, shown as its label.
    public static func character(_ text: String, width: Double = 1) -> Key {
        Key(id: text, label: .text(text), action: .text(text), width: width, repeats: true)
    }
}

/// A key's own Shift layer: the label it shows and the action it does while Shift is on.
public struct ShiftedKey: Hashable, Sendable {
    public var label: KeyLabel
    public var action: KeyAction
    public init(label: KeyLabel, action: KeyAction) {
        self.label = label
        self.action = action
    }
    /// A layer that shows and types `text`.
    public static func text(_ text: String) -> ShiftedKey { ShiftedKey(label: .text(text), action: .text(text)) }
}
