import ClavierCore

/// One tap of a word being typed: the character its key typed (with its case, as Shift made
/// it) and where it landed, in the keyboard's pixels; `point` is nil for a character typed
/// off the letter keys (an apostrophe from the numbers page), which counts as typed exactly.
/// The session's own record of a tap (Core's `WordTap`), so the keyboard hands its taps over as they are.
public typealias CorrectionTap = WordTap

/// The letter keys of one page at one size, as autocorrection weighs taps on them: each
/// letter's key centre, and the pitch (the median letter key's width) distances are measured in.
/// Made from `Keyboard.glideLetters`.
public struct CorrectionKeyboard: Sendable {
    let letters: [Character]
    let centres: [Point]
    /// px: the median letter key's width.
    let pitch: Double
    private let index: [Character: Int]

    public init(letters: [(letter: Character, rect: Rect)]) {
        var seen: [Character: Int] = [:]
        var kept: [Character] = []
        var centres: [Point] = []
        for (letter, rect) in letters {
            let lower = Character(String(letter).lowercased())
            guard seen[lower] == nil else { continue }
            seen[lower] = kept.count
            kept.append(lower)
            centres.append(Point(x: Double(rect.x) + Double(rect.width) / 2, y: Double(rect.y) + Double(rect.height) / 2))
        }
        self.letters = kept
        self.centres = centres
        index = seen
        let widths = letters.map { Double($0.rect.width) }.sorted()
        pitch = max(widths.isEmpty ? 1 : widths[widths.count / 2], 1)
    }

    public var isEmpty: Bool { letters.isEmpty }

    /// The key that types `letter` (any case) itself, if one does.
    func key(for letter: Character) -> Int? {
        index[Character(String(letter).lowercased())]
    }

    /// The key of `letter`'s unaccented form (é on e) when no key types it itself.
    func foldedKey(for letter: Character) -> Int? {
        Self.folded[letter].flatMap { index[$0] }
    }

    /// The cost (−ln of an unnormalised Gaussian) of a tap at `point` meaning key `key`:
    /// half the squared distance to its centre in standard deviations, across and down.
    func distanceCost(_ point: Point, _ key: Int, sigmaX: Double, sigmaY: Double) -> Double {
        let dx = (point.x - centres[key].x) / (sigmaX * pitch)
        let dy = (point.y - centres[key].y) / (sigmaY * pitch)
        return (dx * dx + dy * dy) / 2
    }

    /// Accented Latin letters and the letter a keyboard without them types instead.
    static let folded: [Character: Character] = {
        let groups: [(Character, String)] = [
            ("a", "àáâãäåāăą"), ("c", "çćĉċč"), ("d", "ďđ"), ("e", "èéêëēĕėęě"), ("g", "ĝğġģ"),
            ("h", "ĥħ"), ("i", "ìíîïĩīĭįı"), ("j", "ĵ"), ("k", "ķ"), ("l", "ĺļľŀł"), ("n", "ñńņňŉ"),
            ("o", "òóôõöøōŏő"), ("r", "ŕŗř"), ("s", "śŝşšß"), ("t", "ţťŧ"), ("u", "ùúûüũūŭůűų"),
            ("w", "ŵ"), ("y", "ýÿŷ"), ("z", "źżž"), ("е", "ё"), ("и", "й"),
        ]
        var table: [Character: Character] = [:]
        for (base, letters) in groups { for letter in letters { table[letter] = base } }
        return table
    }()
}
