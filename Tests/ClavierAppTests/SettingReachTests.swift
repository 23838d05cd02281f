import ClavierCore
import Foundation
import Testing

/// Issue 47: a plain setting touches at most four source files. For every setting of
/// `Settings.all`, the shipped Swift files anywhere under Sources/ (every module, whatever it
/// is called; not the test support nor the benches) that read it by name, as `[.name]` or
/// `Settings.name`, are at most four: the table entry, its one reader per decision, not one
/// per host or command.
@Suite struct SettingReachTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every shipped Swift file under Sources/, by its path there.
    static func shippedFiles() throws -> [(path: String, text: String)] {
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { !$0.contains("TestSupport") && !$0.lowercased().contains("bench") }
        var files: [(String, String)] = []
        for module in modules.sorted() {
            let root = sources.appendingPathComponent(module)
            guard let walk = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let path as String in walk where path.hasSuffix(".swift") {
                files.append((module + "/" + path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The Swift name of each setting by its name in the file, from the declarations
    /// (`static let keyRepeat = flag("repeat", …` → "repeat": "keyRepeat").
    static func identifiers(in files: [(path: String, text: String)]) -> [String: String] {
        let declaration = try! NSRegularExpression(pattern: #"static let (\w+) = \w+\(\s*"([a-z0-9-]+)""#)
        var found: [String: String] = [:]
        for file in files where file.text.contains("static let ") {
            let text = file.text as NSString
            for match in declaration.matches(in: file.text, range: NSRange(location: 0, length: text.length)) {
                found[text.substring(with: match.range(at: 2))] = text.substring(with: match.range(at: 1))
            }
        }
        return found
    }

    /// Whether `text` names the setting `id` as `[.id]` or `Settings.id` (not a longer name).
    static func names(_ text: String, _ id: String) -> Bool {
        if text.contains("[.\(id)]") { return true }
        var rest = Substring(text)
        while let found = rest.range(of: "Settings.\(id)") {
            let next = rest[found.upperBound...].first
            if !(next.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }

    @Test func aPlainSettingIsReadInAtMostFourSourceFiles() throws {
        let files = try Self.shippedFiles()
        #expect(files.count > 100, "found only \(files.count) Swift files under \(Self.sources.path)")
        #expect(Settings.all.count > 30)
        let identifiers = Self.identifiers(in: files)
        for setting in Settings.all {
            guard let id = identifiers[setting.name] else {
                Issue.record("no declaration of the setting '\(setting.name)' found")
                continue
            }
            let readers = files.filter { Self.names($0.text, id) }.map(\.path)
            #expect(readers.count <= 4, "\(id) is read by name in \(readers.count) files (at most 4): \(readers.joined(separator: ", "))")
        }
    }

    /// The count sees what it should: `suggestions`' table entry names it.
    @Test func theCountFindsTheTableEntry() throws {
        let files = try Self.shippedFiles()
        #expect(files.contains { $0.path.hasSuffix("/PageSetting.swift") && Self.names($0.text, "suggestions") })
        let identifiers = Self.identifiers(in: files)
        #expect(identifiers["repeat"] == "keyRepeat" && identifiers["hide-on-hardware-keys"] == "hideOnHardwareKeys")
        #expect(!Self.names("Settings.autoShowInKiosk", "autoShow") && Self.names("x = Settings.autoShow\n", "autoShow"))
    }
}
