import FoundationEssentials

/// Keeps the completions a user accepted, with how often, in `$XDG_STATE_HOME/clavier/words.json`
/// (a `StateStore`).
public struct WordStore: StateStore {
    public static let fileName = "words.json"
    public static let fallback = "starting the learned words afresh"
    public let path: String

    public init(path: String) { self.path = path }

    struct File: Codable {
        var version: Int
        var words: [String: Int]
    }

    public static func decode(_ bytes: [UInt8]) -> [String: Int]? {
        guard let file = try? JSONDecoder().decode(File.self, from: Data(bytes)), file.version == 1,
              file.words.values.allSatisfy({ $0 > 0 }) else { return nil }
        return file.words
    }

    public static func encode(_ words: [String: Int]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Array(try encoder.encode(File(version: 1, words: words)))
    }
}

/// The system word list completions come from (Debian's `wamerican`).
public enum WordList {
    /// `/usr/share/dict/american-english`.
    public static let defaultPath = "/usr/share/dict/american-english"
    /// Bytes a list may have: Debian's largest (`wamerican-insane`) has 6.4 MB.
    static let sizeLimit = 16 << 20

    /// The words of the list at `path`, one a line, leaving out possessives (`dog's`) and
    /// anything not made of letters; nil when the file cannot be read.
    public static func load(path: String = defaultPath) -> [String]? {
        guard let bytes = try? PlainFiles.bytes(path, limit: sizeLimit) else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.allSatisfy(\.isLetter) && !line.isEmpty ? String(line) : nil
        }
    }
}
