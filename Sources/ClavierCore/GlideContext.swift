/// What the glides typed, the session's (`Typing.glideContext`): the context a glided word is
/// decoded in, whether the next one needs a space, and the word the bar's alternatives
/// replace. A new keyboard starts it again (`Typing.keyboardChanged`).
public struct GlideContext: Sendable {
    /// The word the last glide typed, while nothing else has been typed after it: the bar's
    /// alternatives replace it.
    public internal(set) var lastWord: String?
    /// The last character the keyboard typed (nil: nothing since the focus moved, or it was
    /// taken back): a glided word after a word or punctuation gets a space before it.
    var lastTyped: Unicode.Scalar?
    /// The last few dozen characters the keyboard typed since the focus moved, in memory only:
    /// the context a glided word is decoded in (its last words).
    public internal(set) var before = ""

    /// The word an alternative on the bar just put in place of the glided one: it stays replaceable.
    var replaced: String?
    mutating func keepReplaced() {
        guard let word = replaced else { return }
        lastWord = word
        replaced = nil
    }

    /// Forgets what was typed (the focus moved, a click in the application, the keyboard hid).
    mutating func forgetText() {
        lastTyped = nil
        lastWord = nil
        before = ""
    }

    /// Follows what `effects` typed: anything typed ends the last glide's replaceability.
    mutating func follow(_ effects: [Effect]) {
        for case .type(let sym, let modifiers) in effects {
            lastWord = nil
            if sym == .backSpace || !modifiers.subtracting(.shift).isEmpty {
                lastTyped = nil
                if sym == .backSpace, !before.isEmpty { FieldBackSpace.delete(from: &before) } else { before = "" }
            } else {
                lastTyped = sym.scalar
                if let scalar = sym.scalar {
                    before.unicodeScalars.append(scalar)
                    if before.unicodeScalars.count > 64 { before = String(before.unicodeScalars.suffix(48)) }
                }
            }
        }
    }

    /// Whether a word glided now needs a space before it.
    var needsSpace: Bool {
        guard let last = lastTyped else { return false }
        if last.properties.isWhitespace { return false }
        return !"([{\"'¿¡-/@#".unicodeScalars.contains(last)
    }
}
