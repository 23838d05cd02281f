/// Upper and lower case by a language's rules, where Swift's `uppercased()` knows none:
/// Turkish and Azeri dotted and dotless i (`i` ↔ `İ`, `ı` ↔ `I`), German `ß` (one key types
/// one letter: `ẞ`, not "SS"), Greek final sigma (`Σ` at a word's end lowers to `ς`) and Dutch
/// `ij` (a capital `IJ` at a word's start). Nil or another language: Swift's own mapping,
/// but `ß` still shifts to `ẞ`. One module of its own, so that Core (the keys, the bar's casing)
/// and Predict (learning's keys, `CaseStyle`), which does not depend on Core, use the same rules.
public enum LanguageCase {
    static func dottedI(_ language: String?) -> Bool { language == "tr" || language == "az" }

    /// `text` in capitals.
    public static func upper(_ text: String, language: String?) -> String {
        // Swift's own mapping where no rule applies (ASCII above all: a press reads no table).
        if !dottedI(language), !text.unicodeScalars.contains("ß") { return text.uppercased() }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "i" where dottedI(language): out.append("İ")
            case "ß": out.append("ẞ")
            default: out.append(contentsOf: String(scalar).uppercased().unicodeScalars)
            }
        }
        return String(out)
    }

    /// `text` in small letters.
    public static func lower(_ text: String, language: String?) -> String {
        if !dottedI(language), !text.unicodeScalars.contains("Σ") { return text.lowercased() }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            switch scalar {
            case "I" where dottedI(language): out.append("ı")
            case "İ" where dottedI(language): out.append("i")
            case "Σ":
                // Final sigma: after a letter, and no letter follows (marks skipped).
                let before = scalars[..<i].last { !isMark($0) }.map(\.properties.isAlphabetic) ?? false
                let after = scalars[(i + 1)...].first { !isMark($0) }.map(\.properties.isAlphabetic) ?? false
                out.append(before && !after ? "ς" : "σ")
            default: out.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(out)
    }

    /// `word` with a capital first letter (Dutch "ijs" → "IJs").
    public static func capitalized(_ word: String, language: String?) -> String {
        if language == "nl", word.hasPrefix("ij") || word.hasPrefix("Ij") {
            return "IJ" + word.dropFirst(2)
        }
        guard let first = word.first else { return word }
        return upper(String(first), language: language) + word.dropFirst()
    }

    public static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
