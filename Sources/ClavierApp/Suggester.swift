import ClavierCore

/// The suggestion bar's words: one predictor per language, made at its first use (a keyboard
/// that never shows suggestions loads no model), asked with the text before the caret, and
/// taught what was typed when a field's text is committed, unless learning is off here.
package final class Suggester {
    /// Makes the predictor of a language (an ISO 639-1 code); nil: none for that language.
    typealias Provider = (String) -> (any WordPredictor)?

    private let loader: PredictorLoader
    private var predictors: [String: (any WordPredictor)?] = [:]
    /// What was committed before its language's predictor was made, learned once it is
    /// (at most `TypingContext.pendingScalars` a language).
    private var unlearned: [String: String] = [:]
    /// Languages whose predictor was being made when `clavier forget` came: it may have read
    /// the learned words before they were deleted, so it forgets them as it is taken.
    private var forgetOnTake: Set<String> = []
    /// Whether what is typed is learned: `--learning`, and in a kiosk only when its config says `learning: true`.
    package var learns: Bool
    /// When a sentence's first letter gets a latched Shift.
    package let capitalize: CapitalizeMode
    /// The language of the keymap's current group; a layout's own `language:` goes first.
    var keymapLanguage = PredictionLanguage.fallback
    /// The first words of the last start, kept with the first pictures (nil: none kept).
    var firstWordsFile: FirstWordsFile?

    init(learns: Bool, capitalize: CapitalizeMode, provider: @escaping Provider) {
        self.learns = learns
        self.capitalize = capitalize
        loader = PredictorLoader(provider: provider)
    }

    /// Set once the keyboard is up (`XHost.shown`): the keymap's language is to be looked up.
    package var languageDue = false
    /// Whether the bar asked while its predictor was being made (it is filled once it is).
    private(set) var awaited = false

    /// Whether the bar is to be asked again now: it asked while the predictor was being made,
    /// and it is made (done with then).
    func madeSinceAsked() -> Bool {
        guard awaited, !loading else { return false }
        awaited = false
        return true
    }

    /// Whether a predictor asked for is still being made.
    var loading: Bool { loader.loading }

    /// Starts making the predictor of `language` in the background, if it is not made yet.
    func prepare(_ language: String) { _ = predictor(language) }

    /// The keymap's group is now XKB layout `xkb` (nil: the server says nothing): suggestions
    /// on `keyboard` follow its language, whose predictor is made in the background from now
    /// on. True when the language changed (the bar is to be asked again).
    func followKeymap(xkb: String?, on keyboard: Keyboard) -> Bool {
        let language = xkb.map(PredictionLanguage.code(xkbLayout:)) ?? PredictionLanguage.fallback
        languageDue = false
        defer { if keyboard.accessory?.slots ?? 0 > 0 { prepare(self.language(on: keyboard.layout)) } }
        guard language != keymapLanguage else { return false }
        Log.debug("suggestions in '\(language)', the keymap's language")
        keymapLanguage = language
        return true
    }

    /// Readable when a predictor was made since `heard` (the loop's poll; the bar fills then).
    package var wakeFD: Int32 { loader.wakeFD }

    /// The loop heard `wakeFD`.
    package func heard() { loader.drain() }

    /// As the keyboard starts: the keymap group is XKB layout `xkb` (as `followKeymap`), and the
    /// predictor of `layout`'s language starts loading now, beside the window's making, unless
    /// the last start's first words are kept: then the first picture waits for nothing, and the
    /// model is made once the window is up (the loop's first ask), not on a core the window's
    /// making and the X server share (4 ms of a 9 ms start on two cores, BENCHMARKS.md).
    package func start(for layout: Layout, xkb: String?) {
        keymapLanguage = xkb.map(PredictionLanguage.code(xkbLayout:)) ?? PredictionLanguage.fallback
        let cells = layout.options.suggestions
        guard layout.options.accessory.contains(.completions), cells > 0 else { return }
        let language = language(on: layout)
        if firstWordsFile?.words(language: language, cells: cells) == nil { prepare(language) }
    }

    /// The first words `keyboard` offers, for its first picture (they depend on nothing typed
    /// yet): its predictor waited for at most `limit`; none when it is not made by then (the
    /// bar fills when it is, as ever).
    ///
    /// The words of the last start (`firstWordsFile`) go up at once when the predictor is not
    /// made yet: the bar is asked again as soon as it is, and the file follows its words.
    func firstWords(for keyboard: Keyboard, waiting limit: Duration) -> [String] {
        guard let cells = keyboard.accessory?.slots, cells > 0 else { return [] }
        let language = language(on: keyboard.layout)
        if let kept = firstWordsFile?.words(language: language, cells: cells), !loader.wait(for: language, atMost: .zero) {
            // Asked again at the loop's first turn, which starts the model if nothing did.
            awaited = true
            return kept
        }
        guard loader.wait(for: language, atMost: limit) else { return [] }
        return suggestions(for: keyboard, after: TypingContext())
    }

    /// The language suggestions are in on `layout`.
    func language(on layout: Layout) -> String { layout.options.language ?? keymapLanguage }  // PredictionLanguage.of, the keymap's followed

    /// The predictor of `language`; nil while it is being made, or when there is none.
    private func predictor(_ language: String) -> (any WordPredictor)? {
        if let made = predictors[language] { return made }
        guard let made = loader.take(language) else { return nil }
        predictors[language] = made
        if forgetOnTake.remove(language) != nil { predictors[language]??.forgetLearned() }
        if let text = unlearned.removeValue(forKey: language) { predictors[language]??.learn(text) }
        return made
    }

    /// The words the bar offers on `keyboard` after `context`, in the case of what was typed; none
    /// in a password field. A sentence's first words (also where nothing is known of the text
    /// before the caret: the keyboard just started, the focus moved, a click in the
    /// application) are capitalised only in a field where `--auto-capitalize` latches Shift,
    /// else in the model's own case: in a terminal, "ls" after Return, not "Ls".
    /// `corrects`: words are corrected in the focused field (the session's `Typing.corrects`).
    func suggestions(for keyboard: Keyboard, after context: TypingContext, corrects: Bool = false) -> [String] {
        guard let slots = keyboard.accessory?.slots, slots > 0, context.field.keepsText else { return [] }
        let language = language(on: keyboard.layout)
        guard let predictor = predictor(language) else {
            guard loading else {
                // No model for the language: the next start's bar waits for none either.
                if Self.atStart(context) { firstWordsFile?.keep([], language: language, cells: slots) }
                return []
            }
            awaited = true
            // While the model is made, nothing known of the text yet: the last start's words stay.
            return Self.atStart(context) ? firstWordsFile?.words(language: language, cells: slots) ?? [] : []
        }
        // A field where words are corrected: its lexicon is made from now on (not before: a
        // keyboard typing only into terminals never holds it).
        if corrects { (predictor as? ModelPredictor)?.prepareCorrections() }
        let words = context.cased(predictor.suggestions(before: context.before, count: slots,
                                                        capitalizeStart: capitalize.capitalizes(in: context.field)),
                                    language: language)
        // The first words, kept for the next start.
        if Self.atStart(context) { firstWordsFile?.keep(words, language: language, cells: slots) }
        return words
    }

    /// Nothing is known of the text before the caret, as at a start: the first words are offered.
    private static func atStart(_ context: TypingContext) -> Bool {
        context.before.isEmpty && !context.knowsStart && context.field == .unknown
    }

    /// What the word whose `taps` were typed on `keyboard` after `before` becomes as it ends
    /// (nil: it stays), from the model of the keyboard's language once it and its lexicon are
    /// made; asked only where the session corrects words (`Typing.correctable`).
    func correction(of taps: [WordTap], on keyboard: Keyboard, before: String) -> String? {
        guard let model = predictor(language(on: keyboard.layout)) as? ModelPredictor else { return nil }
        return model.correction(of: taps, on: keyboard, before: before)
    }

    /// Whether the user typed `word` in `language`, as its predictor learned it (nil: no
    /// predictor made for it yet), for glide typing to offer an offensive word that is theirs.
    func typed(_ word: String, language: String) -> Bool? {
        guard let made = predictors[language], let model = made as? ModelPredictor else { return nil }
        return model.typed(word)
    }

    /// Saves what every predictor learned (the keyboard hides or quits).
    func saveLearning() {
        for case let saving as SavesLearning in predictors.values.compactMap({ $0 }) { saving.saveLearning() }
    }

    /// `clavier forget`: every predictor made forgets what it learned (and deletes its file,
    /// so that it is not written back at the next save), one being made forgets as it is
    /// taken, and nothing committed and waiting for its predictor is learned.
    func forgetLearning() {
        for language in Array(predictors.keys) { predictors[language]??.forgetLearned() }
        forgetOnTake = loader.asked.subtracting(predictors.keys)
        unlearned = [:]
        firstWordsFile?.forget()
    }

    /// Hands `text`, typed on `layout` and committed by the session (`Effect.learn`), to
    /// the model of its language, when learning is on here.
    func learn(_ text: String, on layout: Layout) {
        guard learns else { return }
        let language = language(on: layout)
        guard predictor(language) != nil else {
            // Not made yet: learned when it is.
            if predictors[language] == nil {
                let kept = (unlearned[language].map { $0 + "\n" } ?? "") + text
                unlearned[language] = String(kept.unicodeScalars.suffix(TypingContext.pendingScalars))
            }
            return
        }
        predictors[language]??.learn(text)
    }
}
