import ClavierCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the completions a user accepted, with how often, in
/// `$XDG_STATE_HOME/clavier/words.json` (default `~/.local/state/clavier`), private to the
/// user (mode 0600) and replaced atomically, like `TapCountStore`.
public struct WordStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The store in the user's state directory.
    public static func standard(environment: [String: String]? = nil) -> WordStore {
        WordStore(path: StateFile.path("words.json", environment: environment))
    }

    struct File: Codable {
        var version: Int
        var words: [String: Int]
    }

    /// The learned words: empty when there is no file yet; empty plus a warning (for the
    /// caller to print once) when the file cannot be read or makes no sense.
    public func load() -> ([String: Int], warning: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { return ([:], "\(path) is not readable; starting afresh") }
            return ([:], nil)
        }
        guard let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1,
              file.words.values.allSatisfy({ $0 > 0 }) else {
            return ([:], "\(path) is corrupt; starting the learned words afresh")
        }
        return (file.words, nil)
    }

    /// Writes `words`: a private temporary file in the same directory, then `rename(2)` over
    /// the old one, so a crash leaves either the old words or the new, never half.
    public func save(_ words: [String: Int]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(File(version: 1, words: words))
        try StateFile.writeAtomically(data, to: path)
    }
}

/// The system word list completions come from (Debian's `wamerican`).
public enum WordList {
    /// `/usr/share/dict/american-english`.
    public static let defaultPath = "/usr/share/dict/american-english"

    /// The words of the list at `path`, one a line, leaving out possessives (`dog's`) and
    /// anything not made of letters; nil when the file cannot be read.
    public static func load(path: String = defaultPath) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.allSatisfy(\.isLetter) && !line.isEmpty ? String(line) : nil
        }
    }
}
