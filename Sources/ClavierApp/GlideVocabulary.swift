import ClavierCore
import ClavierGlide
import ClavierLayouts
import ClavierPredict

/// Glide typing's decoders: one per layout, page, size and letters (built at the first glide
/// there, kept while they stay), over the words of the language the keyboard types.
package final class GlideDecoders {
    private struct Place: Hashable {
        var layout: String, page: String, width: Int, height: Int, letters: String, language: String
    }
    private var decoders: [Place: GlideDecoder] = [:]
    private var lexicons: [String: any GlideLexicon] = [:]
    /// Whether offensive words are offered only once typed (`--offensive-words block`), and
    /// whether what the user typed counts (learning on).
    let blockOffensive: Bool, learned: Bool
    /// Whether the user typed `word` in `language` (nil: not known yet): the running keyboard
    /// asks its predictors, which learn as the user types and forget with `clavier forget`.
    /// Where it is nil or answers nil, the user model as saved is read (once a language).
    var typed: ((String, String) -> Bool?)?
    private var saved: [String: [String: Int]] = [:]

    package init(blockOffensive: Bool = true, learned: Bool = true) {
        self.blockOffensive = blockOffensive
        self.learned = learned
    }

    /// The decoder for the keyboard as it stands, or nil when its page has no letters or no
    /// words are known for `language` (nil: the language its letters suggest, for a script).
    package func decoder(for keyboard: Keyboard, language: String? = nil) -> GlideDecoder? {
        let letters = keyboard.glideLetters
        guard letters.count >= 2 else { return nil }
        let language = language ?? PredictionLanguage.of(letters: letters.map(\.letter))
        let size = keyboard.geometry.size
        let place = Place(layout: keyboard.layout.id, page: keyboard.page.id, width: size.width, height: size.height,
                          letters: String(letters.map(\.letter)), language: language)
        if let found = decoders[place] { return found }
        guard let lexicon = lexicon(language) else { return nil }
        let keys = GlideKeyboard(keys: letters.map {
            GlideKey(letter: $0.letter, x: Double($0.rect.x), y: Double($0.rect.y), width: Double($0.rect.width), height: Double($0.rect.height))
        })
        // One size at a time is what a keyboard shows: the old ones' templates go.
        decoders = decoders.filter { $0.key.layout != place.layout || $0.key.page != place.page }
        let decoder = GlideDecoder(keyboard: keys, lexicon: lexicon)
        decoders[place] = decoder
        return decoder
    }

    /// The words `points` drawn on `keyboard` mean, best first, in the context of what the
    /// keyboard typed before (`before`, `GlideContext.before`). On the loop, at the lift: the
    /// trail has ended by then, and a decode takes milliseconds (`make bench`, glide's p95).
    func words(for points: [Point], on keyboard: Keyboard, after before: String, language: String? = nil) -> [String] {
        let words = words(points.map { GlidePoint(x: $0.x, y: $0.y) }, on: keyboard, before: before, language: language)
        Log.debug("glide: \(points.count) points, \(words.count) words")
        return words
    }

    /// Up to `limit` words `points` drawn on `keyboard` mean after `before`, best first, none
    /// that may not be offered (an offensive word the user never typed).
    package func words(_ points: [GlidePoint], on keyboard: Keyboard, before: String, language: String? = nil, limit: Int = 5) -> [String] {
        let language = language ?? PredictionLanguage.of(letters: keyboard.glideLetters.map(\.letter))
        guard let decoder = decoder(for: keyboard, language: language) else { return [] }
        // A few more than asked, for those left out.
        let found = decoder.decode(points, context: GlideDecoder.context(of: before), limit: limit + 5).map(\.word)
        guard blockOffensive, let list = OffensiveWords.list(language: language) else { return Array(found.prefix(limit)) }
        return Array(found.filter { !list.contains($0) || typedByUser($0, language) }.prefix(limit))
    }

    private func typedByUser(_ word: String, _ language: String) -> Bool {
        guard learned else { return false }
        if let known = typed?(word, language) { return known }
        if saved[language] == nil { saved[language] = GlideVocabulary.typed(language: language) }
        return saved[language]?[word.lowercased()] != nil
    }

    private func lexicon(_ language: String) -> (any GlideLexicon)? {
        if let found = lexicons[language] { return found }
        guard let made = GlideVocabulary.lexicon(language: language) else { return nil }
        lexicons[language] = made
        return made
    }
}

/// Where glide typing's words and their probabilities come from.
enum GlideVocabulary {
    /// The words of `language`: its installed language model, the one word prediction uses
    /// (`LanguageModels`, opened once); nil where there is none.
    static func lexicon(language: String) -> (any GlideLexicon)? {
        switch LanguageModels.shared.model(language) {
        case .model(let system, let path):
            let lexicon = model(system)
            guard !system.cutShort else {
                Log.warning("glide typing: \(path): cut short while it was read")
                return nil
            }
            return lexicon
        case .unreadable(let why):
            Log.warning("glide typing: \(why)")
            return nil
        case .missing:
            return nil
        }
    }

    /// A language model as glide typing's lexicon: its vocabulary (id 0 is the sentence start)
    /// with unigram priors, and its trigram probabilities in context. The model checked every
    /// word when it was opened; a file cut short under it since reads as empty words (left
    /// out) and no context (`logProbability` is nil once `cutShort`), never a crash.
    static func model(_ model: SystemModel) -> GlideLanguageModel {
        let words = (1..<model.vocabularyCount).compactMap { id in
            let word = model.word(id)
            return word.isEmpty ? nil : GlideWord(word, logPrior: Double(model.unigramLogProbability(id)))
        }
        return GlideLanguageModel(words: words, context: { model.logProbability(of: $0, after: $1) })
    }

    /// The words the user typed in `language` (their saved model's), by count; none when there is no model.
    static func typed(language: String) -> [String: Int] {
        guard let directory = UserModelFile.directory(),
              case .success(let model) = UserModelFile.load(UserModelFile.path(language: language, directory: directory)) else { return [:] }
        return model.unigrams
    }

}
