import Glibc
import ClavierText

/// Word prediction for one language: the system model (read at the first query, so a keyboard
/// that never asks pays nothing) mixed with what this user typed (`UserModel`, kept in
/// `userModelPath` when learning is on).
///
/// P(w | u v) = (1 - λ) P_system(w | u v) + λ P_user(w | u v), where λ grows with how often the
/// user typed the context v (and, more slowly, with all the words learned): what a person
/// types after a word they often use soon outranks the system's guess.
public final class Predictor {
    public let language: String
    public let learning: Bool
    let modelPath: String?
    let userModelPath: String?
    let words: Words
    /// The user model's weight after a context the user typed n times, followed by d different
    /// words: contextMax · n / (n + contextHalf · d);
    /// at least unigramMax · N / (N + unigramHalf) for N words learned in all.
    public var contextMax = 0.7
    public var contextHalf = 1.0
    public var unigramMax = 0.2
    public var unigramHalf = 1000.0
    /// Completions are ranked by P(w | context) · (characters saved)^savingWeight.
    public var savingWeight = 0.0
    /// The share in the mix of the last `recentLimit` words learned, each by how often it came
    /// there (a cache: a word just used comes again soon); 0: off. Kept in memory only. 0.1
    /// chosen on the tuning texts (0.05, 0.1, 0.15 tried: +0.1 to +0.4 with learning); the
    /// last 100 words rather than 300 (50, 1000, 2000 tried), +0.1 to +0.2 and quicker.
    public var recentWeight = 0.1
    static let recentLimit = 100
    private(set) var recent: [String] = []
    private(set) var recentCounts: [String: Int] = [:]
    /// Words shown for the partial word one letter shorter and not taken are left out, so the
    /// bar offers new words at each letter (a person who saw the word would have taken it).
    public var dropShown = true
    private var lastQuery: (before: String, count: Int, capitalized: Bool, shown: [String])?
    /// Every word shown since the word being typed began (its next-word guesses included).
    private var shownInWord = Set<String>()
    /// Words never offered unless the user typed them (`mayOffer`); nil: every word may be offered.
    public var offensive: OffensiveWords?
    /// Warnings (a model file that cannot be read, a corrupt user model), each once, for the caller to log.
    public private(set) var warnings: [String] = []

    private var systemLoaded = false
    private var systemModel: SystemModel?
    private var userLoaded = false
    private var userModel = UserModel()
    private var learnedTail: [String?] = []
    private var dirty = false
    private var lastSave = Predictor.now()
    /// Seconds between two saves while learning (and at `save()`).
    public var saveInterval = 30.0

    /// `modelPath`: the language's system model (nil: none, user words only); `userModelPath`:
    /// the user model's file (nil: learn in memory only).
    /// `offensive`: the words never offered unless typed (`OffensiveWords.list(language:)`; nil: none).
    /// `system`: the model of `modelPath` opened already (shared with glide typing), taken as is.
    public init(language: String, modelPath: String?, userModelPath: String?, learning: Bool = true, offensive: OffensiveWords? = nil,
                system: SystemModel? = nil) {
        self.language = language
        self.offensive = offensive
        self.modelPath = modelPath
        self.userModelPath = userModelPath
        self.learning = learning
        words = Words(language: language)
        if let system {
            systemModel = system
            systemLoaded = true
        }
    }

    /// The system model, mapped at the first call; nil when there is none or it is unreadable,
    /// and from the moment it is found cut short under its mapping (a model installed in place
    /// over it: the new file is read when the keyboard starts again).
    public var system: SystemModel? {
        if !systemLoaded {
            systemLoaded = true
            if let modelPath {
                do { systemModel = try SystemModel(path: modelPath) } catch { warnings.append(error.description) }
            }
        }
        if let model = systemModel, model.cutShort {
            systemModel = nil
            lastQuery = nil
            warnings.append("\(modelPath ?? model.language): cut short while in use; no suggestions from it until it is read again")
        }
        return systemModel
    }

    /// The user model, read at the first call (empty when learning is off or there is no file).
    public var user: UserModel {
        if !userLoaded {
            userLoaded = true
            if learning, let userModelPath {
                switch UserModelFile.load(userModelPath) {
                case .success(let model): userModel = model
                case .failure(let error): warnings.append("\(error); starting the learned words afresh")
                }
            }
        }
        return userModel
    }

