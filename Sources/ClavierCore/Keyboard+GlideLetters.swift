/// The letter keys glide typing draws words over: what each types now and where it is.
extension Keyboard {
    /// The letter keys of the current page with the one lower-case letter each types now
    /// (its own text, or for an XKB-named key, what the live keymap gives it, so the `xkb`
    /// and `pc` layouts under de offer ä, ö, ü), and their rectangles.
    public var glideLetters: [(letter: Character, rect: Rect)] {
        geometry.frames.compactMap { frame in
            guard frame.key.keyClass == .letter else { return nil }
            let text: String? = switch frame.key.action {
            case .text(let text): text
            // Without a live keymap (`clavier glide`), the layout's own label.
            case .xkbKey(let name): liveKeys[name]?.baseText ?? { if case .text(let t) = frame.key.label { t } else { nil } }()
            default: nil
            }
            guard let text, text.count == 1, let letter = text.lowercased().first, letter.isLetter else { return nil }
            return (letter, frame.rect)
        }
    }
}
