import ClavierCore
import Testing

struct TapCountsTests {
    static let layout: Layout = {
        func emoji(_ e: String) -> Key { Key(id: e, label: .text(e), action: .text(e), keyClass: .symbol) }
        let frequent = Page(id: "frequent", rows: [Row(["😀", "😃", "😄"].map(emoji)),
                                                   Row([Key(id: "abc", label: .text("ABC"), action: .page("all"), keyClass: .function)])])
        let all = Page(id: "all", rows: [Row(["😀", "😃", "😄", "🐶", "🍔"].map(emoji) + [Key.character("a")])])
        return Layout(id: "emoji", pages: [frequent, all], options: LayoutOptions(frequentPage: "frequent"))
    }()

    @Test func rankedByCountThenMostRecent() {
        var counts = TapCounts()
        for e in ["🐶", "🍔", "🐶", "😄", "🍔"] { counts.record(e) }
        // 🐶 and 🍔 twice each, 🍔 more recently; then 😄 once.
        #expect(counts.ranked == ["🍔", "🐶", "😄"])
    }

    @Test func theFrequentPageLeadsWithTheMostTappedThenItsDefaults() {
        var counts = TapCounts()
        counts.record("🐶")
        let filled = Self.layout.fillingFrequentPage(with: counts)
        #expect(filled.pages[0].keys.map(\.id) == ["🐶", "😀", "😃", "abc"])
        #expect(filled.pages[1] == Self.layout.pages[1])
        #expect(Self.layout.fillingFrequentPage(with: TapCounts()) == Self.layout)
    }

    @Test func onlyEmojiAndSymbolsAreCounted() {
        #expect(TapCounts.counts(Self.layout.pages[1].keys[0]))
        #expect(!TapCounts.counts(Key.character("a")))
        #expect(!TapCounts.counts(Key(id: "bs", label: .icon(.backspace), action: .key(.backSpace), keyClass: .symbol)))
    }
}
