import ClavierCore

/// The suggestion bar in the loop; the session follows the text before the caret and asks for
/// words (`Effect.suggest`, answered in `KeyboardApp.apply`). Focus reports: `FocusFollower.take`.
extension KeyboardApp {
    /// The keymap's group or its layouts changed, or the keyboard is up: suggestions follow its language.
    /// With nothing typed yet the bar asks too: it offers a sentence's first words (once the
    /// predictor is made, `fillSuggestions`).
    func followKeymapLanguage(_ x: XHost) {
        guard let suggester else { return }
        let changed = suggester.followKeymap(xkb: x.display.currentXKBLayout, on: session.keyboard)
        guard changed || session.keyboard.context.before.isEmpty else { return }
        send(.completions(suggester.suggestions(for: session.keyboard)))
    }

    /// A deadline: a predictor made since the bar last asked for it fills the bar.
    func fillSuggestions() {
        guard let suggester, suggester.madeSinceAsked() else { return }
        send(.completions(suggester.suggestions(for: session.keyboard)))
    }

    /// The keyboard quits: what was typed is learned and saved first, without X (it may be gone).
    func finishSuggestions() {
        if suggester != nil { send(.finishTyping) }
        suggester?.saveLearning()
    }
}
