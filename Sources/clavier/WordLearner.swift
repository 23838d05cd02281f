import ClavierCore
import ClavierLayouts

/// English completions from the system word list and the words learned (both read on the
/// first word that needs them rather than at start-up: a layout without suggestions never
/// reads them), and the words typed, remembered at each `learn` (unless learning is off: no
/// store), like `TapRecorder`. The suggestion bar's predictor until a language model is loaded:
/// it offers nothing before the first letter of a word.
final class WordLearner: WordPredictor {
    private let store: WordStore?
    private var completer: WordCompleter?
    private lazy var learned: [String: Int] = {
        guard let store else { return [:] }
        let (words, warning) = store.load()
        if let warning { Log.warning(warning) }
        return words ?? [:]
    }()
    private var warned = false

    init(store: WordStore?) {
        self.store = store
    }

    /// Up to `count` completions of the partial word at the end of `before`.
    func suggestions(before: String, count: Int) -> [String] {
        var context = TypingContext()
        context.field = .prose
        context.adopt(before, at: .now)
        return completions(of: context.partialWord, limit: count)
    }

    /// Counts each word of `text` (two letters or more) as taken once more, and saves once.
    func learn(_ text: String) {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars + [" "] {
            if CurrentWord.isWordScalar(scalar) {
                word.append(scalar)
            } else {
                if word.count > 1 { words.append(String(word)) }
                word = String.UnicodeScalarView()
            }
        }
        guard !words.isEmpty else { return }
        accept(words)
    }

    /// Up to `limit` completions of `prefix`; none for an empty word, without reading anything.
    func completions(of prefix: String, limit: Int = AccessoryBar.completionSlots) -> [String] {
        guard !prefix.isEmpty else { return [] }
        if completer == nil {
            let words = WordList.load()
            if words == nil, !warned {
                Log.warning("cannot read \(WordList.defaultPath) (Debian package wamerican); completions offer only learned words")
                warned = true
            }
            completer = WordCompleter(words: words ?? [], learned: learned)
        }
        return completer?.completions(of: prefix, limit: limit) ?? []
    }

    /// Remembers that `words` were typed, and saves at once (when learning is on).
    func accept(_ words: [String]) {
        guard let store else { return }
        for word in words {
            completer?.accept(word)
            // Up to Int.max, not past it: the words file may hold any count.
            learned[word.lowercased()] = min(learned[word.lowercased()] ?? 0, .max - 1) + 1
        }
        do {
            try store.save(learned)
        } catch {
            if !warned { Log.warning("cannot save learned words to \(store.path): \(error)") }
            warned = true
        }
    }
}
