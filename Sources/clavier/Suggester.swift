import ClavierCore

/// The suggestion bar's words: one predictor per language, made at its first use (a keyboard
/// that never shows suggestions loads no model), asked with the text before the caret, and
/// taught what was typed when a field's text is committed, unless learning is off here.
final class Suggester {
    /// Makes the predictor of a language (an ISO 639-1 code); nil: none for that language.
    typealias Provider = (String) -> (any WordPredictor)?

    private let loader: PredictorLoader
    private var predictors: [String: (any WordPredictor)?] = [:]
    /// What was committed before its language's predictor was made, learned once it is
    /// (at most `TypingContext.pendingScalars` a language).
    private var unlearned: [String: String] = [:]
    /// Whether what is typed is learned: `--learning`, and in a kiosk only when its config says `learning: true`.
    let learns: Bool
    /// When a sentence's first letter gets a latched Shift.
    let capitalize: CapitalizeMode
    /// The language of the keymap's current group; a layout's own `language:` goes first.
    var keymapLanguage = PredictionLanguage.fallback

    init(learns: Bool, capitalize: CapitalizeMode, provider: @escaping Provider) {
        self.learns = learns
        self.capitalize = capitalize
        loader = PredictorLoader(provider: provider)
    }

    /// While a predictor is being made, the loop looks again this often (the bar fills then).
    static let loadPoll: Duration = .milliseconds(50)

    /// How long after a raw press elsewhere a press on the keyboard's window may still come
    /// and show it was the window's own (XI2 sends the raw event first, and the two may be
    /// read apart).
    static let ownPressWait: Duration = .milliseconds(100)
    /// When a press seen elsewhere forgets the context, unless the window's own press comes first.
    private(set) var elsewhereDue: ContinuousClock.Instant?

    /// A raw press anywhere: the context goes `ownPressWait` later unless the window was pressed.
    func pressedElsewhere(at now: ContinuousClock.Instant) {
        if elsewhereDue == nil { elsewhereDue = now + Self.ownPressWait }
    }

    /// The window was pressed: the raw press before it was its own.
    func pressedHere() { elsewhereDue = nil }

    /// Whether the press elsewhere is due by `now` (it is then done with).
    func elsewhereIsDue(at now: ContinuousClock.Instant) -> Bool {
        guard let due = elsewhereDue, due <= now else { return false }
        elsewhereDue = nil
        return true
    }

    /// Whether a predictor asked for is still being made.
    var loading: Bool { loader.loading }

    /// Starts making the predictor of `language` in the background, if it is not made yet.
    func prepare(_ language: String) { _ = predictor(language) }

    /// The language suggestions are in on `layout`.
    func language(on layout: Layout) -> String { layout.options.language ?? keymapLanguage }

    /// The predictor of `language`; nil while it is being made, or when there is none.
    private func predictor(_ language: String) -> (any WordPredictor)? {
        if let made = predictors[language] { return made }
        guard let made = loader.take(language) else { return nil }
        predictors[language] = made
        if let text = unlearned.removeValue(forKey: language) { predictors[language]??.learn(text) }
        return made
    }

    /// The words the bar offers for `keyboard`'s context, in the case of what was typed;
    /// none in a password field, nor before anything is known of the text before the caret
    /// (the keyboard just started, or the context was forgotten): a guess there would be a
    /// sentence's first word where there may be none.
    func suggestions(for keyboard: Keyboard) -> [String] {
        guard let slots = keyboard.accessory?.slots, slots > 0, keyboard.context.field.keepsText,
              !keyboard.context.before.isEmpty || keyboard.context.knowsStart,
              let predictor = predictor(language(on: keyboard.layout)) else { return [] }
        return keyboard.context.cased(predictor.suggestions(before: keyboard.context.before, count: slots))
    }

    /// Saves what every predictor learned (the keyboard hides or quits).
    func saveLearning() {
        for case let saving as SavesLearning in predictors.values.compactMap({ $0 }) { saving.saveLearning() }
    }

    /// Hands what `keyboard` typed since the last commit to the model, when it may learn it.
    /// `complete`: the text ends here (Return); else (the context is forgotten) a word
    /// begun and left is not learned.
    func commit(_ keyboard: inout Keyboard, complete: Bool = false) {
        let text = keyboard.commitTyped(complete: complete)
        guard learns, keyboard.layout.options.learnsWords, keyboard.context.field.keepsText,
              text.unicodeScalars.contains(where: CurrentWord.isWordScalar) else { return }
        let language = language(on: keyboard.layout)
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
