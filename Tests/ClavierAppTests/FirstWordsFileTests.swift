import ClavierBuiltins
import ClavierCore
import Glibc
import Testing
@testable import ClavierApp

/// The first words kept between starts (FirstWordsFile): a start whose predictor is not made
/// yet puts the last start's words up at once, the model's words replace them (on the bar and
/// in the file) when it is made, and a damaged or planted file is ignored whole.
@Suite struct FirstWordsFileTests {
    /// A fresh pictures directory.
    static func cache() -> PictureCache {
        var template = Array("/tmp/clavier-first-words-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return PictureCache(directory: String(cString: made!))
    }

    static func write(_ text: String, in cache: PictureCache) {
        let fd = open(cache.directory + "/" + FirstWordsFile.name, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    /// A predictor that offers `words` whatever came before.
    struct Fixed: WordPredictor {
        let words: [String]
        func suggestions(before: String, count: Int) -> [String] { Array(words.prefix(count)) }
        func suggestions(before: String, count: Int, capitalizeStart: Bool) -> [String] { Array(words.prefix(count)) }
        mutating func learn(_ text: String) {}
        mutating func forgetLearned() {}
    }

    /// A suggester with `cache`'s first words, started as a keyboard starts on the US keymap,
    /// whose English predictor takes `microseconds` to be made and offers "the", "I", "a".
    static func started(beside cache: PictureCache, makingFor microseconds: UInt32) -> (Suggester, Keyboard) {
        let suggester = Suggester(learns: false, capitalize: .never) { _ in
            usleep(microseconds)
            return Fixed(words: ["the", "I", "a"])
        }
        suggester.firstWordsFile = FirstWordsFile(beside: cache)
        let keyboard = Keyboard(layout: Layout.us.offering(suggestions: 3), size: Size(width: 1280, height: 330))
        suggester.start(for: keyboard.layout, xkb: "us")
        return (suggester, keyboard)
    }

    @Test func wordsKeptAreReadBackPerLanguageAndCells() {
        let cache = Self.cache()
        var file = FirstWordsFile(beside: cache)
        #expect(file.words(language: "en", cells: 3) == nil)
        file.keep(["the", "I", "it's"], language: "en", cells: 3)
        file.keep(["der"], language: "de", cells: 1)
        let read = FirstWordsFile(beside: cache)
        #expect(read.words(language: "en", cells: 3) == ["the", "I", "it's"])
        #expect(read.words(language: "de", cells: 1) == ["der"])
        #expect(read.words(language: "en", cells: 4) == nil)
        var st = stat()
        #expect(stat(cache.directory + "/" + FirstWordsFile.name, &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(FirstWordsFile.remove(beside: cache) != nil)
        #expect(FirstWordsFile(beside: cache).words(language: "en", cells: 3) == nil)
    }

    @Test func aFileWithAnythingButWordsIsIgnoredWhole() {
        let cache = Self.cache()
        for text in ["clavier first words 1\nen\t3\tthe\trm -rf ~\n",          // a space: typed into a terminal
                     "clavier first words 1\nen\t3\tthe\tls\u{0A}\n",
                     "clavier first words 1\nen\t1\tthe\tI\n",                // more words than cells
                     "clavier first words 1\nen\t3\t\u{1B}[31m\n",            // an escape
                     "clavier first words 1\nen\t3\tthe",                    // cut short
                     "other\nen\t3\tthe\n",
                     "clavier first words 1\n" + String(repeating: "en\t3\tthe\n", count: 600)] {
            Self.write(text, in: cache)
            #expect(FirstWordsFile(beside: cache).words(language: "en", cells: 3) == nil, "\(text.prefix(60).debugDescription)")
        }
        // A symbolic link is not followed.
        unlink(cache.directory + "/" + FirstWordsFile.name)
        let target = cache.directory + "/elsewhere"
        Self.write("x", in: PictureCache(directory: cache.directory))
        rename(cache.directory + "/" + FirstWordsFile.name, target)
        Self.write("clavier first words 1\nen\t3\tthe\n", in: PictureCache(directory: cache.directory))
        rename(cache.directory + "/" + FirstWordsFile.name, target)
        symlink(target, cache.directory + "/" + FirstWordsFile.name)
        #expect(FirstWordsFile(beside: cache).words(language: "en", cells: 3) == nil)
    }

    @Test func atMostEightLinesAreKeptTheOldestGoingFirst() {
        let cache = Self.cache()
        var file = FirstWordsFile(beside: cache)
        for cells in 1...10 { file.keep(["the"], language: "en", cells: cells) }
        let read = FirstWordsFile(beside: cache)
        #expect(read.words(language: "en", cells: 1) == nil && read.words(language: "en", cells: 2) == nil)
        #expect((3...10).allSatisfy { read.words(language: "en", cells: $0) == ["the"] })
    }

    @Test func theLastStartsWordsGoUpAtOnceAndTheModelsReplaceThem() {
        let cache = Self.cache()
        var kept = FirstWordsFile(beside: cache)
        kept.keep(["old", "words", "here"], language: "en", cells: 3)
        // A predictor that takes a while to be made.
        let (suggester, keyboard) = Self.started(beside: cache, makingFor: 300_000)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(suggester.firstWords(for: keyboard, waiting: .seconds(1)) == ["old", "words", "here"])
        #expect(clock.now - started < .milliseconds(200), "it waited for the predictor")
        // Nothing is made beside the window's making: the loop's first turn asks, which starts
        // the model, and the kept words stay on the bar while it is made.
        #expect(!suggester.loading, "the model was made before the first picture was up")
        #expect(suggester.madeSinceAsked())
        #expect(suggester.suggestions(for: keyboard, after: TypingContext()) == ["old", "words", "here"])
        #expect(suggester.loading)
        // Made: the bar is asked again, and the model's words are kept for the next start.
        for _ in 0..<1000 where suggester.loading { usleep(10_000) }  // up to 10 s: a loaded machine, a sanitizer
        #expect(suggester.madeSinceAsked())
        #expect(suggester.suggestions(for: keyboard, after: TypingContext()) == ["the", "I", "a"])
        #expect(FirstWordsFile(beside: cache).words(language: "en", cells: 3) == ["the", "I", "a"])
        // Words after something typed are not first words.
        var typed = TypingContext()
        typed.adopt("Hello ", at: ContinuousClock.now)
        _ = suggester.suggestions(for: keyboard, after: typed)
        #expect(FirstWordsFile(beside: cache).words(language: "en", cells: 3) == ["the", "I", "a"])
        // Forgotten: what the running keyboard knew is not written back.
        suggester.forgetLearning()
        #expect(FirstWordsFile.remove(beside: cache) != nil)
        suggester.firstWordsFile?.keep(["the", "I", "a"], language: "en", cells: 4)
        #expect(FirstWordsFile(beside: cache).words(language: "en", cells: 3) == nil)
    }

    /// A language with no model (its package removed): an empty bar is kept, so the next start
    /// neither waits for a model nor shows the words of one that is gone.
    @Test func aLanguageWithoutAModelKeepsAnEmptyBar() {
        let cache = Self.cache()
        var kept = FirstWordsFile(beside: cache)
        kept.keep(["old", "words", "here"], language: "en", cells: 3)
        let suggester = Suggester(learns: false, capitalize: .never) { _ in nil }
        suggester.firstWordsFile = FirstWordsFile(beside: cache)
        let keyboard = Keyboard(layout: Layout.us.offering(suggestions: 3), size: Size(width: 1280, height: 330))
        suggester.start(for: keyboard.layout, xkb: "us")
        #expect(suggester.firstWords(for: keyboard, waiting: .seconds(1)) == ["old", "words", "here"])
        #expect(suggester.madeSinceAsked())
        _ = suggester.suggestions(for: keyboard, after: TypingContext())
        for _ in 0..<1000 where suggester.loading { usleep(10_000) }  // up to 10 s: a loaded machine, a sanitizer
        #expect(suggester.madeSinceAsked())
        #expect(suggester.suggestions(for: keyboard, after: TypingContext()) == [])
        #expect(FirstWordsFile(beside: cache).words(language: "en", cells: 3) == [])
    }

    @Test func withNoneKeptTheFirstPictureWaitsForThePredictorAsBefore() {
        let cache = Self.cache()
        let (suggester, keyboard) = Self.started(beside: cache, makingFor: 50_000)
        #expect(suggester.firstWords(for: keyboard, waiting: .seconds(2)) == ["the", "I", "a"])
        #expect(FirstWordsFile(beside: cache).words(language: "en", cells: 3) == ["the", "I", "a"])
    }
}
