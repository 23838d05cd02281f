import ClavierCore

/// The suggestion bar in the running keyboard: asks the `Suggester` after every key typed,
/// commits what was typed for learning at Return and whenever the context is forgotten, and
/// follows the focused field's kind and text from the focus watch.
extension KeyboardApp {
    /// After `effects` were carried out: what was typed goes to learning at Return, and the
    /// bar offers new words. Last, so a model's first load delays neither the key nor its paint.
    func suggest(after effects: [Effect]) {
        guard let suggester, keyboard.accessory?.slots ?? 0 > 0,
              effects.contains(where: { if case .type = $0 { true } else if case .format = $0 { true } else { false } }) else { return }
        if effects.contains(where: { if case .type(.return, _) = $0 { true } else { false } }) { suggester.commit(&keyboard, complete: true) }
        apply(keyboard.setCompletions(suggester.suggestions(for: keyboard)))
    }

    /// Forgets the text before the caret (the active window changed, the pointer clicked in
    /// the application, the keyboard hid), learning what was typed first.
    func forgetTyping(saving: Bool = false) {
        guard let suggester else { return }
        suggester.commit(&keyboard)
        apply(keyboard.forgetContext())
        apply(keyboard.setCompletions(suggester.suggestions(for: keyboard)))
        if saving { suggester.saveLearning() }
    }

    /// The keyboard quits: what was typed is learned and saved, without touching X.
    func finishSuggestions() {
        suggester?.commit(&keyboard)
        suggester?.saveLearning()
    }

    /// The focus watch says a field of `kind` has the focus (`before`: its text before the
    /// caret, when it says), or, with `moved` false, that the caret moved in the same field.
    func followField(_ kind: FieldKind, before: String?, moved: Bool) {
        guard let suggester else { return }
        if moved {
            suggester.commit(&keyboard)
            apply(keyboard.focusMoved(to: kind, before: before, at: clock.now))
        } else if let before {
            apply(keyboard.caretMoved(before: before, at: clock.now))
        }
        apply(keyboard.setCompletions(suggester.suggestions(for: keyboard)))
    }

    /// When the loop is to look again: while a predictor is being made (the bar fills once it
    /// is), and when a press seen elsewhere is due to forget the context.
    var suggestionsDue: ContinuousClock.Instant? {
        guard let suggester else { return nil }
        return [suggester.loading ? clock.now + Suggester.loadPoll : nil, suggester.elsewhereDue].compactMap { $0 }.min()
    }

    /// What is due at `now`: a click in an application forgets the context; a predictor made
    /// since the loop last looked fills the bar.
    func suggestionsDue(at now: ContinuousClock.Instant) {
        guard let suggester else { return }
        if suggester.elsewhereIsDue(at: now) { forgetTyping() }
        guard keyboard.accessory?.slots ?? 0 > 0, !suggester.loading else { return }
        apply(keyboard.setCompletions(suggester.suggestions(for: keyboard)))
    }

    /// Once the keyboard is up: a click in an application forgets the text before the caret.
    func startSuggestions() {
        guard suggester != nil else { return }
        screen.window.followPressesElsewhere()
        followKeymapLanguage()
    }

    /// The keymap's group changed (or the keyboard is up): suggestions follow its language,
    /// whose predictor is made in the background from now on.
    func followKeymapLanguage() {
        guard let suggester else { return }
        let language = display.currentXKBLayout.map(PredictionLanguage.code(xkbLayout:)) ?? PredictionLanguage.fallback
        defer { if keyboard.accessory?.slots ?? 0 > 0 { suggester.prepare(suggester.language(on: keyboard.layout)) } }
        guard language != suggester.keymapLanguage else { return }
        Log.debug("suggestions in '\(language)', the keymap's language")
        suggester.keymapLanguage = language
        apply(keyboard.setCompletions(suggester.suggestions(for: keyboard)))
    }
}
