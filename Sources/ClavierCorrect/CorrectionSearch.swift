/// The words of a lexicon within a cost of the taps: a weighted edit distance (Damerau's, with
/// adjacent transpositions) computed along the trie, one row per letter of the word so far,
/// where a branch whose row is all above the bound is never entered.
struct CorrectionSearch {
    /// `substitution[i * alphabet + a]`: the cost of tap i meaning character a.
    var substitution: [Double]
    /// The cost of a word's character with no tap (a letter left out, an apostrophe not typed).
    var omission: [Double]
    /// The cost of tap i meaning nothing (a letter typed twice or by a slip).
    var insertion: [Double]
    /// The cost of two neighbouring letters typed in the wrong order, beyond their taps' costs.
    var transposition: Double
    /// Words costing more are not returned.
    var bound: Double
    /// Words longer than the taps by more than this are not returned.
    var longer: Int

    /// The words within `bound` and their costs, in no order.
    func run(_ lexicon: CorrectionLexicon, taps n: Int) -> [(id: Int, cost: Double)] {
        let alphabet = lexicon.alphabet.count
        let width = n + 1
        let maxDepth = min(n + longer, lexicon.longest)
        var rows = [Double](repeating: .infinity, count: width * (maxDepth + 1))
        var letters = [Int](repeating: 0, count: maxDepth + 1)
        rows[0] = 0
        if n > 0 { for i in 1...n { rows[i] = rows[i - 1] + insertion[i - 1] } }
        var found: [(id: Int, cost: Double)] = []
        // Depth-first: a node is popped after all its ancestors and before any other branch,
        // so rows 0..<depth are its ancestors' rows.
        var stack: [(node: Int32, depth: Int)] = []
        var child = lexicon.firstChild[0]
        while child >= 0 {
            stack.append((child, 1))
            child = lexicon.sibling[Int(child)]
        }
        while let (node, depth) = stack.popLast() {
            let a = Int(lexicon.label[Int(node)])
            letters[depth] = a
            let row = depth * width, up = row - width
            let omit = omission[a]
            rows[row] = rows[up] + omit
            var least = rows[row]
            if n > 0 {
                for i in 1...n {
                    var best = rows[up + i - 1] + substitution[(i - 1) * alphabet + a]
                    best = min(best, rows[up + i] + omit)
                    best = min(best, rows[row + i - 1] + insertion[i - 1])
                    if depth >= 2, i >= 2 {
                        let swapped = rows[up - width + i - 2] + transposition
                            + substitution[(i - 2) * alphabet + a] + substitution[(i - 1) * alphabet + letters[depth - 1]]
                        best = min(best, swapped)
                    }
                    rows[row + i] = best
                    least = min(least, best)
                }
            }
            guard least <= bound else { continue }
            let id = lexicon.word[Int(node)]
            if id >= 0, rows[row + n] <= bound { found.append((Int(id), rows[row + n])) }
            guard depth < maxDepth else { continue }
            var child = lexicon.firstChild[Int(node)]
            while child >= 0 {
                stack.append((child, depth + 1))
                child = lexicon.sibling[Int(child)]
            }
        }
        return found
    }
}
