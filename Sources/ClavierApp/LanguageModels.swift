import ClavierLayouts
import ClavierPredict
import Glibc

/// The language models (`models/LANG.lm`) this process opened, each once: the suggestions'
/// predictors, glide typing's lexicons and the commands take them from here, so a running
/// keyboard maps and checks a model once however many parts use it. The predictors' loader
/// opens them on its thread and glide on the loop's, hence the lock; a model is only read.
package final class LanguageModels: @unchecked Sendable {
    static let shared = LanguageModels()

    /// What opening a language's model gave: the model, or why there is none.
    enum Opened {
        case model(SystemModel, path: String)
        /// No file for the language (`DataFiles` searched).
        case missing
        /// The file is not a model Clavier can read (its path and why, `ModelError`).
        case unreadable(String)
    }

    /// The languages with a model in any of `DataFiles`' places (`de` for models/de.lm), for
    /// the settings page's languages cell; a file's being readable is found when it is opened.
    package static var installed: [String] {
        Set(DataFiles.candidates.flatMap { dir in
            PlainFiles.names(in: dir + "/models").filter { $0.hasSuffix(".lm") }.map { String($0.dropLast(3)) }
        }).sorted()
    }

    private var opened: [String: Opened] = [:]
    private var lock = pthread_mutex_t()

    private init() { pthread_mutex_init(&lock, nil) }

    /// Every model opened gives its resident pages back (the loop, idle: `KeyboardApp`); the
    /// suggestions' predictors and glide's lexicons read these very mappings, so this is all of
    /// them. Never waits: while the loader holds the lock to open a model (which drops its
    /// pages itself after its check), nothing is dropped and false says so.
    @discardableResult
    func dropResidentPages() -> Bool {
        guard pthread_mutex_trylock(&lock) == 0 else { return false }
        defer { pthread_mutex_unlock(&lock) }
        for case .model(let model, _) in opened.values { model.dropResidentPages() }
        return true
    }

    /// The model of `language`, opened and checked the first time it is asked for.
    func model(_ language: String) -> Opened {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let found = opened[language] { return found }
        let result: Opened
        if let path = DataFiles.find("models/\(language).lm") {
            do {
                result = .model(try SystemModel(path: path), path: path)
            } catch {
                result = .unreadable(error.description)
            }
        } else {
            result = .missing
        }
        opened[language] = result
        return result
    }
}

extension LanguageModels {
    /// The predictor the keyboard would use for `language`: the installed model, the user's words,
    /// and, when `blockOffensive`, the language's offensive words (offensive/LANG.txt) never offered unless typed.
    package static func predictor(language: String, learning: Bool, blockOffensive: Bool = true) -> Predictor {
        // The model glide typing shares (LanguageModels); one that cannot be read is opened by
        // the predictor again, which keeps why among its warnings.
        var path: String?, system: SystemModel?
        switch LanguageModels.shared.model(language) {
        case .model(let model, let at): (system, path) = (model, at)
        case .unreadable: path = DataFiles.find("models/\(language).lm")
        case .missing: Log.warning("no word model for \(language) (models/\(language).lm); suggesting learned words only")
        }
        let user = UserModelFile.directory().map { UserModelFile.path(language: language, directory: $0) }
        return Predictor(language: language, modelPath: path, userModelPath: user, learning: learning,
                         offensive: blockOffensive ? OffensiveWords.list(language: language) : nil, system: system)
    }
}
