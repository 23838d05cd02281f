import ClavierPredict

/// One language's words as a trie of their lowercase spellings, built once per language, so
/// a word's candidates are found by walking it with an edit-distance row per letter
/// (`CorrectionSearch`) and whole branches too far from the taps are never entered.
/// Immutable once built.
public final class CorrectionLexicon: Sendable {
    public let language: String
    /// The characters the words are spelled with; a node's label is an index here.
    let alphabet: [Character]
    let alphabetIndex: [Character: UInt16]
    /// The nodes, the root first: its character, its first child and next sibling (-1: none),
    /// and the system vocabulary id of the word ending there (-1: none).
    let label: [UInt16]
    let firstChild: [Int32]
    let sibling: [Int32]
    let word: [Int32]
    /// The longest word, in characters.
    let longest: Int

    /// `words`: vocabulary ids with their lowercase spellings; a spelling that repeats keeps
    /// its first id. Spellings with a digit, a space or a character outside letters,
    /// apostrophes and hyphens are left out.
    public init(language: String, words: [(id: Int, key: String)]) {
        self.language = language
        var alphabet: [Character] = []
        var alphabetIndex: [Character: UInt16] = [:]
        var spelled: [([UInt16], Int32)] = []
        spelled.reserveCapacity(words.count)
        for (id, key) in words where !key.isEmpty && id >= 0 && id <= Int(Int32.max) {
            var letters: [UInt16] = []
            var usable = true
            for ch in key {
                guard ch.isLetter || ch == "'" || ch == "-" else { usable = false; break }
                if let k = alphabetIndex[ch] {
                    letters.append(k)
                } else {
                    guard alphabet.count < Int(UInt16.max) else { usable = false; break }
                    alphabetIndex[ch] = UInt16(alphabet.count)
                    letters.append(UInt16(alphabet.count))
                    alphabet.append(ch)
                }
            }
            if usable { spelled.append((letters, Int32(id))) }
        }
        // Sorted, each word shares its path with the one before up to their common prefix.
        spelled.sort { $0.0 != $1.0 ? $0.0.lexicographicallyPrecedes($1.0) : $0.1 < $1.1 }
        var label: [UInt16] = [0], firstChild: [Int32] = [-1], sibling: [Int32] = [-1], word: [Int32] = [-1]
        var lastChild: [Int32] = [-1]
        var path: [Int32] = [0]
        var previous: [UInt16] = []
        var longest = 0
        for (letters, id) in spelled {
            var common = 0
            while common < letters.count, common < previous.count, letters[common] == previous[common] { common += 1 }
            path.removeLast(path.count - 1 - common)
            for letter in letters[common...] {
                let node = Int32(label.count)
                let parent = Int(path[path.count - 1])
                label.append(letter)
                firstChild.append(-1)
                sibling.append(-1)
                word.append(-1)
                lastChild.append(-1)
                if lastChild[parent] < 0 { firstChild[parent] = node } else { sibling[Int(lastChild[parent])] = node }
                lastChild[parent] = node
                path.append(node)
            }
            let end = Int(path[path.count - 1])
            if word[end] < 0 { word[end] = id }
            previous = letters
            longest = max(longest, letters.count)
        }
        self.alphabet = alphabet
        self.alphabetIndex = alphabetIndex
        self.label = label
        self.firstChild = firstChild
        self.sibling = sibling
        self.word = word
        self.longest = longest
    }

    /// The system vocabulary of `predictor`'s language (the words it may offer), loading its
    /// model if it is not yet; empty without one.
    public convenience init(predictor: Predictor) {
        var words: [(id: Int, key: String)] = []
        let count = predictor.vocabularyCount
        words.reserveCapacity(count)
        for id in 1..<max(count, 1) where predictor.isOffered(id) { words.append((id, predictor.vocabularyKey(id))) }
        self.init(language: predictor.language, words: words)
    }

    /// How many nodes its trie has (14 bytes each).
    public var nodes: Int { label.count }

    /// How many words it holds.
    public var count: Int { word.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) } }
}
