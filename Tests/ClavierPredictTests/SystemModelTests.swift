import ClavierTestSupport
import Foundation
import Glibc
import Testing
@testable import ClavierPredict

/// The shipped models, from the source tree (tools/build-models.py writes them).
func modelPath(_ language: String) -> String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/ClavierPredictTests/SystemModelTests.swift
    return parts.joined(separator: "/") + "/Assets/models/\(language).lm"
}

@Suite struct SystemModelTests {
    @Test(arguments: ["en", "de", "fr", "es", "ru"])
    func everyLanguageLoadsAndFitsItsBudget(language: String) throws {
        let model = try SystemModel(path: modelPath(language))
        #expect(model.language == language)
        #expect(model.vocabularyCount > 20_000)
        var info = stat()
        #expect(stat(modelPath(language), &info) == 0)
        #expect(info.st_size <= 8 << 20, "a language model is at most 8 MB")
    }

    /// Σ_w P(w | context) = 1 over the vocabulary: for a context the model has trigrams for, one
    /// with bigrams only (unknown first word), the sentence start, and no context.
    @Test func probabilitiesSumToOneForEveryKindOfContext() throws {
        let model = try SystemModel(path: modelPath("en"))
        let of = try #require(model.id(of: "of"))
        let one = try #require(model.id(of: "one"))
        #expect(model.trigramContext(one, of) != nil, "\"one of\" has trigrams")
        for (u, v) in [(Int?(one), Int?(of)), (nil, of), (nil, 0), (nil, nil)] {
            var sum = 0.0
            for w in 0..<model.vocabularyCount { sum += model.probability(w, after: u, v) }
            #expect(abs(sum - 1) < 1e-3, "context \(String(describing: u)) \(String(describing: v)): sum \(sum)")
        }
    }

    /// A word seen after its context gets its discounted share plus the back-off; one never
    /// seen gets only the back-off weight times the lower order.
    @Test func unseenWordsBackOffToTheLowerOrder() throws {
        let model = try SystemModel(path: modelPath("en"))
        let of = try #require(model.id(of: "of")), one = try #require(model.id(of: "one"))
        let the = try #require(model.id(of: "the")), banana = try #require(model.id(of: "banana"))
        #expect(model.probability(the, after: one, of) > model.probability(the, after: nil, nil))
        if model.find(banana, in: model.bigram.word, model.bigram.range(of)) == nil {
            let unigram = Double(exp(model.unigramLogProbability(banana)))
            #expect(abs(model.probability(banana, after: nil, of) - Double(model.bigram.gamma[of]) * unigram) < 1e-12)
        }
        #expect(model.logProbability(of: "the", after: ["one", "of"])! > model.logProbability(of: "banana", after: ["one", "of"])!)
        #expect(model.logProbability(of: "qwzxv", after: []) == nil)
    }

    @Test func casingComesFromTheTextsTheModelWasBuiltFrom() throws {
        let model = try SystemModel(path: modelPath("en"))
        #expect(model.word(try #require(model.id(of: "i"))) == "I")
        #expect(model.word(try #require(model.id(of: "the"))) == "the")
        let german = try SystemModel(path: modelPath("de"))
        #expect(german.word(try #require(german.id(of: "zeit"))) == "Zeit", "German nouns are capitalised")
    }

    @Test func aFileThatIsNotAModelIsRefusedWithItsPath() throws {
        let dir = TemporaryDirectory()
        try TextFile.write(dir.file("bad.lm"), String(repeating: "x", count: 400))
        #expect(throws: ModelError.self) { try SystemModel(path: dir.file("bad.lm")) }
        do {
            _ = try SystemModel(path: dir.file("bad.lm"))
        } catch {
            #expect(error.description.hasPrefix(dir.file("bad.lm") + ": not a Clavier language model"))
        }
        #expect(throws: ModelError.cannotOpen(dir.file("none.lm"), errno: ENOENT)) { try SystemModel(path: dir.file("none.lm")) }
    }
}

/// The loop's idle trim (`SystemModel.dropResidentPages`): the words are the same after it,
/// and dropping while another thread queries the same mapping changes nothing it reads.
@Suite struct DropResidentPagesTests {
    static let contexts = ["", "a", "I would like to", "the quick brown", "th", "one of the", "Thank you for"]

    @Test func theWordsAreTheSameAfterTheModelsPagesAreDropped() throws {
        let system = try SystemModel(path: modelPath("en"))
        let p = Predictor(language: "en", modelPath: nil, userModelPath: nil, learning: false, system: system)
        let before = Self.contexts.map { p.suggestions(before: $0, count: 3) }
        #expect(before.allSatisfy { !$0.isEmpty }, "\(before)")
        system.dropResidentPages()
        let after = Self.contexts.map { p.suggestions(before: $0, count: 3) }
        #expect(after == before)
    }

    @Test func droppingWhileAnotherThreadQueriesChangesNothingItReads() throws {
        let system = try SystemModel(path: modelPath("en"))
        let expected = Self.contexts.map {
            Predictor(language: "en", modelPath: nil, userModelPath: nil, learning: false, system: system).suggestions(before: $0, count: 3)
        }
        final class Flag: @unchecked Sendable { var done = false }
        let flag = Flag()
        let dropper = Thread { while !flag.done { system.dropResidentPages() } }
        dropper.start()
        defer { flag.done = true }
        for _ in 0..<20 {
            let reader = Predictor(language: "en", modelPath: nil, userModelPath: nil, learning: false, system: system)
            #expect(Self.contexts.map { reader.suggestions(before: $0, count: 3) } == expected)
        }
        #expect(!system.cutShort)
    }
}
