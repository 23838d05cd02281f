/// The sentence before the caret (issue 50): what the Speak key says and the Save key keeps,
/// and whether the caret is where a sentence starts (the phrase bank is offered there).
public enum Sentence {
    /// What ends a sentence: its punctuation (Latin, CJK, Devanagari's danda, the Arabic and
    /// Greek question marks) and a new line.
    static func ends(_ c: Character) -> Bool {
        switch c {
        case ".", "!", "?", "\n", "\r\n", "\r", "…", "。", "！", "？", "।", "؟", "\u{037E}": true
        default: false
        }
    }

    static func blank(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r\n" || c == "\r" }

    /// The last sentence of `text` (the text before the caret): from after the sentence end
    /// before it to the end, its own final punctuation kept ("Hello there."), the blanks
    /// around it dropped; "" when there is none.
    public static func last(in text: String) -> String {
        var end = text.endIndex
        while end > text.startIndex, blank(text[text.index(before: end)]) { end = text.index(before: end) }
        // The sentence's own end ("?!", "..."), then back to the end before it.
        var start = end
        while start > text.startIndex, ends(text[text.index(before: start)]), !blank(text[text.index(before: start)]) {
            start = text.index(before: start)
        }
        while start > text.startIndex, !ends(text[text.index(before: start)]) { start = text.index(before: start) }
        return String(text[start..<end].drop(while: blank))
    }

    /// Whether a sentence starts at the end of `text`: nothing but blanks, or a sentence's end
    /// and blanks after it.
    public static func isAtStart(_ text: String) -> Bool {
        guard let last = text.last(where: { $0 != " " && $0 != "\t" }) else { return true }
        return ends(last)
    }
}
