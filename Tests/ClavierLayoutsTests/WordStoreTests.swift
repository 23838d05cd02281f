import ClavierLayouts
import Foundation
import Testing

struct WordStoreTests {
    func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func savesPrivatelyAndReadsBack() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = WordStore.standard(environment: ["XDG_STATE_HOME": dir, "HOME": "/nonexistent"])
        #expect(store.path == dir + "/clavier/words.json")
        #expect(store.load().0.isEmpty && store.load().warning == nil)
        try store.save(["hello": 2, "world": 1])
        #expect(store.load().0 == ["hello": 2, "world": 1])
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/clavier") == ["words.json"])
    }

    @Test func aCorruptFileGivesAWarningAndAFreshStart() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = WordStore(path: dir + "/words.json")
        try "{\"version\": 1, \"words\": {\"a\": -3}}".write(toFile: store.path, atomically: true, encoding: .utf8)
        let (words, warning) = store.load()
        #expect(words.isEmpty)
        #expect(warning?.contains("corrupt") == true)
    }

    @Test func theWordListKeepsOnlyWordsOfLetters() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/words"
        try "Hello\nhello's\nhello\nrock-n-roll\ncafé\n\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(WordList.load(path: path) == ["Hello", "hello", "café"])
        #expect(WordList.load(path: dir + "/missing") == nil)
    }
}
