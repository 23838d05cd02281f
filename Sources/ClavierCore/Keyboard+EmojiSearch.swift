/// The emoji search page's keys (`LayoutOptions.searchPage`): what its letters type is the
/// search field's, and its match keys are refilled from what the field found.
extension Keyboard {
    /// Whether the emoji search page shows.
    public var searching: Bool { layout.options.searchPage.map { $0 == page.id } ?? false }

    /// `effects` with every keysym typed made the search field's (`Effect.searchTyped`).
    static func intoSearch(_ effects: [Effect]) -> [Effect] {
        effects.map { if case .type(let sym, _) = $0 { .searchTyped(sym) } else { $0 } }
    }

    /// Shows the search page as `field` stands: its `search-field` key shows the words typed,
    /// its `symbol` keys in order the emoji found (the layout's own key for each, so a tap
    /// counts and a long press offers skin tones), the slots left over blank. Before anything
    /// is typed they show the frequently used page's first keys, else the page's own.
    /// The presses held go on: a letter's press changed the page it is on.
    mutating func showSearch(_ field: EmojiSearchField) {
        guard searching, var shown = layout.page(id: page.id) else { return }
        let emoji = field.query.isEmpty ? layout.options.frequentPage.flatMap(layout.page(id:)).map(Self.symbolTexts) : field.matches
        let keys = emoji.map(layoutKeys(for:)) ?? [:]
        var next = emoji?.makeIterator()
        var slot = 0
        for r in shown.rows.indices {
            for k in shown.rows[r].keys.indices {
                let old = shown.rows[r].keys[k]
                if old.id == EmojiSearchField.fieldKeyID {
                    shown.rows[r].keys[k].label = .text(field.label)
                    continue
                }
                guard TapCounts.counts(old), next != nil else { continue }
                slot += 1
                var key = Key(id: "match-blank-\(slot)", label: .text(""), action: .text(""), keyClass: .function)
                if let text = next?.next() {
                    key = keys[text] ?? Key(id: "match-\(slot)", label: .text(text), action: .text(text), keyClass: .symbol)
                }
                key.width = old.width
                shown.rows[r].keys[k] = key
            }
        }
        page = shown
        relayBar()
    }

    /// The texts `page`'s emoji keys type, in order.
    private static func symbolTexts(_ page: Page) -> [String] {
        page.keys.compactMap { key in
            guard TapCounts.counts(key), case .text(let text) = key.action else { return nil }
            return text
        }
    }

    /// The layout's key (outside the search page) that types each of `texts`.
    private func layoutKeys(for texts: [String]) -> [String: Key] {
        let wanted = Set(texts)
        var found: [String: Key] = [:]
        for page in layout.pages where page.id != self.page.id && found.count < wanted.count {
            for key in page.keys where TapCounts.counts(key) {
                if case .text(let text) = key.action, wanted.contains(text), found[text] == nil { found[text] = key }
            }
        }
        return found
    }
}
