/// The check a model file passes before it is used: every entry of every index, once, so that
/// a damaged file (one changed byte in a 4 MB file) is one error and no suggestions, never a
/// read out of bounds, and so that no word it offers is empty or holds what learning would
/// not keep. Plain loops over the arrays: 2-4 MB of them, read once from the mapping.
extension SystemModel {
    /// What is wrong with the file's tables, or nil.
    func problem() -> String? {
        let v = vocabularyCount
        // The words: keys from 0 on, never backwards, ending at the keys' size; each a word as
        // learning keeps them (id 0 is "<s>", the sentence start, never offered).
        guard keyOffsets[0] == 0, Int(keyOffsets[v]) == keyBytes else { return "its word index does not span its words" }
        for id in 0..<v {
            let from = Int(keyOffsets[id]), to = Int(keyOffsets[id + 1])
            guard from <= to, to <= keyBytes else { return "its word index runs backwards at word \(id)" }
            if id > 0, to - from > Words.maxWordBytes || !Words.isWord(utf8: UnsafeBufferPointer(start: keys + from, count: to - from)) {
                return "word \(id) is not a word"
            }
            guard unigram[id].isFinite, unigram[id] <= 0 else { return "word \(id) has no probability" }
        }
        for k in 0..<v where Int(alphabetical[k]) >= v { return "its alphabetical index names word \(alphabetical[k]) of \(v)" }
        // The contexts of the trigrams, ascending pairs of word ids (a binary search finds them).
        var last = (-1, -1)
        for c in 0..<triContextCount {
            let pair = (Int(triContext[2 * c]), Int(triContext[2 * c + 1]))
            guard pair.0 < v, pair.1 < v, last < pair else { return "its trigram context \(c) is out of order or names no word" }
            last = pair
        }
        if let problem = problem(in: bigram, "bigram") { return problem }
        return problem(in: trigram, "trigram")
    }

    /// What is wrong with one order's tables: each context's words are a slice of the table
    /// (from 0, never backwards, to its end), known words in ascending order; every back-off
    /// weight a probability.
    private func problem(in level: Level, _ name: String) -> String? {
        guard level.start[0] == 0, Int(level.start[level.contexts]) == level.count else { return "its \(name) index does not span its table" }
        for c in 0..<level.contexts {
            let from = Int(level.start[c]), to = Int(level.start[c + 1])
            guard from <= to, to <= level.count else { return "its \(name) index runs backwards at context \(c)" }
            var previous = -1
            for k in from..<to {
                let w = Int(level.word[k])
                guard w > previous, w < vocabularyCount else { return "its \(name)s after context \(c) are out of order or name no word" }
                previous = w
            }
            let gamma = level.gamma[c]
            guard gamma.isFinite, gamma >= 0, gamma <= 1 else { return "its \(name) context \(c) has no back-off weight" }
        }
        return nil
    }
}
