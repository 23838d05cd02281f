import Foundation
import Testing

/// Issue 47: `Session` is made of parts. No Session file (ClavierCore's Session*.swift) is over
/// 300 lines, and neither `Session` nor any part it is made of (every struct those files
/// declare) holds more than 8 stored properties: a new feature's state goes into the part
/// whose job it is, or a part of its own, not into one god value.
@Suite struct SessionSizeTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/ClavierCore")

    /// `Session.Options` is what a session is made with (one field per start value), not a part.
    static let notParts: Set<String> = ["Options"]

    static func files() throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0.hasPrefix("Session") && $0.hasSuffix(".swift") }.sorted()
            .map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// Each struct `text` declares, with how many stored (not static, not computed) properties
    /// its own body holds.
    static func storedProperties(in text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var open: [(name: String, depth: Int)] = []
        var depth = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !line.hasPrefix("//"), let name = structName(line) { open.append((name, depth + 1)); counts[name, default: 0] += 0 }
            if let inner = open.last, depth == inner.depth { counts[inner.name, default: 0] += stored(line) }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            while let inner = open.last, depth < inner.depth { open.removeLast() }
        }
        return counts
    }

    static func structName(_ line: String) -> String? {
        let words = line.split(separator: " ").map(String.init)
        guard let at = words.firstIndex(of: "struct"), at + 1 < words.count else { return nil }
        guard words[..<at].allSatisfy({ ["public", "internal", "private", "fileprivate"].contains($0) }) else { return nil }
        return String(words[at + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// How many stored properties `line` (one line of a struct's body) declares.
    static func stored(_ line: String) -> Int {
        var words = line.split(separator: " ").map(String.init)
        while let first = words.first, first.hasPrefix("@") || ["public", "internal", "private", "fileprivate", "nonisolated",
              "lazy", "weak", "internal(set)", "private(set)", "fileprivate(set)"].contains(first) { words.removeFirst() }
        guard let keyword = words.first, keyword == "var" || keyword == "let" else { return 0 }
        let rest = words.dropFirst().joined(separator: " ")
        // A computed property: a body and no initial value before it.
        if let brace = rest.firstIndex(of: "{"), rest[..<brace].firstIndex(of: "=") == nil { return 0 }
        let names = rest.prefix { $0 != ":" && $0 != "=" }
        return names.filter { $0 == "," }.count + 1
    }

    @Test func noSessionFileIsOver300Lines() throws {
        let files = try Self.files()
        #expect(files.contains { $0.name == "Session.swift" })
        for file in files {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count - (file.text.hasSuffix("\n") ? 1 : 0)
            #expect(lines <= 300, "\(file.name): \(lines) lines")
        }
    }

    @Test func sessionAndItsPartsHoldAtMost8StoredProperties() throws {
        var all: [String: Int] = [:]
        for file in try Self.files() { all.merge(Self.storedProperties(in: file.text)) { $0 + $1 } }
        #expect(all["Session"] != nil)
        for (name, count) in all.sorted(by: { $0.key < $1.key }) where !Self.notParts.contains(name) {
            #expect(count <= 8, "\(name) holds \(count) stored properties")
        }
    }

    @Test func theCountReadsDeclarations() {
        let text = """
        public struct A: Sendable {
            public internal(set) var shown = true
            let kiosk: Bool
            public var x, y: Int
            static let limit = 3
            var computed: Bool { shown }
            var closure: () -> Void = { }
            struct B {
                var inner = 0
            }
            func f() { var local = 1; _ = local }
        }
        """
        #expect(Self.storedProperties(in: text) == ["A": 5, "B": 1])
    }
}
