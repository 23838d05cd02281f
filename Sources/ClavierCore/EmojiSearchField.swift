/// The emoji search's own field: the words typed on the search page's letters and the emoji
/// they found. Kept in memory only while the search page shows; never typed, stored or logged.
public struct EmojiSearchField: Hashable, Sendable {
    /// What was typed, lower case.
    public internal(set) var query = ""
    /// The emoji the query found, best first (none while it is empty).
    public internal(set) var matches: [String] = []

    /// The id of the search page's key that shows the field.
    public static let fieldKeyID = "search-field"
    /// The longest query kept: a held key's repeat stops growing it there.
    static let longestQuery = 40

    public init(query: String = "", matches: [String] = []) {
        self.query = query
        self.matches = matches
    }

    /// What the field's key shows: a magnifying glass, then the words typed and a caret.
    public var label: String { query.isEmpty ? "🔍" : "🔍 " + query + "▏" }

    /// Takes one key typed on the search page: BackSpace takes the last character back,
    /// space and printable characters are added (lower case), anything else (Return, an
    /// arrow) is ignored. True when the query changed; an empty one finds nothing.
    mutating func edit(_ sym: KeySym) -> Bool {
        let before = query
        if sym == .backSpace {
            if !query.isEmpty { query.removeLast() }
        } else if let scalar = sym.scalar, scalar.value >= 0x20, scalar.value != 0x7F, query.count < Self.longestQuery {
            // Two spaces in a row, or one first, add no word.
            if scalar == " ", query.isEmpty || query.hasSuffix(" ") { return false }
            query += String(Character(scalar)).lowercased()
        }
        if query.isEmpty { matches = [] }
        return query != before
    }

    /// Takes the emoji found for `query`, unless the field has moved on since it was asked.
    mutating func take(_ found: [String], for asked: String) -> Bool {
        guard asked == query, !query.isEmpty, found != matches else { return false }
        matches = found
        return true
    }
}
