/// The clipboard strip's texts (issue 38): the last few texts copied (the host's watch on the
/// CLIPBOARD selection), newest first, each once, and the texts the user pinned (a long press
/// on a copy's cell), before them. Only the pinned ones are ever written to disk (the host's
/// pin file, `Effect.keepPins`); the copies are memory only: never written, logged or kept
/// across starts. `clavier forget` clears both (`Session.forgetLearning`).
public struct ClipboardHistory: Hashable, Sendable {
    /// The most copies kept besides the pinned texts: the bar offers as many as it has slots for (5 at most).
    public static let capacity = 5
    /// The most texts pinned: as many as the widest bar shows. A sixth pin is refused (one is
    /// unpinned first), never made by evicting a pin.
    public static let pinCapacity = 5
    /// The largest text kept, in UTF-8 bytes: a bigger copy (a file's contents, a page) is not
    /// offered at all, as typing it key by key would take long and could not be seen on a cell.
    public static let largestText = 4_096
    /// The most characters of a text a cell shows, before "…".
    public static let labelCharacters = 14

    /// The pinned texts, the latest pinned first; never evicted by a copy.
    public private(set) var pinned: [String] = []
    /// The copies that are not pinned, newest first.
    public private(set) var recent: [String] = []
    /// Every text, pinned ones first.
    public var entries: [String] { pinned + recent }

    /// A history holding `pinned` (the pin file's texts, the latest pinned first): those the
    /// strip would keep, each once, `pinCapacity` at most.
    public init(pinned: [String] = []) {
        for text in pinned.reversed() where Self.keeps(text) && !self.pinned.contains(Self.newLines(text)) {
            self.pinned.insert(Self.newLines(text), at: 0)
        }
        if self.pinned.count > Self.pinCapacity { self.pinned.removeLast(self.pinned.count - Self.pinCapacity) }
    }

    /// Keeps `text`, copied just now, first; says whether it is kept. An empty text, one of
    /// whitespace only, one larger than `largestText`, or one with control characters other
    /// than a new line or a tab (typed into a terminal, they would do what the copier chose)
    /// is not. A text already there moves to the front; a pinned one stays where it is.
    public mutating func record(_ text: String) -> Bool {
        guard Self.keeps(text) else { return false }
        let text = Self.newLines(text)
        if !pinned.contains(text) { putFirst(text) }
        return true
    }

    /// `text` the newest copy, once, the oldest beyond `capacity` let go.
    private mutating func putFirst(_ text: String) {
        recent.removeAll { $0 == text }
        recent.insert(text, at: 0)
        if recent.count > Self.capacity { recent.removeLast(recent.count - Self.capacity) }
    }

    /// Whether the strip keeps `text` at all (`record`'s rule; the pin file's lines are held to it too).
    public static func keeps(_ text: String) -> Bool {
        text.utf8.count <= largestText && text.unicodeScalars.contains(where: { !$0.properties.isWhitespace })
            && text.unicodeScalars.allSatisfy(isTypable)
    }

    public func isPinned(_ text: String) -> Bool { pinned.contains(text) }

    /// Pins `text` (one of `entries`) first among the pinned, or unpins it back to the newest
    /// copy; false when nothing changed: not there, or `pinCapacity` texts pinned already.
    public mutating func togglePin(_ text: String) -> Bool {
        if let i = pinned.firstIndex(of: text) {
            pinned.remove(at: i)
            putFirst(text)
            return true
        }
        guard let i = recent.firstIndex(of: text), pinned.count < Self.pinCapacity else { return false }
        recent.remove(at: i)
        pinned.insert(text, at: 0)
        return true
    }

    /// What a bar of `slots` cells offers: the pinned texts first, then the copies; but while
    /// the pins would fill every slot, the last one shows the newest copy, so a copy made just
    /// now is always offered.
    public func offered(slots: Int) -> [String] {
        guard slots > 0 else { return [] }
        guard let newest = recent.first, pinned.count >= slots else { return Array(entries.prefix(slots)) }
        return Array(pinned.prefix(slots - 1)) + [newest]
    }

    /// Forgets every text, pinned or not (`clavier forget`).
    public mutating func clear() {
        pinned = []
        recent = []
    }

    /// How a cell shows `text`: in quotes (a copy, not a word to complete), white space run
    /// together and a new line as ⏎, cut to `labelCharacters` with "…". A text with new lines
    /// anywhere, even far past the cut, says so first, with how many: `⏎2 “echo harmle…”`
    /// (issue 48), its text cut shorter by as much, so that the mark is never the part cut off.
    public static func label(of text: String) -> String {
        let breaks = newLineCount(text)
        guard breaks > 0 else { return quoted(text, cut: labelCharacters) }
        let mark = "⏎\(breaks) "
        return mark + quoted(text, cut: max(1, labelCharacters - mark.count))
    }

    /// `text` in quotes, white space run together and a new line as ⏎, cut to `cut` characters with "…".
    static func quoted(_ text: String, cut: Int) -> String {
        var shown = ""
        var count = 0
        var lastWasSpace = false
        for character in text {
            let part: String
            if character.isNewline {
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
            if count == cut { return "“" + shown + "…”" }
            shown += part
            count += 1
        }
        return "“" + shown + "”"
    }

    /// How many new lines `text` holds: the Returns it presses where they are typed as such.
    public static func newLineCount(_ text: String) -> Int {
        text.reduce(0) { $1.isNewline ? $0 + 1 : $0 }
    }

    /// Whether a copied text's new lines are typed as Returns in the field `context` tells of:
    /// only in one described as multi-line prose (a text view), where a Return makes a new
    /// line. In a terminal a Return runs what came before it, in a one-line entry it sends the
    /// form, and in a field nobody described it may do either; typed as keys, the terminal's
    /// bracketed paste cannot hold it back (issue 48).
    public static func keepsReturns(in context: TypingContext) -> Bool {
        context.field == .prose && context.multiLine
    }

    /// What a tap types of `text`: as it stands where `keepingReturns`; anywhere else each
    /// run of new lines is one space and those at its start and end go, so that nothing runs
    /// until the user presses Return.
    public static func typed(_ text: String, keepingReturns: Bool) -> String {
        guard !keepingReturns, text.contains(where: \.isNewline) else { return text }
        var typed = ""
        var pendingSpace = false
        for character in text {
            if character.isNewline {
                pendingSpace = !typed.isEmpty
                continue
            }
            if pendingSpace { typed.append(" ") }
            pendingSpace = false
            typed.append(character)
        }
        return typed
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
