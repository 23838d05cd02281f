import Foundation
import Testing

/// Issue 47: the app stays small. `KeyboardApp` (KeyboardApp.swift and its KeyboardApp+*.swift
/// files) is at most 300 lines, and no other file of the app extends it: a job beside the loop
/// (the voice, the accessible keys, the idle trim) has a type of its own.
@Suite struct AppSizeTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/clavier")

    static func files() throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    static func isApp(_ name: String) -> Bool { name == "KeyboardApp.swift" || name.hasPrefix("KeyboardApp+") }

    @Test func keyboardAppIsAtMost300Lines() throws {
        let app = try Self.files().filter { Self.isApp($0.name) }
        let lines = app.map { $0.text.split(separator: "\n", omittingEmptySubsequences: false).count - ($0.text.hasSuffix("\n") ? 1 : 0) }
        #expect(!app.isEmpty)
        #expect(lines.reduce(0, +) <= 300, "\(zip(app.map(\.name), lines).map { "\($0): \($1)" }.joined(separator: ", "))")
    }

    @Test func noOtherFileExtendsKeyboardApp() throws {
        let others = try Self.files().filter { !Self.isApp($0.name) && $0.text.contains("extension KeyboardApp ") }.map(\.name)
        #expect(others.isEmpty, "extend KeyboardApp from its own files only: \(others)")
    }
}
