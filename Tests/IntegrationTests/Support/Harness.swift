import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

extension Harness {
    /// The repository, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The clavier binary under test: `$CLAVIER_BIN`, else the debug build.
    static var clavierBinary: String {
        if let path = ProcessInfo.processInfo.environment["CLAVIER_BIN"] { return path }
        return packageRoot.appendingPathComponent(".build/debug/clavier").path
    }

    /// `wl-pointer`, the Wayland tests' virtual pointer: beside the clavier under test, else in the debug build.
    static var pointerBinary: String {
        let beside = URL(fileURLWithPath: clavierBinary).deletingLastPathComponent().appendingPathComponent("wl-pointer").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/wl-pointer").path
    }

    /// The first word the model of `language` offers for `prefix` typed letter by letter with
    /// nothing learned, as `clavier predict --no-learning` says: the keyboard asks the same
    /// model after each letter (and it leaves out what it showed one letter earlier).
    static func firstCompletion(of prefix: String, language: String = "en") throws -> String? {
        struct Answer: Decodable { var suggestions: [String] }
        let lines = (1...prefix.count).map { "{\"before\": \"\(prefix.prefix($0))\"}" }.joined(separator: "\n")
        let result = try run(["sh", "-c", "printf '%s\\n' '\(lines)' | '\(clavierBinary)' predict --no-learning --language \(language)"])
        #expect(result.status == 0, "clavier predict: \(result.err)")
        let last = result.out.split(separator: "\n").last.map(String.init) ?? ""
        let answer = try JSONDecoder().decode(Answer.self, from: Data(last.utf8))
        try #require(!answer.suggestions.isEmpty, "no suggestion for \(prefix)")
        return answer.suggestions[0]
    }

    /// Runs the clavier under test with `arguments` to its end.
    static func clavier(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        try run([clavierBinary] + arguments, environment: environment)
    }
}

/// Where `received` first departs from what was `sent`, shown with a few characters either
/// side; nil when the two are the same.
func firstDifference(sent: String, received: String) -> String? {
    guard received != sent else { return nil }
    let a = Array(sent), b = Array(received)
    let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
    func around(_ text: [Character]) -> String { String(text[max(0, i - 5)..<min(text.count, i + 5)]).debugDescription }
    return "first difference at character \(i): sent \(around(a)), received \(around(b))"
}
