import ClavierText

/// What one user typed, as word counts: unigrams, bigrams and trigrams of lowercase keys
/// ("<s>" for a sentence start), and how the user writes a word when its case differs
/// from lowercase ("Elizabeth"). Bounded: past `limit` entries, or `byteLimit` bytes of its
/// file, every count is halved and the zeros dropped, so old words fade and new ones still
/// come in; no word is longer than `Words.maxWordBytes`, and a count stops at `maxCount`
/// (a file's huge count, or years of one word), so no sum of counts can overflow.
public struct UserModel: Equatable, Sendable {
    static let start = "<s>"
    static let discount = 0.6

    public internal(set) var unigrams: [String: Int] = [:]
    /// Context ("u" or "u v") → next word → count.
    var following: [String: [String: Int]] = [:]
    var forms: [String: String] = [:]
    /// The form of a word seen only as a sentence's first word ("Zebulonia. "), for words the
    /// system model does not know.
    var initialForms: [String: String] = [:]
    /// How often each context was followed by a word.
    var contextCounts: [String: Int] = [:]
    /// Lowercase keys by their first character, to find completions without a scan.
    var byInitial: [Character: Set<String>] = [:]
    public internal(set) var total = 0
    public var limit = 60_000
    /// The most bytes its file may take (`UserModelFile.encode`, without the header line). A
    /// year of typing is 1 MB (60,000 entries of words of 2-9 letters: 0.9-1.0 MB); this bounds
    /// a flood of long words, which would otherwise fit 60,000 lines of 200 bytes (12 MB).
    public var byteLimit = 2 << 20
    /// The largest count: 2^31 - 1, so that all counts summed (at most 16 MB of lines read,
    /// fewer than 2^21 of them) stay below Int.max.
    static let maxCount = Int(Int32.max)

    public init() {}

    public var isEmpty: Bool { unigrams.isEmpty }

    /// How many counts the model holds (kept as they come, not summed at each word).
    private(set) var entryCount = 0
    /// How many bytes its file's lines take at most (each count taken at its widest, 10 digits).
    private(set) var byteCount = 0

    /// The bytes of a `1 COUNT WORD` line, of a `2 COUNT CONTEXT WORD` line, and of an `F`/`S` line.
    static func lineBytes(_ key: String) -> Int { key.utf8.count + 14 }
    static func lineBytes(_ context: String, _ key: String) -> Int { context.utf8.count + key.utf8.count + 15 }
    static func lineBytes(_ key: String, form: String) -> Int { key.utf8.count + form.utf8.count + 4 }

    /// Counts the words of `tokens` (as `Words.tokens` gives them) that follow the keys in
    /// `previous` (already counted); returns the last two keys, to continue from. Words are
    /// keyed in small letters by `language`'s rules (Turkish "İyi" is "iyi", Greek "ΟΔΟΣ" "οδος").
    @discardableResult
    mutating func learn(_ tokens: [Words.Token], after context: [String?] = [], language: String? = nil) -> [String?] {
        var previous = context
        for token in tokens {
            let key: String?
            switch token {
            case .sentenceStart: key = Self.start
            case .unknown: key = nil
            case .word(let word):
                let lower = LanguageCase.lower(word, language: language)
                // A word the file's reader would refuse (too long, or a letter's odd
                // company) is not learned: an unknown word.
                guard Words.isWord(word), Words.isWord(lower) else { key = nil; break }
                key = lower
                add(lower)
                // The form a sentence's first word has says nothing of the word.
                if (previous.last ?? nil) != Self.start {
                    if word == lower {
                        setForm(nil, of: lower, in: \.forms)
                    } else if forms[lower] != nil || initialForms[lower] != nil || unigrams[lower] == 1 {
                        // A word seen in lowercase within a sentence keeps it at a capital there
                        // (a title's "The", a name after "--"): only a word never seen so takes one.
                        setForm(word, of: lower, in: \.forms)
                    }
                    setForm(nil, of: lower, in: \.initialForms)
                } else if word != lower, forms[lower] == nil, unigrams[lower] == 1 {
                    setForm(word, of: lower, in: \.initialForms)
                }
            }
            if let key, let v = previous.last ?? nil {
                bump(v, key)
                if previous.count >= 2, let u = previous[previous.count - 2] { bump(u + " " + v, key) }
            }
            previous.append(key)
            if key == nil { previous.removeAll() }
        }
        if entryCount > limit || byteCount > byteLimit { shrink() }
        return Array(previous.suffix(2))
    }

