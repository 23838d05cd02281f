import ClavierCore
import ClavierLayouts

/// Completes words for the accessory bar from the system word list and the words learned
/// (both read on the first word that needs them rather than at start-up: a layout without
/// completions never reads them), and remembers the completions taken (unless learning is
/// off: no store) after every one, like `TapRecorder`.
final class WordLearner {
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

    /// Up to three completions of `prefix`; none for an empty word, without reading anything.
    func completions(of prefix: String) -> [String] {
        guard !prefix.isEmpty else { return [] }
        if completer == nil {
            let words = WordList.load()
            if words == nil, !warned {
                Log.warning("cannot read \(WordList.defaultPath) (Debian package wamerican); completions offer only learned words")
                warned = true
            }
            completer = WordCompleter(words: words ?? [], learned: learned)
        }
        return completer?.completions(of: prefix) ?? []
    }

    /// Remembers that `word` was taken, and saves at once (when learning is on).
    func accept(_ word: String) {
        guard let store else { return }
        completer?.accept(word)
        // Up to Int.max, not past it: the words file may hold any count.
        learned[word.lowercased()] = min(learned[word.lowercased()] ?? 0, .max - 1) + 1
        do {
            try store.save(learned)
        } catch {
            if !warned { Log.warning("cannot save learned words to \(store.path): \(error)") }
            warned = true
        }
    }
}
