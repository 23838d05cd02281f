/// What a label on a key (or an alternate in its popup) may hold: a key shows a word or two,
/// and a label past these (thousands of lines, a letter under thousands of combining accents)
/// is a mistake or an attack. The reader refuses it with a diagnostic (`clavier check`); the
/// painter clips whatever reaches it to its key anyway.
public enum LabelLimits {
    /// Characters (grapheme clusters) in a label: "completions" has 11.
    public static let characters = 32
    /// Lines in a label.
    public static let lines = 3
    /// Unicode scalars in one character: the longest emoji (a kiss with two skin tones) has 10.
    public static let scalarsPerCharacter = 16

    /// Why `text` is too much for a label, nil when a key can show it.
    public static func problem(with text: String) -> String? {
        var characters = 0, lines = 1
        for character in text {
            characters += 1
            if character.isNewline { lines += 1 }
            if character.unicodeScalars.count > scalarsPerCharacter {
                return "a label's character may combine at most \(scalarsPerCharacter) Unicode scalars, not \(character.unicodeScalars.count)"
            }
            if characters > Self.characters { return "a label holds at most \(Self.characters) characters" }
            if lines > Self.lines { return "a label holds at most \(Self.lines) lines" }
        }
        return nil
    }
}
