import Foundation
import Testing

/// Issue 47: the app stays small. `KeyboardApp` (KeyboardApp.swift and its KeyboardApp+*.swift
/// files in Sources/ClavierApp) is at most 300 lines, and no other file of the app, its hosts or
/// its commands extends it: a job beside the loop (the voice, the accessible keys, the idle trim)
/// has a type of its own.
@Suite struct AppSizeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// KeyboardApp's module, then the modules that import it (the hosts' and the commands').
    static let modules = ["ClavierApp", "ClavierXHost", "ClavierWaylandHost", "clavier"]

    static func files() throws -> [(name: String, text: String)] {
        try modules.flatMap { module in
            let sources = root.appendingPathComponent("Sources/\(module)")
            return try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
                .map { ("\(module)/\($0)", try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
        }
    }

    static func isApp(_ name: String) -> Bool { name == "ClavierApp/KeyboardApp.swift" || name.hasPrefix("ClavierApp/KeyboardApp+") }

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