    /// `a + b`, or Int.max where that overflows.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (s, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : s
    }

    private mutating func add(_ key: String) {
        if unigrams[key] == nil {
            entryCount += 1
            byteCount += Self.lineBytes(key)
        }
        unigrams[key, default: 0] = min(Self.maxCount, unigrams[key, default: 0] + 1)
        total = Self.sum(total, 1)
        if let first = key.first { byInitial[first, default: []].insert(key) }
    }

    private mutating func bump(_ context: String, _ key: String) {
        if following[context]?[key] == nil {
            entryCount += 1
            byteCount += Self.lineBytes(context, key)
        }
        following[context, default: [:]][key, default: 0] = min(Self.maxCount, (following[context]?[key] ?? 0) + 1)
        contextCounts[context, default: 0] = Self.sum(contextCounts[context, default: 0], 1)
    }

    private mutating func setForm(_ form: String?, of key: String, in table: WritableKeyPath<UserModel, [String: String]>) {
        if let old = self[keyPath: table][key] { byteCount -= Self.lineBytes(key, form: old) }
        if let form { byteCount += Self.lineBytes(key, form: form) }
        self[keyPath: table][key] = form
    }

    /// How often `context` ("v" or "u v") was followed by a word.
    func contextCount(_ context: String) -> Int { contextCounts[context] ?? 0 }

    mutating func recount() {
        total = unigrams.values.reduce(0, Self.sum)
        entryCount = unigrams.count + following.values.reduce(0) { $0 + $1.count }
        byteCount = unigrams.keys.reduce(0) { $0 + Self.lineBytes($1) }
            + following.reduce(0) { sum, entry in entry.value.keys.reduce(sum) { $0 + Self.lineBytes(entry.key, $1) } }
            + forms.reduce(0) { $0 + Self.lineBytes($1.key, form: $1.value) }
            + initialForms.reduce(0) { $0 + Self.lineBytes($1.key, form: $1.value) }
        contextCounts = following.mapValues { $0.values.reduce(0, Self.sum) }
        byInitial = [:]
        for key in unigrams.keys { if let first = key.first { byInitial[first, default: []].insert(key) } }
    }

    /// Halves every count until the model fits in three quarters of its limits, dropping the
    /// zeros: all the halvings at once (k halvings of a count are `count >> k`), as many as
    /// halving one at a time would make, so a file of huge counts is not read 31 times over.
    mutating func shrink() {
        let halvings = halvingsToFit()
        guard halvings > 0 else { return }
        let halved = { (count: Int) -> Int? in count >> halvings > 0 ? count >> halvings : nil }
        unigrams = unigrams.compactMapValues(halved)
        following = following.compactMapValues { next in
            let kept = next.compactMapValues(halved)
            return kept.isEmpty ? nil : kept
        }
        forms = forms.filter { unigrams[$0.key] != nil }
        initialForms = initialForms.filter { unigrams[$0.key] != nil }
        recount()
    }

    /// The fewest halvings after which the entries and the file's bytes fit three quarters of
    /// the limits (0: they fit now). A count outlives k halvings when its bit length is over
    /// k, and a form lives as long as its word's count; so the entries and bytes left after k
    /// halvings are sums over bit lengths, counted in one pass.
    func halvingsToFit() -> Int {
        let fits = { (entries: Int, bytes: Int) in entries <= limit * 3 / 4 && bytes <= byteLimit * 3 / 4 }
        guard !fits(entryCount, byteCount) else { return 0 }
        var entries = [Int](repeating: 0, count: Int.bitWidth + 1), bytes = entries
        func bits(_ count: Int?) -> Int { count.map { Int.bitWidth - max($0, 0).leadingZeroBitCount } ?? 0 }
        for (key, count) in unigrams {
            entries[bits(count)] += 1
            bytes[bits(count)] += Self.lineBytes(key)
        }
        for (context, next) in following {
            for (key, count) in next {
                entries[bits(count)] += 1
                bytes[bits(count)] += Self.lineBytes(context, key)
            }
        }
        for table in [forms, initialForms] {
            for (key, form) in table { bytes[bits(unigrams[key])] += Self.lineBytes(key, form: form) }
        }
        // What outlives k halvings: the bit lengths over k.
        var (entriesLeft, bytesLeft) = (entries.reduce(0, +) - entries[0], bytes.reduce(0, +) - bytes[0])
        for k in 1...Int.bitWidth {
            entriesLeft -= entries[k]
            bytesLeft -= bytes[k]
            if fits(entriesLeft, bytesLeft) { return k }
        }
        return Int.bitWidth
    }

    /// P_user(w | u v): interpolated absolute discounting down to the user's unigram.
    func probability(_ key: String, after u: String?, _ v: String?) -> Double {
        guard total > 0 else { return 0 }
        var p = Double(unigrams[key] ?? 0) / Double(total)
        if let v { p = step(p, key, following[v]) }
        if let u, let v { p = step(p, key, following[u + " " + v]) }
        return p
    }

    private func step(_ lower: Double, _ key: String, _ next: [String: Int]?) -> Double {
        guard let next, !next.isEmpty else { return lower }
        let sum = Double(next.values.reduce(0, Self.sum))
        let seen = Double(max(0, (next[key] ?? 0))) - Self.discount
        return max(seen, 0) / sum + Self.discount * Double(next.count) / sum * lower
    }

    /// The user's words starting with `prefix` (lowercase), or after the context when empty.
    func candidates(prefix: String, after u: String?, _ v: String?) -> Set<String> {
        var out = Set<String>()
        if let v { out.formUnion(following[v]?.keys ?? [:].keys) }
        if let u, let v { out.formUnion(following[u + " " + v]?.keys ?? [:].keys) }
        if let first = prefix.first {
            out = out.filter { $0.hasPrefix(prefix) }
            for key in byInitial[first] ?? [] where key.hasPrefix(prefix) { out.insert(key) }
        }
        out.remove(Self.start)
        return out
    }

    /// How the user writes `key` within a sentence, when not in lowercase.
    func form(of key: String) -> String? { forms[key] }

    /// How the user wrote `key` as a sentence's first word, when never seen within one.
    func initialForm(of key: String) -> String? { initialForms[key] }
}
