import ClavierText

/// What one BackSpace deletes in a text field, so the keyboard's idea of the text (the current
/// word, the text before the caret) stays the field's. GTK deletes as Pango's
/// `backspace_deletes_character` says: in a grapheme cluster whose base is Latin, Cyrillic,
/// Greek, Kana, Hangul, an emoji or a mathematical operator, the whole cluster ("e" + U+0301,
/// 👍🏽, 🇫🇷); in every other script (Devanagari, Thai, Arabic, Hebrew…), or after a virama or a
/// dependent vowel, one code point (a vowel sign, a tone mark, a ZWNJ). A terminal's line
/// discipline (IUTF8) always deletes one code point.
/// (GTK decomposes the cluster (NFD) before dropping its last code point; the keyboard types
/// scalar by scalar, so what it typed is already decomposed; a precomposed Indic letter the
/// field held is not, and that one differs.)
public enum FieldBackSpace {
    /// Deletes from `text` what one BackSpace deletes in a field of `kind`.
    public static func delete(from text: inout String, in kind: FieldKind = .unknown) {
        guard let last = text.unicodeScalars.last else { return }
        // One scalar in its cluster (ASCII above all): no look-up in Unicode's tables.
        if last.isASCII || kind == .terminal || deletesCodePoint(last: text.last!) {
            text.unicodeScalars.removeLast()
        } else {
            text.removeLast()
        }
    }

    /// How many BackSpaces delete `text` from a field's end (the word a suggestion replaces).
    public static func presses(toErase text: some StringProtocol, in kind: FieldKind = .unknown) -> Int {
        var rest = String(text)
        var n = 0
        while !rest.isEmpty {
            delete(from: &rest, in: kind)
            n += 1
        }
        return n
    }

    static func deletesCodePoint(last cluster: Character) -> Bool {
        let scalars = cluster.unicodeScalars
        guard let base = scalars.first, let end = scalars.last else { return true }
        if scalars.count == 1 { return true }
        if isVirama(end) || isDependentVowel(end) { return true }
        return !wholeCluster(base)
    }

    /// Pango's LATIN, CYRILLIC, GREEK, KANA, HANGUL, EMOJI and MATH.
    static func wholeCluster(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20...0x2AF, 0x1E00...0x1EFF, 0x400...0x52F, 0x370...0x3FF, 0x1F00...0x1FFF,
             0x3040...0x30FF, 0xAC00...0xD7A3, 0x2200...0x22FF: true
        default: s.properties.isEmoji
        }
    }

    /// A virama (Indic scripts' vowel killer; canonical combining class 9).
    static func isVirama(_ s: Unicode.Scalar) -> Bool { s.properties.canonicalCombiningClass.rawValue == 9 }

    /// An Indic dependent vowel sign (a spacing or non-spacing mark of the Brahmic blocks,
    /// U+0900–U+0DFF, as Pango's `_pango_is_Vowel_Dependent` lists them).
    static func isDependentVowel(_ s: Unicode.Scalar) -> Bool {
        (0x900...0xDFF).contains(s.value) && LanguageCase.isMark(s) && !isVirama(s)
    }
}
