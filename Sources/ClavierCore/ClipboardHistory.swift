/// The clipboard strip's texts (issue 38): the last few texts copied (the host's watch on the
/// CLIPBOARD selection), newest first, each once. Memory only: never written to disk, logged
/// or kept across starts; `clavier forget` clears it (`Session.forgetLearning`).
public struct ClipboardHistory: Hashable, Sendable {
    /// The most texts kept: the bar offers as many as it has slots for (5 at most).
    public static let capacity = 5
    /// The largest text kept, in UTF-8 bytes: a bigger copy (a file's contents, a page) is not
    /// offered at all, as typing it key by key would take long and could not be seen on a cell.
    public static let largestText = 4_096
    /// The most characters of a text a cell shows, before "…".
    public static let labelCharacters = 14

    /// The texts, newest first.
    public private(set) var entries: [String] = []

    public init() {}

    /// Keeps `text`, copied just now, first; says whether it is kept. An empty text, one of
    /// whitespace only, one larger than `largestText`, or one with control characters other
    /// than a new line or a tab (typed into a terminal, they would do what the copier chose)
    /// is not. A text already there moves to the front.
    public mutating func record(_ text: String) -> Bool {
        guard text.utf8.count <= Self.largestText, text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }),
              text.unicodeScalars.allSatisfy(Self.isTypable) else { return false }
        let text = Self.newLines(text)
        entries.removeAll { $0 == text }
        entries.insert(text, at: 0)
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
        return true
    }

    /// Forgets every text (`clavier forget`).
    public mutating func clear() { entries = [] }

    /// How a cell shows `text`: in quotes (a copy, not a word to complete), white space run
    /// together and a new line as ⏎ (so that a text which would press Return says so), cut to
    /// `labelCharacters` with "…".
    public static func label(of text: String) -> String {
        var shown = ""
        var count = 0
        var lastWasSpace = false
        for character in text {
            let part: String
            if character == "\n" || character == "\r\n" || character == "\r" {
                part = "⏎"
                lastWasSpace = false
            } else if character.isWhitespace {
                if lastWasSpace || count == 0 { continue }
                part = " "
                lastWasSpace = true
            } else {
                part = String(character)
                lastWasSpace = false
            }
            if count == labelCharacters { return "“" + shown + "…”" }
            shown += part
            count += 1
        }
        return "“" + shown + "”"
    }

    /// `text` with each "\r\n" and lone "\r" a "\n": one Return each when typed.
    static func newLines(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            if scalar == "\n" && afterReturn { continue }
            scalars.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(scalars)
    }

    private static func isTypable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return true
        case 0..<0x20, 0x7F...0x9F: return false
        default: return true
        }
    }
}
