import ClavierCore

/// A point of a gesture or a key's centre, in the keyboard's pixels, y downwards: Core's.
public typealias GlidePoint = Point

/// One letter key as the decoder sees it: the letter it types now (lower-case) and its
/// rectangle in pixels.
public struct GlideKey: Hashable, Sendable {
    public var letter: Character
    public var x: Double, y: Double, width: Double, height: Double
    public init(letter: Character, x: Double, y: Double, width: Double, height: Double) {
        self.letter = letter
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var centre: GlidePoint { GlidePoint(x: x + width / 2, y: y + height / 2) }
}

/// The letter keys of one page at one size: which key types each letter, and the pitch that
/// distances are measured in.
public struct GlideKeyboard: Sendable {
    public let keys: [GlideKey]
    /// px: the median letter key width, the unit of every location distance.
    public let pitch: Double
    private let index: [Character: Int]

    public init(keys: [GlideKey]) {
        var seen: [Character: Int] = [:]
        var kept: [GlideKey] = []
        for key in keys where seen[key.letter] == nil {
            seen[key.letter] = kept.count
            kept.append(key)
        }
        self.keys = kept
        index = seen
        let widths = kept.map(\.width).sorted()
        pitch = max(widths.isEmpty ? 1 : widths[widths.count / 2], 1)
    }

    /// The key that types `letter` (any case), or that types its unaccented form (é on e)
    /// when no key types it itself.
    public func key(for letter: Character) -> Int? {
        let lower = Character(String(letter).lowercased())
        if let i = index[lower] { return i }
        if let base = Self.folded[lower] { return index[base] }
        return nil
    }

    /// Whether a word is typed on this keyboard's letters (apostrophes and hyphens are left
    /// out of its path; any other character that no key types rules it out).
    public func path(of word: String) -> [UInt8]? {
        var path: [UInt8] = []
        for letter in word {
            if letter == "'" || letter == "’" || letter == "-" { continue }
            guard let k = key(for: letter), k < 255 else { return nil }
            if path.last != UInt8(k) { path.append(UInt8(k)) }
        }
        return path.isEmpty ? nil : path
    }

    /// Accented Latin letters and the letter a keyboard without them types instead.
    static let folded: [Character: Character] = {
        let groups: [(Character, String)] = [
            ("a", "àáâãäåāăą"), ("c", "çćĉċč"), ("d", "ďđ"), ("e", "èéêëēĕėęě"), ("g", "ĝğġģ"),
            ("h", "ĥħ"), ("i", "ìíîïĩīĭįı"), ("j", "ĵ"), ("k", "ķ"), ("l", "ĺļľŀł"), ("n", "ñńņňŉ"),
            ("o", "òóôõöøōŏő"), ("r", "ŕŗř"), ("s", "śŝşšß"), ("t", "ţťŧ"), ("u", "ùúûüũūŭůűų"),
            ("w", "ŵ"), ("y", "ýÿŷ"), ("z", "źżž"),
        ]
        var table: [Character: Character] = [:]
        for (base, letters) in groups { for letter in letters { table[letter] = base } }
        return table
    }()
}
