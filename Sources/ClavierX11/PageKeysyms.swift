import ClavierCore
import ClavierText

/// What each page of a keyboard types from its keys, those nearest the middle of their row
/// first: the plain keysyms, then those Shift gives (a letter's capital, a key's own Shift layer). A key's first borrow of a
/// spare keycode lends its page's keysyms that the keymap lacks too (`KeyInjector.type`), so
/// typing a word on a page changes the keymap once rather than at every letter: every change
/// makes every client re-read the keymap (`MappingBatch`). Only the letters page is lent when
/// the keyboard shows, and only if the keymap lacks one of its letters (`letters`); other
/// pages' symbols wait for the first key that needs one.
public struct PageKeysyms: Equatable, Sendable {
    /// Each page's keysyms, each once.
    public private(set) var pages: [[KeySym]] = []
    /// A keysym and the one Shift gives on the same key, if any.
    public struct Pair: Equatable, Sendable {
        public var sym: KeySym
        public var shifted: KeySym?
        /// Whether the key types a letter (not a mark, a digit, punctuation or a ZWNJ).
        public var isLetter = true
    }
    /// What the letters page's keys type (the layout's first page), a letter with its capital,
    /// middle of rows first: what is lent when the keyboard shows, if the keymap lacks one of
    /// its letters (`KeyInjector.lendPages`); its other characters (ʼ ، ZWNJ) go with them, so
    /// that no word typed there changes the keymap. Other pages' keysyms (€ £ •) are lent only
    /// when typed, with their page.
    public private(set) var letters: [Pair] = []

    public init() {}

    /// The pages of `keyboard`'s layout. A letter's capital is Swift's (`uppercased`), which a
    /// Turkish `i` → `İ` is not: that one is borrowed when typed, as before.
    public init(_ keyboard: Keyboard) {
        let layout = keyboard.layout
        for page in layout.pages {
            var plain: [KeySym] = [], shifted: [KeySym] = []
            for key in Self.middleFirst(page) {
                let own = Self.keysyms(of: key.action)
                var upper: [KeySym] = []
                if let layer = key.shifted {
                    upper = Self.keysyms(of: layer.action)
                } else if key.keyClass == .letter, page.id == layout.defaultPage.id, case .text(let text) = key.action {
                    upper = KeySym.sequence(typing: LanguageCase.upper(text, language: layout.options.language))
                }
                plain += own
                shifted += upper
                guard page.id == layout.defaultPage.id, case .text = key.action else { continue }
                let letter = key.keyClass == .letter && Self.isLetters(key.action)
                if own.count == 1, upper.count == 1, upper != own {
                    letters.append(Pair(sym: own[0], shifted: upper[0], isLetter: letter))
                } else {
                    letters += (upper == own ? own : own + upper).map { Pair(sym: $0, shifted: nil, isLetter: letter) }
                }
            }
            var seen = Set<KeySym>()
            pages.append((plain + shifted).filter { seen.insert($0).inserted })
        }
    }

    /// The page's keys, those nearest the middle of their row first (rows in order among
    /// equals): a layout puts its most used letters there (ЙЦУКЕН's а п р о, е н, м и т), so
    /// a pool smaller than the page holds the letters most words need.
    static func middleFirst(_ page: Page) -> [Key] {
        var placed: [(key: Key, distance: Double, order: Int)] = []
        for row in page.rows {
            let middle = row.keys.reduce(0) { $0 + $1.width } / 2
            var x = 0.0
            for key in row.keys {
                placed.append((key, abs(x + key.width / 2 - middle), placed.count))
                x += key.width
            }
        }
        return placed.sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }.map(\.key)
    }

    /// Whether `action` types letters only (a letter key's, not a symbol's, digit's or mark's).
    static func isLetters(_ action: KeyAction) -> Bool {
        guard case .text(let text) = action, !text.isEmpty else { return false }
        return text.allSatisfy(\.isLetter)
    }

    /// What a key's action types: its text's characters, or its keysym.
    static func keysyms(of action: KeyAction) -> [KeySym] {
        switch action {
        case .text(let text): KeySym.sequence(typing: text)
        case .key(let sym): [sym]
        default: []
        }
    }

    /// What is lent when the keyboard shows: the letters page's keysyms `lacks` says are off the
    /// keymap, in `letters`' order, each once, a letter with its capital when both are, but none
    /// at all unless one of its letters is (a layout whose letters the keymap has, en or de,
    /// changes nothing when it shows, not even for its ʼ).
    public func lettersToLend(lacking lacks: (KeySym) -> Bool) -> [(sym: UInt32, shifted: UInt32?)] {
        func off(_ sym: KeySym?) -> UInt32? { sym.flatMap { lacks($0) ? $0.rawValue : nil } }
        guard letters.contains(where: { $0.isLetter && (off($0.sym) ?? off($0.shifted)) != nil }) else { return [] }
        var pairs: [(sym: UInt32, shifted: UInt32?)] = [], seen = Set<UInt32>()
        for pair in letters {
            let lower = off(pair.sym), upper = off(pair.shifted)
            guard let first = lower ?? upper, !seen.contains(first) else { continue }
            let second = lower == nil ? nil : upper.flatMap { seen.contains($0) ? nil : $0 }
            seen.insert(first)
            if let second { seen.insert(second) }
            pairs.append((first, second))
        }
        return pairs
    }

    /// `sym`, then the rest of the first page that types it (the page shown when it was
    /// typed, but for a keysym on several pages); `sym` alone when no page types it (an
    /// alternate, an emoji).
    public func ahead(of sym: KeySym) -> [KeySym] {
        guard let page = pages.first(where: { $0.contains(sym) }) else { return [sym] }
        return [sym] + page.filter { $0 != sym }
    }
}
