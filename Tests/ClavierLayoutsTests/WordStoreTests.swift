import ClavierLayouts
import ClavierTestSupport
import Foundation
import Testing

/// words.json: version 1 and each learned word with how often it was taken.
struct WordStoreTests {
    @Test func readsItsFileFormat() {
        #expect(WordStore.decode(Array(#"{"version": 1, "words": {"hello": 2, "café": 1}}"#.utf8)) == ["hello": 2, "café": 1])
        #expect(WordStore.decode(Array(#"{"version": 1, "words": {"a": -3}}"#.utf8)) == nil)
        #expect(WordStore.decode(Array(#"{"version": 2, "words": {}}"#.utf8)) == nil)
    }

    @Test func theWordListKeepsOnlyWordsOfLetters() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("words")
        try "Hello\nhello's\nhello\nrock-n-roll\ncafé\n\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(WordList.load(path: path) == ["Hello", "hello", "café"])
        #expect(WordList.load(path: dir.file("missing")) == nil)
    }
}
