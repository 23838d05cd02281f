import ClavierCore
import ClavierLayouts

/// Emoji search's words on disk: each language's annotations (Assets/emoji/annotations-LANG.tsv,
/// installed with the other data files; English with clavier, the others with their
/// clavier-lang package), read the first time a search in that language asks, and kept.
/// The ranking is Core's (`EmojiAnnotations`); what is searched for is never logged.
final class EmojiSearcher {
    /// How many emoji a search offers at most (more than any search page shows).
    static let limit = 40
    /// The largest file read (the shipped ones are under 300 KB).
    static let largestFile = 2 << 20
    private var loaded: [String: EmojiAnnotations?] = [:]
    private let find: (String) -> String?

    init(find: @escaping (String) -> String? = DataFiles.find) { self.find = find }

    /// The emoji `query` finds in `language`'s words then English's, the most used first
    /// among equals (`frequent`, most first).
    func matches(for query: String, language: String, frequent: [String]) -> [String] {
        let languages = (language == "en" ? ["en"] : [language, "en"]).compactMap(annotations)
        return EmojiAnnotations.matches(for: query, in: languages, frequent: frequent, limit: Self.limit)
    }

    private func annotations(_ language: String) -> EmojiAnnotations? {
        if let known = loaded[language] { return known }
        var read: EmojiAnnotations?
        if let path = find("emoji/annotations-\(language).tsv") {
            do {
                read = EmojiAnnotations(tsv: try PlainFiles.text(path, limit: Self.largestFile))
            } catch {
                Log.warning("cannot read the emoji search's words \(path): \(error.reason)")
            }
        }
        loaded[language] = read
        return read
    }
}
