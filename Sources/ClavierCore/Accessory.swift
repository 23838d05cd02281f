import ClavierText

/// What a layout's accessory bar, the strip above the keys, shows (seeds 001 and 004).
public enum AccessoryItem: String, CaseIterable, Hashable, Sendable {
    /// Up to three completions of the word being typed.
    case completions
    /// Markdown emphasis, strong and code, which wrap the selection or the cursor.
    case formatting
}

/// A markdown formatting action of the accessory bar: the delimiter typed on both sides.
public enum Formatting: String, CaseIterable, Hashable, Sendable {
    case emphasis, strong, code

    /// What goes before and after the text: `*`, `**` or a backtick.
    public var delimiter: String {
        switch self {
        case .emphasis: "*"
        case .strong: "**"
        case .code: "`"
        }
    }

    /// The label the bar shows.
    public var label: String { delimiter + "…" + delimiter }

    /// What a typist types where no selection is read: the pair of delimiters, then Left over
    /// the closing one, so the caret is between them.
    public var pairKeys: [KeySym] {
        KeySym.sequence(typing: delimiter + delimiter) + Array(repeating: .left, count: delimiter.unicodeScalars.count)
    }

    /// The longest selection that is wrapped by typing it again, in characters.
    public static let longestWrapped = 1_000

    /// The keystrokes that wrap `selection` (the focused window's PRIMARY, which any X client
    /// may own): the delimiters around it when it is one line of printable text no longer
    /// than `longestWrapped`, else nil, and only the pair is typed. A newline or control
    /// character typed into a terminal would run what another client put there.
    public func wrapping(_ selection: String?) -> String? {
        guard let selection, !selection.isEmpty, selection.count <= Self.longestWrapped,
              selection.unicodeScalars.allSatisfy(Self.isPrintable) else { return nil }
        return delimiter + selection + delimiter
    }

    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .format, .surrogate, .unassigned, .privateUse: false
        default: true
        }
    }
}

/// One place of the accessory bar that a tap acts on.
public enum AccessoryCell: Hashable, Sendable {
    /// The completion in this slot (0 is the left one), if there is one now.
    case completion(Int)
    case format(Formatting)
    /// The gear at the bar's end: opens the settings page. A cell of the bar rather than a
    /// long press, so that dwell and switch scanning, which press and release at once, reach
    /// the page as a finger does.
    case settings
    /// Says the sentence before the caret (`Effect.speakSentence`): at the bar's end beside the
    /// gear while speech is on, so a person who speaks through the keyboard needs no layout of
    /// their own (`Keyboard.sentenceCells`).
    case speak
    /// Keeps the sentence before the caret in the phrase bank (`Effect.saveSentence`), beside Speak.
    case savePhrase

    /// The cells that may end the bar, after the formatting actions: Save, Speak, the gear.
    public var endsBar: Bool {
        switch self {
        case .settings, .speak, .savePhrase: true
        case .completion, .format: false
        }
    }
}

/// The accessory bar laid out in a window: its strip and each cell's rectangle.
public struct AccessoryBar: Hashable, Sendable {
    /// One cell and where it is drawn.
    public struct Placed: Hashable, Sendable {
        public var cell: AccessoryCell
        public var rect: Rect
    }

    /// How many suggestions the bar offers by default (`--suggestions`), and at most.
    public static let completionSlots = 3
    public static let slotRange = 0...5
    /// The bar's height as a fraction of one key row's pitch.
    public static let heightOfRowPitch = 0.8

    public let rect: Rect
    public let cells: [Placed]
    /// How many suggestions the bar shows.
    public let slots: Int

