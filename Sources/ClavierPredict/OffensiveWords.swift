import Glibc
import Synchronization

/// Words never offered — by the suggestion bar, glide typing or autocorrect — unless the user
/// typed them in full before (`Predictor.mayOffer`); `--offensive-words allow` turns the filter
/// off. Each language's list is a file (Assets/offensive/LANG.txt, reviewed from LDNOOBW, CC BY
/// 4.0; packaging/debian/copyright): one lower-case word a line, `stem*` for every word that
/// starts with the stem, `#` comments. What a list holds: slurs and sexual or obscene words,
/// not ordinary words with a second meaning (sex, nude, butt), except that a word whose
/// commonest use today is a slur is held back though it has a plain sense too (retard, not
/// retardant): offered unbidden it hurts more than typing it out costs, and it still types,
/// and is offered once typed in full.
public struct OffensiveWords: Sendable, Equatable {
    let words: Set<String>
    let stems: Set<String>

    /// The list in a list file's text.
    public init(list text: String) {
        var words = Set<String>(), stems = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            let entry = line.drop { $0 == " " || $0 == "\t" }
            guard let first = entry.first, first != "#" else { continue }
            let word = String(entry.prefix { $0 != " " && $0 != "\t" }).lowercased()
            if word.hasSuffix("*") { stems.insert(String(word.dropLast())) } else { words.insert(word) }
        }
        stems.remove("")
        self.words = words
        self.stems = stems
    }

    /// The list in the file at `path`; nil when it cannot be read.
    public static func read(_ path: String) -> OffensiveWords? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[..<n]
        }
        return OffensiveWords(list: String(decoding: bytes, as: UTF8.self))
    }

    /// Whether `word` (any case; "fuck's" as "fuck") is on the list or starts with one of its stems.
    public func contains(_ word: String) -> Bool {
        var key = word.lowercased()
        if let apostrophe = key.firstIndex(where: { $0 == "'" || $0 == "’" }) { key = String(key[..<apostrophe]) }
        if words.contains(key) { return true }
        guard !stems.isEmpty else { return false }
        var prefix = ""
        for ch in key {
            prefix.append(ch)
            if stems.contains(prefix) { return true }
        }
        return false
    }

    public var isEmpty: Bool { words.isEmpty && stems.isEmpty }

    // The lists shared by the process, each read once where `locate` says.

    private struct Shared {
        var find: @Sendable (String) -> String? = { _ in nil }
        var lists: [String: OffensiveWords?] = [:]
    }
    private static let shared = Mutex(Shared())

    /// Says where a language's list file is (the executable: its data directories), for
    /// `list(language:)` and `contains(_:language:)`; lists read before are read again.
    public static func locate(_ find: @escaping @Sendable (String) -> String?) {
        shared.withLock {
            $0.find = find
            $0.lists = [:]
        }
    }

    /// `language`'s list, read at the first call; nil when there is none.
    public static func list(language: String) -> OffensiveWords? {
        shared.withLock { state in
            if let found = state.lists[language] { return found }
            let list = state.find(language).flatMap(read)
            state.lists[language] = .some(list)
            return list
        }
    }

    /// Whether `word` is on `language`'s list: what an autocorrect engine asks before it offers
    /// a word (and, with the user's typed words, `Predictor.mayOffer`).
    public static func contains(_ word: String, language: String) -> Bool {
        list(language: language)?.contains(word) ?? false
    }
}
