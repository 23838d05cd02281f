import ClavierCore
import ClavierLayouts
import ClavierPredict

extension RunOptions {
    /// The suggestion bar's `Suggester` for `settings`; nil with `--suggestions 0`. Whether it
    /// learns is kiosk mode's to say too (`Settings.learnsWords`).
    static func suggester(_ settings: Settings) -> Suggester? {
        guard settings[.suggestions] > 0 else { return nil }
        let learns = settings.learnsWords
        // Called on the loader's thread, once a language is first needed.
        return Suggester(learns: learns, capitalize: settings[.autoCapitalize]) { language in
            ModelPredictor(PredictCommand.predictor(language: language, learning: learns, blockOffensive: settings[.blockOffensiveWords]))
        }
    }
}

/// The language model (`ClavierPredict.Predictor`: the language's system model, mapped at
/// the first query, and the user's learned words) as the suggestion bar's predictor: each
/// commit is a text of its own, and what was learned is saved when the keyboard hides or quits.
final class ModelPredictor: WordPredictor, SavesLearning {
    private let predictor: Predictor
    /// How many of the predictor's warnings were logged.
    private var said = 0

    init(_ predictor: Predictor) {
        self.predictor = predictor
        // Mapped now, on the loader's thread; a model that cannot be read is said once.
        _ = predictor.system
        _ = predictor.user
        sayWarnings()
    }

    /// Logs the warnings not said yet: a model found cut short while in use comes later.
    private func sayWarnings() {
        guard predictor.warnings.count > said else { return }
        for warning in predictor.warnings.dropFirst(said) { Log.warning(warning) }
        said = predictor.warnings.count
    }

    func suggestions(before: String, count: Int) -> [String] {
        defer { sayWarnings() }
        return predictor.suggestions(before: before, count: count)
    }

    func suggestions(before: String, count: Int, capitalizeStart: Bool) -> [String] {
        defer { sayWarnings() }
        return predictor.suggestions(before: before, count: count, capitalizeStart: capitalizeStart)
    }

    /// Whether the user typed `word` (it is in what was learned, not forgotten since).
    func typed(_ word: String) -> Bool {
        predictor.learning && predictor.user.unigrams[word.lowercased()] != nil
    }

    func learn(_ text: String) {
        predictor.learn(text)
        predictor.endText()
    }

    func forgetLearned() {
        predictor.forget()
    }

    func saveLearning() {
        do { try predictor.save() } catch { Log.warning("\(error)") }
    }
}

/// A predictor that keeps what it learned in a file, written when asked.
protocol SavesLearning {
    func saveLearning()
}
