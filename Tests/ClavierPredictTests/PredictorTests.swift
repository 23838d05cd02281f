import ClavierTestSupport
import Glibc
import Testing
@testable import ClavierPredict

@Suite struct PredictorTests {
    func english(learning: Bool = false, user: String? = nil) -> Predictor {
        Predictor(language: "en", modelPath: modelPath("en"), userModelPath: user, learning: learning)
    }

    @Test func completionsStartWithWhatWasTypedAndNextWordsFollowTheContext() {
        let p = english()
        let completions = p.suggestions(before: "I would like to th", count: 3)
        #expect(completions.count == 3)
        #expect(completions.allSatisfy { $0.hasPrefix("th") }, "\(completions)")
        #expect(p.suggestions(before: "one of ", count: 3).contains("the"))
        #expect(p.suggestions(before: "", count: 5).count == 5, "a sentence's first word before any letter")
        #expect(p.suggestions(before: "the", count: 0).isEmpty)
        #expect(p.suggestions(before: "abc123", count: 3).isEmpty, "no words for a partial word with digits")
    }

    /// A word is not offered right after itself (issue 36: "I'm going to the " offered "the"),
    /// and the bar still offers as many words; a completion of the same letters still is.
    @Test func aWordIsNotOfferedRightAfterItself() {
        let p = english()
        for before in ["I'm going to the ", "one of the ", "and and "] {
            let words = p.suggestions(before: before, count: 3)
            let last = before.split(separator: " ").last.map { $0.lowercased() } ?? ""
            #expect(words.count == 3 && !words.contains { $0.lowercased() == last }, "\(before.debugDescription) → \(words)")
        }
    }

    /// A word shown at one letter and not taken is not shown again at the next: the bar offers new words.
    @Test func wordsNotTakenMakeRoomAtTheNextLetter() {
        let p = english()
        let first = p.suggestions(before: "we saw t", count: 3)
        let next = p.suggestions(before: "we saw th", count: 3)
        #expect(first.count == 3 && next.count == 3)
        #expect(Set(first).isDisjoint(with: next), "\(first) then \(next)")
        #expect(p.suggestions(before: "we saw th", count: 3) == next, "asking again gives the same words")
        p.dropShown = false
        _ = p.suggestions(before: "we saw t", count: 3)
        #expect(p.suggestions(before: "we saw th", count: 3).contains("the"))
    }

    /// Words shown anywhere in the word being typed (its next-word guesses too) and not taken
    /// are not shown again: at "th" not "the", shown before the first letter.
    @Test func wordsNotTakenStayOutForTheWholeWord() {
        let p = english()
        let next = p.suggestions(before: "we saw ", count: 3)
        _ = p.suggestions(before: "we saw t", count: 3)
        let later = p.suggestions(before: "we saw th", count: 3)
        #expect(next.contains("the") && later.count == 3, "\(next) then \(later)")
        #expect(Set(next).isDisjoint(with: later), "\(next) then \(later)")
    }

    /// The text before the caret is a window that slides (its first letters lost as the next
    /// is typed): the words not taken still make room at the next letter.
    @Test func wordsNotTakenMakeRoomInATextThatSlides() {
        let p = english()
        let text = String(repeating: "It was a fine day and we walked along the river. ", count: 4) + "we saw th"
        let first = p.suggestions(before: String(text.dropLast().suffix(120)), count: 3)
        let next = p.suggestions(before: String(text.suffix(120)), count: 3)
        #expect(first.count == 3 && next.count == 3)
        #expect(Set(first).isDisjoint(with: next), "\(first) then \(next)")
        #expect(Predictor.oneLetterOn(from: "ab", to: "abc") && !Predictor.oneLetterOn(from: "ab", to: "b c"))
    }

    @Test func caseFollowsWhatWasTyped() {
        let p = english()
        #expect(p.suggestions(before: "Th", count: 3).allSatisfy { $0.hasPrefix("Th") })
        #expect(p.suggestions(before: "Hello there. Th", count: 3).allSatisfy { $0.hasPrefix("Th") })
        #expect(p.suggestions(before: "THE", count: 3).allSatisfy { $0 == $0.uppercased() })
        #expect(p.suggestions(before: "so ", count: 5).contains("I"), "\"I\" is written capital")
        let first = p.suggestions(before: "It rained. ", count: 3)
        #expect(first.allSatisfy { $0.first!.isUppercase }, "a sentence's first word: \(first)")
        #expect(!p.suggestions(before: "the", count: 5).contains("the"), "the word typed saves nothing")
    }

    /// A field's start where capitals are not wanted: a sentence's first words in the model's
    /// own case ("the", but still "I"), and the same question capitalised is not answered from
    /// the one before.
    @Test func aSentencesFirstWordsWithoutCapitals() {
        let p = english()
        let plain = p.suggestions(before: "", count: 5, capitalizeStart: false)
        #expect(plain.count == 5 && plain.contains("I") && plain.contains("the"), "\(plain)")
        #expect(plain.allSatisfy { $0 == "I" || $0.first!.isLowercase }, "\(plain)")
        let capital = p.suggestions(before: "", count: 5)
        #expect(capital.contains("The") && capital.allSatisfy { $0.first!.isUppercase }, "\(capital)")
    }

