import ClavierTestSupport
import Glibc
import Testing
@testable import ClavierPredict

/// `clavier predict` and `clavier forget`, run as a user runs them: the real binary, JSON lines
/// on its standard input, a private $XDG_STATE_HOME.
@Suite struct PredictCommandTests {
    /// Runs `clavier ARGS` with `input` on standard input; its standard output's lines.
    func run(_ args: String, input: [String], state: String) throws -> [String] {
        let dir = TemporaryDirectory()
        try TextFile.write(dir.file("in"), input.joined(separator: "\n") + "\n")
        let child = try CommandLines.start(args, input: dir.file("in"), environment: ["XDG_STATE_HOME": state],
                                           out: dir.file("out"), err: dir.file("err"))
        #expect(child.wait(seconds: 60) == 0, "\(TextFile.read(dir.file("err")) ?? "")")
        return (TextFile.read(dir.file("out")) ?? "").split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func answersEveryLineInOrderAndNamesTheBadOnes() throws {
        let state = TemporaryDirectory()
        let out = try run("predict --suggestions 3", input: [
            #"{"before": "I would like to th"}"#, "not json", #"{"before": 3}"#, #"{"other": "x"}"#,
            #"{"before": "Hello. Th"}"#, #"{"before": "say \"hi\" and "}"#,
        ], state: state.path)
        #expect(out.count == 6, "one answer per line read: \(out)")
        #expect(out[0].hasPrefix(#"{"suggestions":["th"#))
        #expect(out[1] == #"{"error":"stdin:2: not a JSON object with a string \"before\" or \"commit\""}"#)
        #expect(out[2].hasPrefix(#"{"error":"stdin:3: "#))
        #expect(out[3] == #"{"error":"stdin:4: expected {\"before\": TEXT} or {\"commit\": TEXT}"}"#)
        #expect(out[4].hasPrefix(#"{"suggestions":["Th"#), "a sentence's first word keeps its capital")
        #expect(out[5].hasPrefix(#"{"suggestions":["#))
    }

    @Test func commitsAreLearnedKeptPrivatelyAndForgotten() throws {
        let state = TemporaryDirectory()
        let out = try run("predict", input: [
            #"{"before": "we met Quil"}"#, #"{"commit": "We met Quillibrand. Then Quillibrand left."}"#,
            #"{"before": "we met Quil"}"#,
        ], state: state.path)
        #expect(out.count == 3)
        #expect(!out[0].contains("Quillibrand"))
        #expect(out[1] == "{}")
        #expect(out[2].contains(#""Quillibrand""#), "\(out[2])")
        let model = state.file("clavier/words-en.model")
        var info = stat()
        #expect(stat(model, &info) == 0 && info.st_mode & 0o777 == 0o600, "kept, the user's alone")
        // A second run reads what the first learned; --no-learning neither reads nor writes it.
        #expect(try run("predict", input: [#"{"before": "we met Quil"}"#], state: state.path)[0].contains("Quillibrand"))
        #expect(try !run("predict --no-learning", input: [#"{"before": "we met Quil"}"#], state: state.path)[0].contains("Quillibrand"))
        _ = try run("forget", input: [], state: state.path)
        #expect(access(model, F_OK) != 0)
        #expect(try !run("predict", input: [#"{"before": "we met Quil"}"#], state: state.path)[0].contains("Quillibrand"))
    }

    @Test func otherLanguagesAndCounts() throws {
        let state = TemporaryDirectory()
        let de = try run("predict --language de --suggestions 5", input: [#"{"before": "Ich habe keine Z"}"#], state: state.path)
        #expect(de[0].contains(#""Zeit""#), "German nouns keep their capital: \(de[0])")
        let none = try run("predict --suggestions 0", input: [#"{"before": "th"}"#], state: state.path)
        #expect(none == [#"{"suggestions":[]}"#])
    }
}

@Suite struct WordsTests {
    @Test func thePartialWordIsWhatFollowsTheLastSpaceOrMark() {
        let en = Words(language: "en"), fr = Words(language: "fr")
        #expect(en.splitPartial("I said hel") == ("I said ", "hel"))
        #expect(en.splitPartial("I said ") == ("I said ", ""))
        #expect(en.splitPartial("(don't") == ("(", "don't"))
        #expect(en.splitPartial("I don’") == ("I ", "don’"))
        #expect(fr.splitPartial("je vois l'hom") == ("je vois l'", "hom"))
        #expect(fr.splitPartial("je vois l'") == ("je vois l'", ""))
    }

    @Test func tokensMarkSentenceStartsAndUnknownWords() {
        let en = Words(language: "en")
        #expect(en.tokens("He ran. She 3rd, e.g him") == [.sentenceStart, .word("He"), .word("ran"), .sentenceStart,
                                                           .word("She"), .unknown, .word("e"), .word("g"), .word("him")])
        #expect(Words(language: "fr").tokens("l'homme") == [.sentenceStart, .word("l'"), .word("homme")])
        #expect(en.tokens("Mr. Darcy met J. Smith. So") == [.sentenceStart, .word("Mr"), .word("Darcy"), .word("met"), .word("J"),
                                                            .word("Smith"), .sentenceStart, .word("So")], "no sentence ends after Mr. or an initial")
    }
}
