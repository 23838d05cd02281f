import ClavierCore

/// The suggestion bar's words: one predictor per language, made at its first use (a keyboard
/// that never shows suggestions loads no model), asked with the text before the caret, and
/// taught what was typed when a field's text is committed, unless learning is off here.
final class Suggester {
    /// Makes the predictor of a language (an ISO 639-1 code); nil: none for that language.
    typealias Provider = (String) -> (any WordPredictor)?

    private let provider: Provider
    private var predictors: [String: (any WordPredictor)?] = [:]
    /// Whether what is typed is learned: `--learning`, and in a kiosk only when its config says `learning: true`.
    let learns: Bool
    /// When a sentence's first letter gets a latched Shift.
    let capitalize: CapitalizeMode
    /// The language of the keymap's current group; a layout's own `language:` goes first.
    var keymapLanguage = PredictionLanguage.fallback

    init(learns: Bool, capitalize: CapitalizeMode, provider: @escaping Provider) {
        self.learns = learns
        self.capitalize = capitalize
        self.provider = provider
    }

    /// The language suggestions are in on `layout`.
    func language(on layout: Layout) -> String { layout.options.language ?? keymapLanguage }

    private func predictor(_ language: String) -> (any WordPredictor)? {
        if let made = predictors[language] { return made }
        let made = provider(language)
        if made == nil { Log.debug("no word predictor for language '\(language)': no suggestions") }
        predictors[language] = made
        return made
    }

    /// The words the bar offers for `keyboard`'s context, in the case of what was typed;
    /// none in a password field.
    func suggestions(for keyboard: Keyboard) -> [String] {
        guard let slots = keyboard.accessory?.slots, slots > 0, keyboard.context.field.keepsText,
              let predictor = predictor(language(on: keyboard.layout)) else { return [] }
        return keyboard.context.cased(predictor.suggestions(before: keyboard.context.before, count: slots))
    }

    /// Hands what `keyboard` typed since the last commit to the model, when it may learn it.
    func commit(_ keyboard: inout Keyboard) {
        let text = keyboard.commitTyped()
        guard learns, keyboard.layout.options.learnsWords, keyboard.context.field.keepsText,
              text.unicodeScalars.contains(where: CurrentWord.isWordScalar) else { return }
        let language = language(on: keyboard.layout)
        guard predictors[language] != nil || predictor(language) != nil else { return }
        predictors[language]??.learn(text)
    }
}