    /// The recent words' cache holds the last `recentLimit` words learned, counted, and is
    /// wiped with the rest.
    @Test func theRecentWordsAreBoundedCountedAndForgotten() {
        let p = english(learning: true)
        p.learn(String(repeating: "zebra quagga ", count: 100) + String(repeating: "okapi ", count: 80))
        #expect(p.recent.count == Predictor.recentLimit)
        #expect(p.recentCounts == ["okapi": 80, "quagga": 10, "zebra": 10], "\(p.recentCounts)")
        #expect(p.suggestions(before: "I saw an ok", count: 3).first == "okapi")
        p.forget()
        #expect(p.recent.isEmpty && p.recentCounts.isEmpty)
    }

    @Test func learnedWordsAreSuggestedWithTheirCase() {
        let p = english(learning: true)
        #expect(!p.suggestions(before: "and Zeb", count: 3).contains("Zebulonia"))
        for _ in 0..<3 { p.learn("We went to Zebulonia with Marguerite. ") }
        #expect(p.suggestions(before: "and zeb", count: 3).contains("Zebulonia"), "the user's form, capital")
        #expect(p.suggestions(before: "with ", count: 3).contains("Marguerite"), "learned next word")
        #expect(p.logProbability(of: "Zebulonia", after: ["to"]) != nil)
    }

    /// A capital within a sentence (a title's "The", a name's "Joy" after "--") does not
    /// re-case a word the user writes in lowercase there: "the" stays "the" on the bar.
    @Test func aCapitalWithinASentenceLeavesALowercaseWordAlone() {
        let p = english(learning: true)
        p.learn("we read the book and then The Times, and the paper. ")
        p.learn("we read the book and then The Times")
        #expect(p.user.form(of: "the") == nil)
        #expect(p.suggestions(before: ", and th", count: 3).contains("the"))
        p.learn("and Zebulonia, zebulonia and Zebulonia. Zebulonia went")
        #expect(p.user.form(of: "zebulonia") == nil, "lowercase within a sentence")
        p.learn(" to Qwertyland. Qwertyland is far, and Qwertyland")
        #expect(p.user.form(of: "qwertyland") == "Qwertyland", "a word first seen with a capital")
    }

    /// Past its limit the user model halves every count: rare words go, frequent ones stay.
    @Test func theUserModelStaysWithinItsLimit() {
        var model = UserModel()
        model.limit = 200
        let words = Words(language: "en")
        var tail: [String?] = []
        for i in 0..<500 {
            let rare = "w" + String(UnicodeScalar(UInt8(97 + i % 26))) + String(UnicodeScalar(UInt8(97 + i / 26 % 26)))
            tail = model.learn(Array(words.tokens("often \(rare) often").dropFirst()), after: tail)
            #expect(model.entryCount <= model.limit)
        }
        #expect(model.unigrams["often"] != nil)
        #expect(model.unigrams.count > 20 && model.unigrams.count < 200, "\(model.unigrams.count)")
        #expect(model.entryCount == model.unigrams.count + model.following.values.reduce(0) { $0 + $1.count })
    }

    @Test func withoutLearningNothingIsLearnedOrWritten() {
        let dir = TemporaryDirectory()
        let p = english(learning: false, user: dir.file("state/words-en.model"))
        p.learn("Zebulonia Zebulonia Zebulonia")
        try? p.save()
        #expect(p.user.isEmpty)
        #expect(access(dir.file("state/words-en.model"), F_OK) != 0)
    }

    @Test func theUserModelIsSavedPrivatelyReadBackAndForgotten() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("state/clavier/words-en.model")
        let p = english(learning: true, user: path)
        p.learn("Marguerite sings. Marguerite dances.")
        try p.save()
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600, "the user model is the user's alone")
        #expect(stat(dir.file("state/clavier"), &info) == 0 && info.st_mode & 0o777 == 0o700)
        let again = english(learning: true, user: path)
        #expect(again.user.unigrams["marguerite"] == 2)
        #expect(again.suggestions(before: "and marg", count: 3).contains("Marguerite"))
        #expect(UserModelFile.forget(directory: dir.file("state/clavier")) == [path])
        #expect(access(path, F_OK) != 0)
        #expect(english(learning: true, user: path).user.isEmpty)
    }

    @Test func savingLeavesNoTemporaryFileBehind() throws {
        let dir = TemporaryDirectory()
        let p = english(learning: true, user: dir.file("words-en.model"))
        p.learn("one two three")
        try p.save()
        var names: [String] = []
        if let d = opendir(dir.path) {
            while let e = readdir(d) {
                names.append(withUnsafeBytes(of: e.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) })
            }
            closedir(d)
        }
        #expect(names.filter { !$0.hasPrefix(".") || $0.count > 2 }.sorted() == ["words-en.model"])
    }

    @Test func aCorruptUserModelIsNamedWithItsLineAndStartedAfresh() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("words-en.model")
        try TextFile.write(path, "clavier-user-model 1\n1\t2\thello\nnonsense\n")
        if case .failure(let error) = UserModelFile.load(path) {
            #expect(error.description.hasPrefix(path + ":3: "))
        } else {
            Issue.record("a corrupt line was accepted")
        }
        let p = english(learning: true, user: path)
        #expect(p.user.isEmpty)
        #expect(p.warnings.count == 1)
    }
}
