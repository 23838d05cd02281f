import ClavierCore

/// The suggestion bar in the loop; the session follows the text before the caret and asks for
/// words (`Effect.suggest`, answered in `KeyboardApp.apply`); the words come from the host.
extension KeyboardApp {
    /// The keymap's group or its layouts changed: suggestions follow its language. With
    /// nothing typed yet the bar asks too: it offers a sentence's first words.
    func followKeymapLanguage() {
        guard host.words.suggests else { return }
        let changed = host.words.followKeymapLanguage(on: session.keyboard)
        guard changed || session.typing.context.before.isEmpty else { return }
        send(wordsNow())
    }

    /// The words changed (their model is there, or the keymap's language came): the bar asks again.
    func fillSuggestions() {
        send(wordsNow())
    }

    /// The bar's words for the text before the caret, and what the word before the caret
    /// would be corrected to as it ends, when its taps are known and it may be corrected.
    func wordsNow() -> SessionEvent {
        // A query reads the model: its pages are given back after the next idle spell.
        if host.words.suggests { pagesIdleAt = now() + Timing.idleBuffers }
        let words = host.words.suggestions(for: session.keyboard, after: session.typing.context)
        let correction = session.typing.correctable.flatMap { host.words.correction(of: $0.taps, on: session.keyboard, before: $0.before) }
        return .completions(words, correction: correction)
    }

    /// The keyboard quits: what was typed is learned and saved first, without the window
    /// system (it may be gone).
    func finishSuggestions() {
        if host.words.suggests { send(.finishTyping) }
        host.words.saveLearning()
    }
}
