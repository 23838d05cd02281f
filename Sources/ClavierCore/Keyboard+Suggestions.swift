/// The suggestion bar's share of the reducer: the text before the caret followed through
/// what is typed, the space a suggestion adds taken back before punctuation, and a latched
/// Shift at a sentence's start (`--auto-capitalize`). The text and the words are the
/// session's (`Typing`); the keys typed and Shift are the keyboard's.
extension Keyboard {
    /// The marks that take back a suggestion's space when typed right after it, as phones do.
    static let closingMarks: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", ")"]

    /// Follows what `effects` type: a closing mark right after a suggestion's space first
    /// types BackSpace; then the context, then Shift for a sentence's start.
    /// `byKey`: a key typed them (not a suggestion, nor a glide), its press at `tap`; only
    /// then is the word before the caret corrected as it ends (Typing+Correction.swift).
    mutating func followTyping(_ effects: [Effect], at now: ContinuousClock.Instant, _ typing: inout Typing,
                               tap: Point? = nil, byKey: Bool = false) -> [Effect] {
        var effects = typing.correcting(effects, byKey: byKey)
        if typing.context.autoSpaced, let i = effects.firstIndex(where: \.isTyping),
           case .type(let sym, let modifiers) = effects[i], modifiers.subtracting(.shift).isEmpty,
           let scalar = sym.scalar, Self.closingMarks.contains(scalar) {
            effects.insert(.type(.backSpace, modifiers: []), at: i)
        }
        typing.context.follow(effects, at: now)
        typing.followTaps(effects, at: tap, byKey: byKey)
        if typing.tookSuggestion {
            typing.context.autoSpaced = true
            typing.tookSuggestion = false
        }
        return effects + followSentence(&typing)
    }

    /// Latches Shift when a sentence starts here and Shift is off; lets a latch it set go
    /// when the start is gone (BackSpace over the space). Not on a page whose keys have Shift
    /// layers of their own (InScript, Kedmanee): there Shift gives other letters, not capitals.
    mutating func followSentence(_ typing: inout Typing) -> [Effect] {
        if typing.context.wantsShift {
            guard shift == .off, page.keys.contains(where: { if case .modifier(.shift) = $0.action { true } else { false } }),
                  !page.keys.contains(where: { $0.shifted != nil })
            else { return [] }
            modifiers[.shift] = .latched
            typing.shiftedForSentence = true
            return [.redrawAll]
        }
        defer { typing.shiftedForSentence = false }
        guard typing.shiftedForSentence, shift == .latched else { return [] }
        modifiers[.shift] = nil
        return [.redrawAll]
    }

    /// The keystrokes that take suggestion `chosen`: BackSpace over the partial word unless
    /// `chosen` goes on from it, the rest of the word, and a space.
    mutating func take(_ chosen: String, _ typing: inout Typing) -> [Effect] {
        let partial = typing.context.partialWord.unicodeScalars
        var effects: [Effect] = []
        var rest = Substring(chosen).unicodeScalars
        if rest.starts(with: partial) {
            rest = rest.dropFirst(partial.count)
        } else {
            let presses = FieldBackSpace.presses(toErase: typing.context.partialWord, in: typing.context.field)
            effects = Array(repeating: .type(.backSpace, modifiers: []), count: presses)
        }
        typing.tookSuggestion = true
        return effects + typeText(String(String.UnicodeScalarView(rest)) + " ")
    }

    /// The focus moved to a field of `kind`; `before` is its text before the caret, when the
    /// bus says. Commit what was pending first (`Session.commitTyping`): it belongs to the last field.
    mutating func focusMoved(to kind: FieldKind, before: String?, at now: ContinuousClock.Instant, typing: inout Typing) -> [Effect] {
        typing.glideContext.forgetText()
        typing.forgetTaps()
        guard followsWords else { return [] }
        typing.context.focusMoved(to: kind)
        if let before { typing.context.adopt(before, at: now) }
        return followSentence(&typing)
    }

    /// The bus's text before the caret changed (the caret moved, a click in the application).
    mutating func caretMoved(before: String, at now: ContinuousClock.Instant, typing: inout Typing) -> [Effect] {
        guard followsWords else { return [] }
        let known = typing.context.before
        typing.context.adopt(before, at: now)
        // Text that is not what the keys typed (the caret moved, a click) ends the word's taps.
        if typing.context.before != known { typing.forgetTaps() }
        return followSentence(&typing)
    }

    /// Forgets the text before the caret: the pointer clicked in the application, the active
    /// window changed, or the keyboard hid.
    mutating func forgetContext(_ typing: inout Typing) -> [Effect] {
        typing.context.forgetText()
        typing.forgetTaps()
        typing.glideContext.forgetText()
        return followSentence(&typing)
    }
}

extension Effect {
    /// Whether this effect types.
    public var isTyping: Bool { if case .type = self { true } else { false } }
}

extension Layout {
    /// This layout with `count` suggestions on its bar (`--suggestions`); 0 takes the
    /// suggestions off (a bar with formatting stays).
    public func offering(suggestions count: Int) -> Layout {
        var layout = self
        layout.options.suggestions = min(max(count, AccessoryBar.slotRange.lowerBound), AccessoryBar.slotRange.upperBound)
        if count == 0 { layout.options.accessory.removeAll { $0 == .completions } }
        return layout
    }
}
