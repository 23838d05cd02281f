/// How often, and how recently, each emoji or symbol was tapped: what orders a layout's
/// "frequently used" page.
public struct TapCounts: Hashable, Sendable {
    /// One text's taps; `lastTap` is a sequence number, larger is more recent.
    public struct Entry: Hashable, Sendable {
        public var count: Int
        public var lastTap: UInt64
        public init(count: Int, lastTap: UInt64) {
            self.count = count
            self.lastTap = lastTap
        }
    }

    public var entries: [String: Entry]
    public init(entries: [String: Entry] = [:]) { self.entries = entries }

    /// Counts one tap on the key that types `text`. The figures stop at their largest rather
    /// than overflow: a state file may hold any of them (`TapCountStore`).
    public mutating func record(_ text: String) {
        let next = min(entries.values.map(\.lastTap).max() ?? 0, .max - 1) + 1
        entries[text, default: Entry(count: 0, lastTap: 0)].count = min(entries[text]?.count ?? 0, .max - 1) + 1
        entries[text]!.lastTap = next
    }

    /// Texts by taps, most first; the most recently tapped first among equals.
    public var ranked: [String] {
        entries.sorted { a, b in
            a.value.count != b.value.count ? a.value.count > b.value.count : a.value.lastTap > b.value.lastTap
        }.map(\.key)
    }

    /// Whether a tap on `key` is counted: emoji and symbols only, never letters or digits
    /// (the counts are written to disk, and must not become a record of what was typed).
    public static func counts(_ key: Key) -> Bool {
        guard key.keyClass == .symbol, case .text = key.action else { return false }
        return true
    }
}

extension Layout {
    /// The layout with its frequent page (`options.frequentPage`) holding the most tapped
    /// `.symbol` keys of the whole layout in `counts` order, then the page's own keys, in
    /// as many places as the page has; other pages are unchanged.
    public func fillingFrequentPage(with counts: TapCounts) -> Layout {
        guard let id = options.frequentPage, let p = pages.firstIndex(where: { $0.id == id }) else { return self }
        var byText: [String: Key] = [:]
        for page in pages where page.id != id {
            for key in page.keys where TapCounts.counts(key) {
                if case .text(let text) = key.action, byText[text] == nil { byText[text] = key }
            }
        }
        let defaults = pages[p].keys.filter { TapCounts.counts($0) }
        var chosen: [Key] = []
        var ids = Set<Key.ID>()
        for key in counts.ranked.compactMap({ byText[$0] }) + defaults where ids.insert(key.id).inserted {
            chosen.append(key)
        }
        var copy = self
        var next = chosen.makeIterator()
        for r in copy.pages[p].rows.indices {
            for k in copy.pages[p].rows[r].keys.indices where TapCounts.counts(copy.pages[p].rows[r].keys[k]) {
                guard var key = next.next() else { break }
                key.width = copy.pages[p].rows[r].keys[k].width
                copy.pages[p].rows[r].keys[k] = key
            }
        }
        return copy
    }
}
