import ClavierCore

/// The suggestion bar in the loop; the session follows the text before the caret and asks for
/// words (`Effect.suggest`, answered in `KeyboardApp.apply`); the words come from the host.
extension KeyboardApp {
    /// The keymap's group or its layouts changed: suggestions follow its language. With
    /// nothing typed yet the bar asks too: it offers a sentence's first words.
    func followKeymapLanguage() {
        guard host.suggests else { return }
        let changed = host.followKeymapLanguage(on: session.keyboard)
        guard changed || session.typing.context.before.isEmpty else { return }
        send(.completions(host.suggestions(for: session.keyboard, after: session.typing.context)))
    }

    /// The words changed (their model is there, or the keymap's language came): the bar asks again.
    func fillSuggestions() {
        send(.completions(host.suggestions(for: session.keyboard, after: session.typing.context)))
    }

    /// The keyboard quits: what was typed is learned and saved first, without the window
    /// system (it may be gone).
    func finishSuggestions() {
        if host.suggests { send(.finishTyping) }
        host.saveLearning()
    }
}
