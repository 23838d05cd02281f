/// What emoji search matches typed words against: each emoji's name and keywords in one
/// language, from Unicode CLDR's annotations (Assets/emoji/annotations-LANG.tsv, written by
/// tools/gen-emoji-annotations.py: one emoji a line, its name and its keywords, lower case,
/// with accent-free copies). Pure: the executable reads the file, this parses and ranks.
public struct EmojiAnnotations: Sendable {
    struct Entry: Sendable {
        let emoji: String
        /// The words of its name, which rank a match higher than a keyword's.
        let nameWords: [Substring]
        /// Its name and keywords, whole: a query word equal to one is the best match.
        let terms: [Substring]
        /// Every word of its name and keywords.
        let words: [Substring]
    }

    let entries: [Entry]

    /// Reads `tsv` (emoji TAB name TAB keywords joined by "|"); a line without a name is skipped.
    public init(tsv: String) {
        var entries: [Entry] = []
        for line in tsv.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else { continue }
            let keywords = fields.count > 2 ? fields[2].split(separator: "|") : []
            let terms = [fields[1]] + keywords
            entries.append(Entry(emoji: String(fields[0]), nameWords: fields[1].split(separator: " "), terms: terms,
                                 words: terms.flatMap { $0.split(separator: " ") }))
        }
        self.entries = entries
    }

    /// How many emoji it names.
    public var count: Int { entries.count }

    /// The emoji every word of `query` finds, best first: a word scores by how it matches
    /// (the whole name 8, a whole keyword 6, one of their words 4, the start of a word 2,
    /// inside a word 1, and one more when it is a word of the name), an emoji by the sum. Among equals the
    /// most used (`frequent`, most first) come first, then the shorter names (the plainer
    /// emoji: "cat" before "cat face"), then the file's order (Unicode's). Case is ignored.
    public func matches(for query: String, frequent: [String] = [], limit: Int = .max) -> [String] {
        let wanted = query.lowercased().split(separator: " ")
        guard !wanted.isEmpty, limit > 0 else { return [] }
        var rank: [String: Int] = [:]
        for (i, emoji) in frequent.enumerated() where rank[emoji] == nil { rank[emoji] = i }
        var found: [(score: Int, rank: Int, length: Int, order: Int)] = []
        for (order, entry) in entries.enumerated() {
            var total = 0
            for word in wanted {
                let score = Self.score(word, entry)
                guard score > 0 else { total = 0; break }
                total += score
            }
            if total > 0 { found.append((total, rank[entry.emoji] ?? .max, entry.nameWords.count, order)) }
        }
        found.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.rank != b.rank { return a.rank < b.rank }
            if a.length != b.length { return a.length < b.length }
            return a.order < b.order
        }
        return found.prefix(limit).map { entries[$0.order].emoji }
    }

    /// How well `word` matches `entry` (0: not at all).
    static func score(_ word: Substring, _ entry: Entry) -> Int {
        if entry.terms.first == word { return 8 }
        let base = if entry.terms.contains(word) { 6 }
            else if entry.words.contains(word) { 4 }
            else if entry.words.contains(where: { $0.hasPrefix(word) }) { 2 }
            else if entry.words.contains(where: { $0.containsText(word) }) { 1 }
            else { 0 }
        return base == 0 ? 0 : base + (entry.nameWords.contains(word) ? 1 : 0)
    }

    /// The matches of `query` in each of `languages` in turn (the keymap's, then English, so
    /// that words typed on the search page's US letters find emoji whatever the keymap),
    /// each emoji once, at most `limit`.
    public static func matches(for query: String, in languages: [EmojiAnnotations], frequent: [String] = [],
                               limit: Int = .max) -> [String] {
        var seen = Set<String>(), out: [String] = []
        for annotations in languages {
            for emoji in annotations.matches(for: query, frequent: frequent, limit: limit) where out.count < limit {
                if seen.insert(emoji).inserted { out.append(emoji) }
            }
        }
        return out
    }
}
