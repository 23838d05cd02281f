import Testing
@testable import ClavierPredict

/// Words in every script (issue 51) as prediction reads and learns them.
@Suite struct ScriptWordsPredictTests {
    @Test func aWordWithAZeroWidthNonJoinerIsAWord() {
        #expect(Words.isWord("می‌خواهم"), "Persian: ZWNJ within a word")
        #expect(Words.isWord("क्‍ष"), "a ZWJ within a word")
        #expect(!Words.isWord("\u{200C}می"), "not first")
        #expect(Words.isWord("क्षमा") && Words.isWord("น้ำใจ"))
        #expect(Words(language: "fa").tokens("من می‌خواهم بروم") == [.sentenceStart, .word("من"), .word("می‌خواهم"), .word("بروم")])
        let words = Words(language: "fa")
        #expect(words.splitPartial("من می‌خوا").partial == "می‌خوا")
    }

    @Test func caseStylesFollowTheLanguage() {
        #expect(CaseStyle.capital.apply(to: "istanbul", language: "tr") == "İstanbul")
        #expect(CaseStyle.upper.apply(to: "iyi", language: "az") == "İYİ")
        #expect(CaseStyle.capital.apply(to: "ijs", language: "nl") == "IJs")
        #expect(CaseStyle.capital.apply(to: "istanbul") == "Istanbul")
        #expect(Predictor.key(typed: "ΟΔΟΣ", language: "el") == "οδος")
        #expect(Predictor.key(typed: "IŞIK", language: "tr") == "ışık")
        #expect(Predictor.key(typed: "İyi", language: "tr") == "iyi")
        #expect(Predictor.key(typed: "Don’t") == "don't")
    }

    /// Learning keys words in the language's small letters: a Turkish "İYİ" is "iyi" (Swift's
    /// own lowercasing gives "i̇yi̇", with a combining dot, which "iy" never completes), a
    /// Greek "ΟΔΟΣ" is "οδος".
    @Test func learningKeysWordsByTheLanguagesCase() {
        let tr = Predictor(language: "tr", modelPath: nil, userModelPath: nil, learning: true)
        for _ in 0..<3 { tr.learn("bu çok İYİ oldu ") }
        let words = tr.suggestions(before: "bu çok iy", count: 3)
        #expect(words.contains { Predictor.key(typed: $0, language: "tr") == "iyi" }, "\(words)")
        #expect(tr.hasLearned("iyi"))
        let el = Predictor(language: "el", modelPath: nil, userModelPath: nil, learning: true)
        el.learn("ΣΤΗΝ ΟΔΟΣ ")
        #expect(el.hasLearned("οδος"))
    }

    /// Dutch "IJ" typed at a word's start is its capital letter, not a shout: "IJs", not "IJS".
    @Test func aDutchIJIsACapital() {
        #expect(CaseStyle(typed: "IJ", language: "nl") == .capital)
        #expect(CaseStyle(typed: "IJS", language: "nl") == .upper)
        #expect(CaseStyle(typed: "IJ") == .upper, "another language: two capitals")
        let nl = Predictor(language: "nl", modelPath: nil, userModelPath: nil, learning: true)
        for _ in 0..<3 { nl.learn("het ijsje smelt ") }
        #expect(nl.suggestions(before: "het IJ", count: 3).contains("IJsje"))
    }

    /// A form learned under the language's key ("İstanbul" under "istanbul", "ΟΔΟΣ" under
    /// "οδος") is written and read back, not taken for a damaged file.
    @Test func formsKeyedByTheLanguageReadBack() {
        for (language, text, key, form) in [("tr", "bugün İstanbul güzel ", "istanbul", "İstanbul"),
                                             ("el", "στην ΟΔΟΣ μας ", "οδος", "ΟΔΟΣ")] {
            var model = UserModel()
            model.learn(Words(language: language).tokens(text), language: language)
            #expect(model.forms[key] == form)
            switch UserModelFile.decode(UserModelFile.encode(model), path: "user.lm") {
            case .success(let read): #expect(read.forms[key] == form)
            case .failure(let error): Issue.record("\(error)")
            }
        }
    }

    /// Glide typing and autocorrection ask for a word's probability in any case: "ΟΔΟΣ" after
    /// "ΣΤΗΝ" is the "οδος" learned after "στην", Turkish "İYİ" the "iyi" learned.
    @Test func aWordsProbabilityIsAskedByTheLanguagesKey() {
        let el = Predictor(language: "el", modelPath: nil, userModelPath: nil, learning: true)
        for _ in 0..<3 { el.learn("στην οδος ") }
        #expect(el.logProbability(of: "ΟΔΟΣ", after: ["ΣΤΗΝ"]) != nil)
        let tr = Predictor(language: "tr", modelPath: nil, userModelPath: nil, learning: true)
        for _ in 0..<3 { tr.learn("çok iyi ") }
        #expect(tr.logProbability(of: "İYİ", after: ["ÇOK"]) != nil)
    }
}