    /// Lays `items` out across a strip `width` px wide and `height` px tall: the completions
    /// share the left part, the formatting buttons sit at the right, each one and a half
    /// times as wide as the bar is tall, then the `sentence` cells (Save, Speak: speech is on),
    /// and the settings gear (`gear`: the page may open) last of all, each as wide.
    /// `rightToLeft`: the first suggestion is the rightmost (Arabic, Hebrew).
    public init(items: [AccessoryItem], slots: Int = AccessoryBar.completionSlots, gear: Bool = false,
                sentence: [AccessoryCell] = [], width: Int, height: Int, rightToLeft: Bool = false) {
        rect = Rect(x: 0, y: 0, width: width, height: height)
        self.slots = items.contains(.completions) ? max(1, slots) : 0
        var cells: [Placed] = []
        let inset = max(1, height / 10)
        var right = width
        let w = Int((Double(height) * 1.5).rounded())
        if gear {
            cells.append(Placed(cell: .settings, rect: Rect(x: right - w + inset, y: inset, width: w - 2 * inset, height: height - 2 * inset)))
            right -= w
        }
        for cell in sentence.reversed() {
            cells.insert(Placed(cell: cell, rect: Rect(x: right - w + inset, y: inset, width: w - 2 * inset, height: height - 2 * inset)), at: 0)
            right -= w
        }
        if items.contains(.formatting) {
            for f in Formatting.allCases.reversed() {
                cells.insert(Placed(cell: .format(f), rect: Rect(x: right - w + inset, y: inset, width: w - 2 * inset,
                                                                 height: height - 2 * inset)), at: 0)
                right -= w
            }
        }
        if items.contains(.completions) {
            let n = self.slots
            let w = right / n
            cells.insert(contentsOf: (0..<n).map { i in
                Placed(cell: .completion(i), rect: Rect(x: (rightToLeft ? n - 1 - i : i) * w + inset, y: inset, width: w - 2 * inset, height: height - 2 * inset))
            }, at: 0)
        }
        self.cells = cells
    }

    /// The cell under `point`, if any.
    public func cell(at point: Point) -> AccessoryCell? {
        cells.first { $0.rect.contains(point) }?.cell
    }

    /// The rectangle of `cell`.
    public func rect(of cell: AccessoryCell) -> Rect? { cells.first { $0.cell == cell }?.rect }
}

/// The word Clavier is typing now: the letters it typed since the last space, Return,
/// other character or focus change, followed from its own `.type` effects (never by reading
/// another window).
public struct CurrentWord: Hashable, Sendable {
    public private(set) var text = ""
    public init(_ text: String = "") { self.text = text }

    /// Follows what `effects` type: letters, the marks and joiners within a word and
    /// apostrophes extend the word, BackSpace takes back what a field's BackSpace deletes
    /// (`FieldBackSpace`: one code point of a Devanagari cluster), anything else (space,
    /// Return, punctuation, arrows, a held Ctrl) ends it.
    public mutating func follow(_ effects: [Effect]) {
        for case .type(let sym, let modifiers) in effects {
            if sym == .backSpace && modifiers.isEmpty {
                FieldBackSpace.delete(from: &text)
                continue
            }
            if modifiers.subtracting(.shift).isEmpty, let scalar = sym.scalar,
               Self.isWordScalar(scalar) {
                // A mark or a joiner goes on with a word; it starts none.
                if !text.isEmpty || Self.startsWord(scalar) { text.unicodeScalars.append(scalar) }
            } else {
                text = ""
            }
        }
    }

    /// Letters, the apostrophe, and in every script what goes on within a word: combining
    /// marks (a Devanagari virama or vowel sign, a Thai or Lao tone mark, an accent; General
    /// Category Mn, Mc, Me) and the zero-width non-joiner and joiner (U+200C, U+200D: Persian
    /// "می‌خواهم"). ASCII is answered without Unicode's property tables, which a press would
    /// otherwise read from cold memory.
    public static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x27: return true
        case 0..<0x80: return false
        case 0x200C, 0x200D: return true
        default: return scalar.properties.isAlphabetic || LanguageCase.isMark(scalar)
        }
    }

    /// Whether `scalar` may start a word: a word scalar but a mark or a joiner.
    public static func startsWord(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x27: return true
        case 0..<0x80, 0x200C, 0x200D: return false
        default: return scalar.properties.isAlphabetic && !LanguageCase.isMark(scalar)
        }
    }

    /// Forgets the word (the focus moved, a completion or formatting was typed).
    public mutating func reset() { text = "" }
}
