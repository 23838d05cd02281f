import Foundation
import Testing

/// Issue 47: the key reducer's two values are made of parts too. Neither `Typing` nor
/// `Keyboard` nor any part declared in their files (Typing.swift, Typing+*.swift,
/// Keyboard.swift, Keyboard+*.swift) holds more than 8 stored properties, counted as
/// `SessionSizeTests` counts Session's.
@Suite struct KeySizeTests {
    static func files(of value: String) throws -> [(name: String, text: String)] {
        let sources = SessionSizeTests.sources
        return try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0 == value + ".swift" || ($0.hasPrefix(value + "+") && $0.hasSuffix(".swift")) }.sorted()
            .map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    static func counts(of value: String) throws -> [String: Int] {
        var all: [String: Int] = [:]
        for file in try files(of: value) { all.merge(SessionSizeTests.storedProperties(in: file.text)) { $0 + $1 } }
        return all
    }

    @Test(arguments: ["Typing", "Keyboard"]) func theValueAndItsPartsHoldAtMost8StoredProperties(value: String) throws {
        let all = try Self.counts(of: value)
        #expect(all[value] != nil, "\(value) is declared in \(value).swift")
        for (name, count) in all.sorted(by: { $0.key < $1.key }) {
            #expect(count <= 8, "\(name) (in \(value)'s files) holds \(count) stored properties")
        }
    }
}
