/// The suggestion bar's share of the session: the text before the caret (`Typing`'s
/// `TypingContext`) committed for learning and forgotten as the focus moves, and the
/// predictor asked (`Effect.suggest`) whenever that text changed. The predictor itself is the
/// executable's (`Suggester`); its words come back as `SessionEvent.completions`.
extension Session {
    /// What was typed since the last commit, as `.learn` when it may be learned (a layout
    /// that learns words, a field that keeps text, a word in it). `complete`: the text ends
    /// here (Return); else a word begun and left is not learned.
    mutating func commitTyping(complete: Bool) -> [Effect] {
        let text = typing.context.commit(complete: complete)
        guard keyboard.layout.options.learnsWords, typing.context.field.keepsText, !typing.fieldKeys.isPrivate,
              text.unicodeScalars.contains(where: CurrentWord.isWordScalar) else { return [] }
        return [.learn(text)]
    }

    /// Forgets the text before the caret (the active window changed, a click in an
    /// application, the keyboard hid), learning what was typed first.
    mutating func forgetTyping() -> [Effect] {
        commitTyping(complete: false) + keyboard.forgetContext(&typing) + asksSuggestions
    }

    /// The host says which window has the input focus: one other than the window the keys
    /// typed into last (no window manager need be there to say the active window changed: a
    /// program set the focus, as a dialog does) holds other text, so the text before the caret
    /// is forgotten, and a BackSpace there is a plain one, never a correction's undo.
    mutating func followFocusedWindow(_ window: UInt64) -> [Effect] {
        defer { typing.focusedWindow = window }
        guard let known = typing.focusedWindow, known != window else { return [] }
        return forgetTyping()
    }

    /// A key typed on a hardware keyboard: the text before the caret is not what the keys
    /// typed any more (nothing to forget: nothing is asked again).
    mutating func typedElsewhere() -> [Effect] {
        guard typing.mayTakeCorrectionBack || !typing.taps.isEmpty || !typing.context.before.isEmpty || typing.context.knowsStart
        else { return [] }
        return forgetTyping()
    }

    /// Whether the host is to tell which window has the focus (`SessionEvent.focusedWindow`)
    /// before `event`: a key may take a correction back now, and `event` may type a key.
    public func asksFocusedWindow(before event: SessionEvent) -> Bool {
        guard typing.mayTakeCorrectionBack else { return false }
        switch event {
        case .input, .tick, .switchKey, .hover: return true
        default: return false
        }
    }

    /// `clavier forget`: what was typed since the last commit is dropped unlearned, the
    /// predictors forget what they learned, the clipboard strip its texts (pinned ones and their file too), and the bar is
    /// asked again (it may offer a learned word).
    mutating func forgetLearning() -> [Effect] {
        _ = typing.context.commit(complete: false)
        return [.forgetLearned] + forgetClipboard() + asksSuggestions
    }

    /// The focus watch's report: a new field (what was typed belongs to the last one, and is
    /// not learned when the field was not told yet), or the same field's text before the caret.
    mutating func followField(_ kind: FieldKind, before: String?, moved: Bool, multiLine: Bool = false,
                              at now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        if moved {
            effects += commitTyping(complete: false)
            visibility.awaitsField = false
            effects += followPurpose(kind)  // With no glide in a password field.
            effects += keyboard.focusMoved(to: kind, before: before, at: now, typing: &typing)
            typing.context.multiLine = multiLine
        } else if let before {
            effects += keyboard.caretMoved(before: before, at: now, typing: &typing)
        }
        return effects + asksSuggestions
    }

    /// After an event's `effects`: typing (the context followed it in `Keyboard.handle`)
    /// commits at Return and asks for new words, unless they ask already.
    mutating func suggestions(after effects: [Effect]) -> [Effect] {
        guard !asksSuggestions.isEmpty, !effects.contains(.suggest),
              effects.contains(where: { if case .type = $0 { true } else if case .format = $0 { true } else { false } })
        else { return [] }
        let ended = effects.contains { if case .type(.return, _) = $0 { true } else { false } }
        return (ended ? commitTyping(complete: true) : []) + [.suggest]
    }

    /// `.suggest` when the bar has suggestion slots, and does not offer a glided word's
    /// alternatives (until something else is typed, Keyboard+Glide.swift).
    var asksSuggestions: [Effect] {
        keyboard.accessory?.slots ?? 0 > 0 && typing.glideContext.lastWord == nil && !typing.fieldKeys.isPrivate ? [.suggest] : []
    }
}
