import Glibc

extension SystemModel {
    /// P(w | u v): interpolated trigram, bigram and unigram (absolute discounts with modified
    /// Kneser-Ney's three discounts per order, fixed when the file was built; see
    /// tools/models_lm.py). `u` and `v` are ids or nil (unknown, or before the text began).
    /// Sums to one over the vocabulary for every context.
    public func probability(_ w: Int, after u: Int?, _ v: Int?) -> Double {
        guard w >= 0, w < vocabularyCount else { return 0 }
        let p = Double(exp(unigram[w]))
        guard let v else { return p }
        let bigramP = interpolate(p, w, after: v, in: bigram)
        guard let u, let c = trigramContext(u, v) else { return bigramP }
        return interpolate(bigramP, w, after: c, in: trigram)
    }

    /// P(w | context `c`) at `level`: w's discounted share if seen after `c`, plus the back-off
    /// weight times `lower`, the next lower order's P(w).
    func interpolate(_ lower: Double, _ w: Int, after c: Int, in level: Level) -> Double {
        guard c >= 0, c < level.contexts else { return lower }
        let backOff = Double(level.gamma[c]) * lower
        guard let k = find(w, in: level.word, level.range(c)) else { return backOff }
        return alpha(level.alpha[k]) + backOff
    }

    /// ln P(word | previous words) for words in any case; nil for a word outside the vocabulary.
    /// `previous` ends with the word just before; "" (or nothing) stands for a sentence start.
    public func logProbability(of word: String, after previous: [String]) -> Double? {
        guard !cutShort, let w = id(of: word) else { return nil }
        let ids = previous.suffix(2).map { $0.isEmpty ? sentenceStart : id(of: $0) }
        let v = ids.last ?? sentenceStart
        let u = ids.count == 2 ? ids.first! : nil
        return log(probability(w, after: v == nil ? nil : u, v))
    }

    func alpha(_ q: UInt16) -> Double { Double(exp(-Float(q) / alphaScale)) }

    /// The index of `w` among `words[range]` (ids sorted ascending), by binary search.
    func find(_ w: Int, in words: UnsafePointer<UInt32>, _ range: Range<Int>) -> Int? {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            let x = Int(words[mid])
            if x == w { return mid }
            if x < w { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// The index of the trigram context (u, v), if the model has one.
    func trigramContext(_ u: Int, _ v: Int) -> Int? {
        var lo = 0, hi = triContextCount
        while lo < hi {
            let mid = (lo + hi) / 2
            let (a, b) = (Int(triContext[2 * mid]), Int(triContext[2 * mid + 1]))
            if a == u, b == v { return mid }
            if a < u || (a == u && b < v) { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// Every id the model would rank first among words that start with `prefix` (lowercase
    /// UTF-8) after (u, v): the words seen after the context, and the `top` most frequent words.
    /// A word outside both lists has P proportional to its unigram, so the list holds the
    /// `top` best of all.
    func candidates(prefix: [UInt8], after u: Int?, _ v: Int?, top: Int) -> Set<Int> {
        var out = Set<Int>()
        func consider(_ id: Int) {
            if id > 0, id < vocabularyCount, suggestible(id), prefix.isEmpty || key(id).starts(with: prefix) { out.insert(id) }
        }
        if let v {
            for k in bigram.range(v) { consider(Int(bigram.word[k])) }
            if let u, let c = trigramContext(u, v) {
                for k in trigram.range(c) { consider(Int(trigram.word[k])) }
            }
        }
        if prefix.isEmpty {
            var id = 1
            while out.count < top + 64, id < vocabularyCount, id <= top + 64 {
                consider(id)
                id += 1
            }
            return out
        }
        // The `top` smallest ids (most frequent words) in the prefix's alphabetical range.
        let (lo, hi) = prefixRange(prefix)
        var best: [Int] = []
        for k in lo..<hi {
            let id = Int(alphabetical[k])
            guard id < vocabularyCount, suggestible(id) else { continue }
            if best.count < top {
                best.append(id)
                if best.count == top { best.sort() }
            } else if id < best[top - 1] {
                best[top - 1] = id
                var j = top - 1
                while j > 0, best[j] < best[j - 1] { best.swapAt(j, j - 1); j -= 1 }
            }
        }
        out.formUnion(best)
        return out
    }
}
