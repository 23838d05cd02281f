// Finding a piece of text in a string, without _StringProcessing.
//
// The shipped modules are compiled without Swift's implicit `import _StringProcessing`
// (Package.swift, issue 26): its string algorithms (`contains("ab")`, `firstRange(of:)`,
// `split(separator: "ab")`…) pull about 1.3 MB of regex machinery into the binary. These
// are the few Clavier needs, with the same answers: Character by Character, so "é" is found
// in "café" whichever way either is composed, but "e" is not found in "e\u{301}", and an
// empty needle is found at the start.

extension StringProtocol {
    /// The first place `needle` occurs, as `firstRange(of:)` of _StringProcessing answers.
    public func firstRange(ofText needle: some StringProtocol) -> Range<Index>? {
        var start = startIndex
        while true {
            var here = start, there = needle.startIndex
            while here != endIndex, there != needle.endIndex, self[here] == needle[there] {
                formIndex(after: &here)
                needle.formIndex(after: &there)
            }
            if there == needle.endIndex { return start..<here }
            if start == endIndex { return nil }
            formIndex(after: &start)
        }
    }

    /// Whether `needle` occurs anywhere (an empty one always does).
    public func containsText(_ needle: some StringProtocol) -> Bool {
        firstRange(ofText: needle) != nil
    }
}