    /// Up to `count` whole words, best first: completions of the partial word at the end of
    /// `before`, or the next word when `before` is empty or ends in a space or punctuation.
    /// Their case follows what was typed ("Th" → "The", "i" → "I", a sentence's first word);
    /// with `capitalizeStart` false a sentence's first word keeps the model's case ("the", "I").
    public func suggestions(before: String, count: Int, capitalizeStart: Bool = true) -> [String] {
        guard count > 0 else { return [] }
        // The same question again (a redraw) gets the same words.
        if let last = lastQuery, last.before == before, last.count == count, last.capitalized == capitalizeStart { return last.shown }
        let (contextText, partialText) = words.splitPartial(before)
        let partial = String(partialText)
        guard !partial.contains(where: { $0.isNumber || $0 == "_" }) else { return [] }
        // The last words are all the context there is: a long text (a whole document before the
        // caret) is read from its last 200 characters, without the start that cut makes up.
        let tail = contextText.suffix(200)
        var all = words.tokens(String(tail))
        if tail.startIndex != contextText.startIndex, all.count > 2 { all.removeFirst() }
        let tokens = all.suffix(2)
        let keys = tokens.map { Self.key($0, language: language) }
        let v = keys.last ?? nil
        let u = keys.count == 2 && v != nil ? keys.first ?? nil : nil
        let atSentenceStart = tokens.last == .sentenceStart
        let prefix = Self.key(typed: partial, language: language)
        var skip = Set<String>()
        if dropShown, let last = lastQuery, !partial.isEmpty, Self.oneLetterOn(from: last.before, to: before) {
            skip = shownInWord.filter { Self.key(typed: $0, language: language).hasPrefix(prefix) }
        } else {
            shownInWord = []
        }
        let scored = rank(prefix: prefix, u: u, v: v, count: count + skip.count + (partial.isEmpty ? 1 : 0))
        let typedStyle = CaseStyle(typed: partial, language: language)
        let curly = partial.contains("’") || (!partial.contains("'") && tail.contains("’") && !tail.contains("'"))
        var out: [String] = []
        for key in scored {
            // The word already typed saves nothing (taking it costs what a space does), unless it
            // mends its case where the case is the word's: English "i" → "I".
            if key == prefix, !(language == "en" && key == "i") { continue }
            // A word is not offered right after itself ("going to the " → not "the" again):
            // it is almost never what comes next, and it took a slot from what does.
            if partial.isEmpty, let v, key == v { continue }
            var word = key
            if let form = user.form(of: key) {
                word = form
            } else if let system, let id = system.id(of: key), system.caseKnown(id) || user.initialForm(of: key) == nil {
                word = system.word(id)
            } else if let form = user.initialForm(of: key) {
                word = form
            }
            if partial.isEmpty ? atSentenceStart && capitalizeStart : typedStyle == .capital {
                word = CaseStyle.capital.apply(to: word, language: language)
            } else if typedStyle == .upper {
                word = CaseStyle.upper.apply(to: word, language: language)
            }
            // Apostrophes as the person types them: "don’t" after "don’" or in a text that uses ’.
            if curly { word = String(word.map { $0 == "'" ? "’" : $0 }) }
            // What the bar types is a word, never "" or a control character, whatever a file held.
            if word == partial || out.contains(word) || skip.contains(word) || !Words.isWord(word) { continue }
            out.append(word)
            if out.count == count { break }
        }
        lastQuery = (before, count, capitalizeStart, out)
        shownInWord.formUnion(out)
        return out
    }

    /// Whether `before` is `last` with one more scalar typed. The text before the caret is a
    /// window that slides (the keyboard keeps its last 256 scalars), so once it is full `last`
    /// has lost its first scalars: then `before` less its last scalar is `last`'s end.
    static func oneLetterOn(from last: String, to before: String) -> Bool {
        let scalars = before.unicodeScalars
        guard let end = scalars.indices.last else { return false }
        let trimmed = String(scalars[..<end])
        return trimmed == last || (trimmed.unicodeScalars.count >= 64 && last.hasSuffix(trimmed))
    }

    /// Whether `word` may be offered (by the bar, glide typing, autocorrect): it is not on the
    /// offensive list, or the user typed it in full before (it is in the user model: the bar
    /// never offers such a word, so only typing put it there).
    public func mayOffer(_ word: String) -> Bool {
        guard let offensive, offensive.contains(word) else { return true }
        return user.unigrams[LanguageCase.lower(word, language: language)] != nil
    }

    /// Typed text as the models key it: lower case (by `language`'s rules: Turkish "I" is
    /// "ı", Greek "ΟΔΟΣ" is "οδος"), with ’ as '.
    static func key(typed text: String, language: String? = nil) -> String {
        String(LanguageCase.lower(text, language: language).map { $0 == "’" ? "'" : $0 })
    }

    static func key(_ token: Words.Token, language: String? = nil) -> String? {
        switch token {
        case .sentenceStart: UserModel.start
        case .unknown: nil
        case .word(let word): LanguageCase.lower(word, language: language)
        }
    }

    /// Learns `text` as typed right after the text learned before (a word boundary between the
    /// two); saves the user model when `saveInterval` has passed since the last save.
    public func learn(_ text: String) {
        guard learning else { return }
        _ = user
        var tokens = words.tokens(text)
        if !learnedTail.isEmpty { tokens.removeFirst() }
        learnedTail = userModel.learn(tokens, after: learnedTail, language: language)
        for case .word(let word) in tokens {
            let key = LanguageCase.lower(word, language: language)
            recent.append(key)
            recentCounts[key, default: 0] += 1
            if recent.count > Self.recentLimit {
                let old = recent.removeFirst()
                recentCounts[old] = recentCounts[old] == 1 ? nil : recentCounts[old]! - 1
            }
        }
        lastQuery = nil
        dirty = true
        if Self.now() - lastSave >= saveInterval { try? save() }
    }

    /// The next `learn` starts a new text (the focus moved): no n-gram spans the two.
    public func endText() { learnedTail = [] }

    /// Writes the user model if anything was learned since the last save.
    public func save() throws(UserModelFileError) {
        guard dirty, learning, let userModelPath else { return }
        lastSave = Self.now()
        try UserModelFile.save(userModel, to: userModelPath)
        dirty = false
    }

    /// Forgets everything learned, in memory and on disk.
    public func forget() {
        userModel = UserModel()
        recent = []
        recentCounts = [:]
        userLoaded = true
        learnedTail = []
        lastQuery = nil
        dirty = false
        if let userModelPath { unlink(userModelPath) }
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
