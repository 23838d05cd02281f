import ClavierCore
import Testing

/// TextSearch against the _StringProcessing algorithms it stands in for (this test target keeps
/// Swift's implicit import of that module; the shipped ones do not).
struct TextSearchTests {
    /// Haystack, needle, and where the first match is in Characters (nil: none).
    static let cases: [(String, String, (Int, Int)?)] = [
        ("abc", "", (0, 0)), ("", "", (0, 0)), ("", "a", nil),
        ("XTEST keyboard", "XTEST", (0, 5)), ("Virtual core XTEST keyboard", "XTEST", (13, 18)),
        ("Virtual core XTEST", "XTEST", (13, 18)), ("Virtual core XTES", "XTEST", nil), ("XTEST", "XTEST", (0, 5)),
        ("aaa", "aa", (0, 2)), ("abababc", "ababc", (2, 7)), ("abc", "abcd", nil), ("abc", "C", nil),
        ("café", "e\u{301}", (3, 4)), ("cafe\u{301}", "é", (3, 4)), ("cafe\u{301}", "e", nil),
        ("a🇩🇪b", "🇪", nil), ("a🇩🇪b", "🇩🇪b", (1, 3)), ("ab\r\nc", "\n", nil), ("ab\r\nc", "\r\n", (2, 3)),
        ("日本語の鍵盤", "鍵盤", (4, 6)), ("👩‍👩‍👧 👩", "👩", (2, 3)),
    ]

    @Test func findsWhatFirstRangeFinds() {
        for (haystack, needle, expected) in Self.cases {
            let found = haystack.firstRange(ofText: needle)
            let offsets = found.map { (haystack.distance(from: haystack.startIndex, to: $0.lowerBound),
                                       haystack.distance(from: haystack.startIndex, to: $0.upperBound)) }
            #expect(offsets?.0 == expected?.0 && offsets?.1 == expected?.1, "\(haystack.debugDescription) in \(needle.debugDescription)")
            #expect(found == haystack.firstRange(of: needle), "\(haystack.debugDescription) in \(needle.debugDescription)")
            #expect(haystack.containsText(needle) == (expected != nil))
            #expect(haystack.containsText(needle) == haystack.contains(needle))
        }
    }

    @Test func searchesASubstringWithinItsOwnBounds() {
        let text = "an XTEST keyboard, XTEST"
        let tail = text.dropFirst(4)  // "TEST keyboard, XTEST"
        let found = tail.firstRange(ofText: "XTEST")
        #expect(found == tail.firstRange(of: "XTEST"))
        #expect(found.map { String(text[$0.lowerBound...]) } == "XTEST")
        #expect(!text.dropLast(1).containsText("XTEST keyboard, XTEST"))
        #expect(tail.containsText(Substring("keyboard")))
    }
}
