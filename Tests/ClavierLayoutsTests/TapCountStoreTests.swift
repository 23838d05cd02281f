import ClavierCore
import ClavierLayouts
import Testing

/// taps.json: version 1, each tapped text with its count and when it was last tapped.
struct TapCountStoreTests {
    @Test func readsItsFileFormat() {
        let text = #"{"version": 1, "taps": [{"text": "🐶", "count": 2, "last": 7}, {"text": "€", "count": 1, "last": 3}]}"#
        #expect(TapCountStore.decode(Array(text.utf8))
                == TapCounts(entries: ["🐶": .init(count: 2, lastTap: 7), "€": .init(count: 1, lastTap: 3)]))
    }

    @Test(arguments: [#"{"version": 2, "taps": []}"#, #"{"version": 1, "taps": [{"text": "a", "count": 0, "last": 1}]}"#,
                      #"{"version": 1}"#])
    func rejectsAnotherVersionAndCountsBelowOne(text: String) {
        #expect(TapCountStore.decode(Array(text.utf8)) == nil)
    }
}
