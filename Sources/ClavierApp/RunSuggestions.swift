import ClavierCore
import ClavierCorrect
import ClavierLayouts
import ClavierPredict
import Glibc

extension Suggester {
    /// The suggestion bar's `Suggester` for `settings`; nil with `--suggestions 0`. Whether it
    /// learns is kiosk mode's to say too (`Settings.learnsWords`).
    /// `fieldsTold`: the focused field's kind is known (the focus watch, or input-method-v2 on
    /// Wayland), so `prose` autocorrection may act.
    package static func suggester(_ settings: Settings, fieldsTold: Bool) -> Suggester? {
        guard settings[.suggestions] > 0 else { return nil }
        let learns = settings.learnsWords
        let autocorrect = settings.autocorrects
        // Its lexicon is made only where a word may be corrected: `prose` needs the focus watch.
        // Called on the loader's thread, once a language is first needed.
        let suggester = Suggester(learns: learns, capitalize: settings[.autoCapitalize]) { language in
            ModelPredictor(LanguageModels.predictor(language: language, learning: learns, blockOffensive: settings[.blockOffensiveWords]),
                           corrects: autocorrect == .always || (autocorrect == .prose && fieldsTold), eager: autocorrect == .always)
        }
        // The first words of the last start, for a first picture that waits for no model.
        suggester.firstWordsFile = PictureCache.standard().map(FirstWordsFile.init(beside:))
        return suggester
    }
}

/// The language model (`ClavierPredict.Predictor`: the language's system model, mapped at
/// the first query, and the user's learned words) as the suggestion bar's predictor: each
/// commit is a text of its own, and what was learned is saved when the keyboard hides or quits.
final class ModelPredictor: WordPredictor, SavesLearning, PreparesLater {
    private let predictor: Predictor
    /// How many of the predictor's warnings were logged.
    private var said = 0
    /// Autocorrection's lexicon, made on the loader's thread once the predictor is handed
    /// over (`prepareLater`), and its correctors, one per keyboard (the loop's).
    private let lexicon: LexiconSlot?
    private var correctors: [CorrectorPlace: Autocorrector] = [:]

    /// Whether the lexicon is made as soon as the first words are (`--autocorrect always`,
    /// which corrects in fields nobody told), or only once a field it corrects in is told
    /// (`prepareCorrections`): 6 MB that a keyboard typing only into terminals never needs.
    private let eager: Bool

    /// `corrects`: autocorrection may be asked of it (`--autocorrect` is not `never`).
    init(_ predictor: Predictor, corrects: Bool = false, eager: Bool = true) {
        self.predictor = predictor
        self.eager = eager
        // Mapped now, on the loader's thread; a model that cannot be read is said once.
        let system = predictor.system
        _ = predictor.user
        lexicon = corrects ? system.map(LexiconSlot.init) : nil
        sayWarnings()
    }

    /// Makes autocorrection's lexicon (55 to 120 ms for English), after the first words,
    /// when it is made eagerly.
    func prepareLater() {
        if eager { lexicon?.make() }
    }

    /// A field where words are corrected has the focus: the lexicon is made on a thread of
    /// its own unless it is made or being made; the words typed meanwhile stay as typed.
    func prepareCorrections() { lexicon?.makeInBackground() }

    private struct CorrectorPlace: Hashable {
        var layout: String, page: String, width: Int, height: Int, letters: String
    }

    /// What the word whose `taps` were typed on `keyboard` after `before` is corrected to as
    /// it ends; nil: it stays (or the lexicon is not made yet). Nothing of the taps is kept.
    func correction(of taps: [WordTap], on keyboard: Keyboard, before: String) -> String? {
        guard let lexicon = lexicon?.made else { return nil }
        let letters = keyboard.glideLetters
        guard !letters.isEmpty else { return nil }
        let size = keyboard.geometry.size
        let place = CorrectorPlace(layout: keyboard.layout.id, page: keyboard.page.id, width: size.width, height: size.height,
                                   letters: String(letters.map(\.letter)))
        let corrector: Autocorrector
        if let found = correctors[place] {
            corrector = found
        } else {
            corrector = Autocorrector(keyboard: CorrectionKeyboard(letters: letters), lexicon: lexicon)
            // One size at a time is what a keyboard shows.
            correctors = correctors.filter { $0.key.layout != place.layout || $0.key.page != place.page }
            correctors[place] = corrector
        }
        let corrected = corrector.correct(taps, before: before, model: predictor)
        defer { sayWarnings() }
        return corrected.isChanged ? corrected.word : nil
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

/// A predictor with work left after it is made (`PredictorLoader` does it on its thread,
/// after handing the predictor over): nothing it does may touch what the loop uses.
protocol PreparesLater: AnyObject {
    func prepareLater()
}

/// Autocorrection's lexicon of one language: made from the system model on the loader's
/// thread (a `Predictor` of its own over the shared, read-only model), read by the loop.
final class LexiconSlot: @unchecked Sendable {
    private let system: SystemModel
    private var lexicon: CorrectionLexicon?
    private var lock = pthread_mutex_t()

    init(_ system: SystemModel) {
        self.system = system
        pthread_mutex_init(&lock, nil)
    }

    /// The lexicon once made; nil until then.
    var made: CorrectionLexicon? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return lexicon
    }

    /// Whether `make` was started (by the loader, or `makeInBackground`).
    private var started = false

    /// Makes the lexicon on a thread of its own, once.
    func makeInBackground() {
        pthread_mutex_lock(&lock)
        let go = !started
        started = true
        pthread_mutex_unlock(&lock)
        guard go else { return }
        let box = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let failed = pthread_create(&thread, nil, { raw in
            let slot = Unmanaged<LexiconSlot>.fromOpaque(raw!).takeRetainedValue()
            slot.build()
            return nil
        }, box)
        if failed != 0 {
            Unmanaged<LexiconSlot>.fromOpaque(box).release()
            Log.debug("cannot start autocorrection's lexicon's thread: \(failed)")
        } else {
            pthread_detach(thread)
        }
    }

    func make() {
        pthread_mutex_lock(&lock)
        let go = !started
        started = true
        pthread_mutex_unlock(&lock)
        if go { build() }
    }

    private func build() {
        let start = ContinuousClock.now
        let reader = Predictor(language: system.language, modelPath: nil, userModelPath: nil, learning: false, system: system)
        let made = CorrectionLexicon(predictor: reader)
        pthread_mutex_lock(&lock)
        lexicon = made
        pthread_mutex_unlock(&lock)
        Log.debug("made autocorrection's lexicon for '\(system.language)' in \(ContinuousClock.now - start)")
    }
}

/// A predictor that keeps what it learned in a file, written when asked.
protocol SavesLearning {
    func saveLearning()
}
