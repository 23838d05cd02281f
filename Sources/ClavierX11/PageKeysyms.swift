import ClavierCore
import ClavierText

/// What each page of a keyboard types from its keys, those nearest the middle of their row
/// first: the plain keysyms, then those Shift gives (a letter's capital, a key's own Shift layer). A key's first borrow of a
/// spare keycode lends its page's keysyms that the keymap lacks too (`KeyInjector.type`), so
/// typing a word on a page changes the keymap once rather than at every letter: every change
/// makes every client re-read the keymap (`MappingBatch`). Nothing is lent when a page is
/// shown, only at the first key that needs it.
public struct PageKeysyms: Equatable, Sendable {
    /// Each page's keysyms, each once.
    public private(set) var pages: [[KeySym]] = []
    /// A keysym and the one Shift gives on the same key, if any.
    public struct Pair: Equatable, Sendable {
        public var sym: KeySym
        public var shifted: KeySym?
    }
    /// Each page's keys' keysyms, a letter with its capital, in the same order.
    public private(set) var pairs: [[Pair]] = []

    public init() {}

    /// The pages of `keyboard`'s layout. A letter's capital is Swift's (`uppercased`), which a
    /// Turkish `i` → `İ` is not: that one is borrowed when typed, as before.
    public init(_ keyboard: Keyboard) {
        let layout = keyboard.layout
        for page in layout.pages {
            var plain: [KeySym] = [], shifted: [KeySym] = [], pagePairs: [Pair] = []
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
                if own.count == 1, upper.count == 1, upper != own {
                    pagePairs.append(Pair(sym: own[0], shifted: upper[0]))
                } else {
                    pagePairs += (own + upper).map { Pair(sym: $0, shifted: nil) }
                }
            }
            pairs.append(pagePairs)
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

    /// What a key's action types: its text's characters, or its keysym.
    static func keysyms(of action: KeyAction) -> [KeySym] {
        switch action {
        case .text(let text): KeySym.sequence(typing: text)
        case .key(let sym): [sym]
        default: []
        }
    }

    /// `sym`, then the rest of the first page that types it (the page shown when it was
    /// typed, but for a keysym on several pages); `sym` alone when no page types it (an
    /// alternate, an emoji).
    public func ahead(of sym: KeySym) -> [KeySym] {
        guard let page = pages.first(where: { $0.contains(sym) }) else { return [sym] }
        return [sym] + page.filter { $0 != sym }
    }
}
