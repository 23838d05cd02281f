/// The suggestion bar's share of the reducer: the text before the caret followed through
/// what is typed, the space a suggestion adds taken back before punctuation, and a latched
/// Shift at a sentence's start (`--auto-capitalize`).
extension Keyboard {
    /// The marks that take back a suggestion's space when typed right after it, as phones do.
    static let closingMarks: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", ")"]

    /// Follows what `effects` type: a closing mark right after a suggestion's space first
    /// types BackSpace; then the context, then Shift for a sentence's start.
    mutating func followTyping(_ effects: [Effect], at now: ContinuousClock.Instant) -> [Effect] {
        var effects = effects
        if context.autoSpaced, let i = effects.firstIndex(where: \.isTyping),
           case .type(let sym, let modifiers) = effects[i], modifiers.subtracting(.shift).isEmpty,
           let scalar = sym.scalar, Self.closingMarks.contains(scalar) {
            effects.insert(.type(.backSpace, modifiers: []), at: i)
        }
        context.follow(effects, at: now)
        if tookSuggestion {
            context.autoSpaced = true
            tookSuggestion = false
        }
        return effects + followSentence()
    }

    /// Latches Shift when a sentence starts here and Shift is off; lets a latch it set go
    /// when the start is gone (BackSpace over the space).
    mutating func followSentence() -> [Effect] {
        if context.wantsShift {
            guard shift == .off, page.keys.contains(where: { if case .modifier(.shift) = $0.action { true } else { false } })
            else { return [] }
            modifiers[.shift] = .latched
            shiftedForSentence = true
            return [.redrawAll]
        }
        defer { shiftedForSentence = false }
        guard shiftedForSentence, shift == .latched else { return [] }
        modifiers[.shift] = nil
        return [.redrawAll]
    }

    /// The keystrokes that take suggestion `chosen`: BackSpace over the partial word unless
    /// `chosen` goes on from it, the rest of the word, and a space.
    mutating func take(_ chosen: String) -> [Effect] {
        let partial = context.partialWord.unicodeScalars
        var effects: [Effect] = []
        var rest = Substring(chosen).unicodeScalars
        if rest.starts(with: partial) {
            rest = rest.dropFirst(partial.count)
        } else {
            effects = Array(repeating: .type(.backSpace, modifiers: []), count: partial.count)
        }
        tookSuggestion = true
        return effects + typeText(String(String.UnicodeScalarView(rest)) + " ")
    }

    /// The focus moved to a field of `kind`; `before` is its text before the caret, when the
    /// bus says. Commit what was pending first (`commitTyped`): it belongs to the last field.
    mutating func focusMoved(to kind: FieldKind, before: String?, at now: ContinuousClock.Instant) -> [Effect] {
        glide.forgetText()
        guard followsWords else { return [] }
        context.focusMoved(to: kind)
        if let before { context.adopt(before, at: now) }
        return followSentence()
    }

    /// The bus's text before the caret changed (the caret moved, a click in the application).
    mutating func caretMoved(before: String, at now: ContinuousClock.Instant) -> [Effect] {
        guard followsWords else { return [] }
        context.adopt(before, at: now)
        return followSentence()
    }

    /// Forgets the text before the caret: the pointer clicked in the application, the active
    /// window changed, or the keyboard hid.
    mutating func forgetContext() -> [Effect] {
        context.forgetText()
        glide.forgetText()
        return followSentence()
    }

    /// What was typed since the last call, for learning; unless `complete`, without a word
    /// begun at its end (the user left it).
    mutating func commitTyped(complete: Bool = true) -> String { context.commit(complete: complete) }

    /// When sentences start with Shift (`--auto-capitalize`).
    mutating func setCapitalize(_ mode: CapitalizeMode) { context.capitalize = mode }

    /// Goes on with `other`'s context (the same field, on a new layout or a refilled one).
    mutating func continueTyping(from other: Keyboard) {
        guard followsWords else { return }
        context = other.context
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
