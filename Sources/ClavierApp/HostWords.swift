import ClavierCore

/// The words every window system's host has (`KeyboardWords`): the suggestion bar's
/// (`Suggester`, following the keymap's language), glide typing's decoders, emoji search and
/// the emoji taps counted. The keymap's layout names come from the host's keymap part, where
/// it has one (X); without, the layout's own language is the words'.
package final class HostWords: KeyboardWords {
    /// The suggestion bar's words and learning; nil: no suggestions.
    let suggester: Suggester?
    /// Glide typing's decoders, built at the first glide on a page (its words load then).
    let glides: GlideDecoders
    /// Counts emoji taps for the frequently used page; nil: the layout has none.
    let taps: TapRecorder?
    /// Emoji search's words, each language's read at its first search.
    let emojiSearcher = EmojiSearcher()
    /// The keymap's layout names for its current group (`HostKeymap.layoutNames`); nil: unknown.
    package var keymapLayouts: () -> String? = { nil }

    init(suggester: Suggester?, glides: GlideDecoders, taps: TapRecorder?) {
        self.suggester = suggester
        self.glides = glides
        self.taps = taps
    }

    /// The words as the settings make them, on every window system: glide typing's decoders
    /// built at the first glide on a page (its words load then), an offensive word glided once
    /// the user typed it, which the keyboard's predictors know.
    package convenience init(_ settings: Settings, suggester: Suggester?, taps: TapRecorder?) {
        let glides = GlideDecoders(blockOffensive: settings[.blockOffensiveWords], learned: settings.learnsWords)
        if let suggester { glides.typed = { suggester.typed($0, language: $1) } }
        self.init(suggester: suggester, glides: glides, taps: taps)
    }

    package var suggests: Bool { suggester != nil }

    package func suggestions(for keyboard: Keyboard, after context: TypingContext, corrects: Bool) -> [String] {
        suggester?.suggestions(for: keyboard, after: context, corrects: corrects) ?? []
    }

    package func correction(of taps: [WordTap], on keyboard: Keyboard, before: String) -> String? {
        suggester?.correction(of: taps, on: keyboard, before: before)
    }

    package func wordsChanged(on keyboard: Keyboard, after context: TypingContext) -> Bool {
        guard let suggester else { return false }
        // Once the keyboard is up, the keymap's language is looked up: with nothing typed yet
        // the bar asks, for a sentence's first words.
        if suggester.languageDue, followKeymapLanguage(on: keyboard) || context.before.isEmpty { return true }
        return suggester.madeSinceAsked()
    }

    /// The language typed on `layout` now: its own, else the keymap group's.
    func language(on layout: Layout) -> String {
        suggester?.language(on: layout) ?? PredictionLanguage.of(layout, keymap: keymapLayouts())
    }

    package func followKeymapLanguage(on keyboard: Keyboard) -> Bool {
        suggester?.followKeymap(xkb: keymapLayouts(), on: keyboard) ?? false
    }

    /// The words `keyboard`'s first picture offers: its predictor, started as the keyboard
    /// started (`Suggester.start`), waited for `Timing.firstWords` at most.
    package func firstWords(for keyboard: Keyboard) -> [String] {
        suggester?.firstWords(for: keyboard, waiting: Timing.firstWords) ?? []
    }

    package func learn(_ text: String, on layout: Layout) { suggester?.learn(text, on: layout) }
    package func forgetLearned() { suggester?.forgetLearning() }
    package func saveLearning() { suggester?.saveLearning() }

    package func glideWords(_ keyboard: Keyboard, _ points: [Point], after before: String) -> [String] {
        // The language the suggestions are in: one rule for both (PredictionLanguage.of).
        glides.words(for: points, on: keyboard, after: before, language: language(on: keyboard.layout))
    }

    package func tapped(_ key: Key) { taps?.tapped(key) }

    /// In the language typed on `layout` (its own, else the keymap group's) and English,
    /// the emoji tapped most first among equals.
    package func emojiMatches(for query: String, on layout: Layout) -> [String] {
        emojiSearcher.matches(for: query, language: language(on: layout), frequent: taps?.counts.ranked ?? [])
    }

    package func refreshLayout(_ layout: Layout) -> Layout? {
        taps.map { layout.fillingFrequentPage(with: $0.counts) }
    }

    /// Every model this process mapped (`LanguageModels`: the suggestions' and glide's).
    package func dropIdlePages() {
        LanguageModels.shared.dropResidentPages()
    }
}
