/// A row of keys, laid out left to right and centred when narrower than the widest row.
public struct Row: Hashable, Sendable {
    public var keys: [Key]
    public init(_ keys: [Key]) { self.keys = keys }
    /// The sum of the keys' relative widths, each within `Key.widthRange`.
    public var units: Double { keys.reduce(0) { $0 + $1.layoutWidth } }
}

/// One page of a layout (letters, numbers, symbols …).
public struct Page: Hashable, Sendable, Identifiable {
    public typealias ID = String
    public var id: ID
    public var rows: [Row]
    public init(id: ID, rows: [Row]) {
        self.id = id
        self.rows = rows
    }
    /// Every key of the page, row by row.
    public var keys: [Key] { rows.flatMap(\.keys) }
    /// The key with this id, if the page has one.
    public func key(id: Key.ID) -> Key? {
        // Row by row: `keys` would copy every key of the page first.
        for row in rows {
            if let i = row.keys.firstIndex(where: { $0.id == id }) { return row.keys[i] }
        }
        return nil
    }
}

/// How a layout behaves beyond its keys.
public struct LayoutOptions: Hashable, Sendable {
    /// Whether a held key is painted pressed; a PIN pad turns this off so that someone
    /// watching the screen cannot see which digit was touched.
    public var showsPressedKeys: Bool
    /// The page filled with the most often tapped `.symbol` keys, if the layout has one.
    public var frequentPage: Page.ID?
    /// The emoji search page, if the layout has one (Session+EmojiSearch.swift): its letters
    /// type into the keyboard's own search field, never the application; its `symbol` keys
    /// show the matches, its `search-field` key the words typed.
    public var searchPage: Page.ID?
    /// What the accessory bar above the keys shows; empty means no bar.
    public var accessory: [AccessoryItem]
    /// Whether completions this layout accepts are remembered to rank them first next time;
    /// PIN and phone pads turn it off, so nothing typed on them is kept.
    public var learnsWords: Bool
    /// How many suggestions the bar offers (`--suggestions`), when it offers completions.
    public var suggestions: Int
    /// The language of its suggestions (`language:`, an ISO 639-1 code); nil: the keymap's.
    public var language: String?
    public init(showsPressedKeys: Bool = true, frequentPage: Page.ID? = nil, accessory: [AccessoryItem] = [],
                learnsWords: Bool = true, suggestions: Int = AccessoryBar.completionSlots, language: String? = nil,
                searchPage: Page.ID? = nil) {
        self.showsPressedKeys = showsPressedKeys
        self.frequentPage = frequentPage
        self.searchPage = searchPage
        self.accessory = accessory
        self.learnsWords = learnsWords
        self.suggestions = suggestions
        self.language = language
    }
}

/// A keyboard layout: named pages, the first of which is shown by default.
public struct Layout: Hashable, Sendable, Identifiable {
    public var id: String
    public var pages: [Page]
    public var options: LayoutOptions
    public init(id: String, pages: [Page], options: LayoutOptions = LayoutOptions()) {
        precondition(!pages.isEmpty, "a layout needs at least one page")
        self.id = id
        self.pages = pages
        self.options = options
    }
    /// The page with this id, if the layout has one.
    public func page(id: Page.ID) -> Page? { pages.first { $0.id == id } }
    /// The page shown when none is asked for.
    public var defaultPage: Page { pages[0] }
}

extension Key {
    /// `width` within `widthRange`, so that no sum or product of widths overflows to an
    /// infinite or NaN pixel (a trap when converted to `Int`).
    var layoutWidth: Double { Key.widthRange.clamp(width) }
}

extension ClosedRange where Bound == Double {
    /// `value` brought within the range; NaN goes to the lower bound.
    func clamp(_ value: Double) -> Double {
        value.isNaN ? lowerBound : Swift.min(Swift.max(value, lowerBound), upperBound)
    }
}
