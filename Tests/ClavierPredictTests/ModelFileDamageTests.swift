import ClavierTestSupport
import Glibc
import Testing
@testable import ClavierPredict

/// A copy of a shipped model, to damage.
final class ModelCopy {
    let dir = TemporaryDirectory()
    let path: String

    init(_ language: String = "en") throws {
        path = dir.file("\(language).lm")
        let from = open(modelPath(language), O_RDONLY), to = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        defer { close(from); close(to) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while case let n = read(from, &buffer, buffer.count), n > 0 {
            try #require(Glibc.write(to, buffer, n) == n)
        }
    }

    /// Section k's offset, from the header (tools/models_lm.py).
    func offset(_ section: Int) throws -> Int {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var value: UInt64 = 0
        try #require(pread(fd, &value, 8, off_t(48 + 8 * section)) == 8)
        return Int(UInt64(littleEndian: value))
    }

    /// Writes `value` over entry `index` of section `section`'s 4-byte values, in place.
    func write(_ value: UInt32, section: Int, index: Int) throws {
        try write(withUnsafeBytes(of: value.littleEndian) { Array($0) }, at: try offset(section) + 4 * index)
    }

    /// Writes `bytes` at `at`, in place (the file keeps its inode and its length).
    func write(_ bytes: [UInt8], at: Int) throws {
        let fd = open(path, O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(pwrite(fd, bytes, bytes.count, off_t(at)) == bytes.count)
    }
}

/// Damaged language models (issue 34, item 4): every index entry is checked when the file is
/// opened, so one changed value is one warning and no suggestions (it was SIGSEGV at the first
/// query, or an empty word offered); a file changed or cut short while in use never crashes.
@Suite struct ModelFileDamageTests {
    /// The words a predictor of `path` offers in a few contexts, after a start, a word and two.
    func ask(_ p: Predictor) -> [String] {
        ["", "I would like to th", "one of ", "the ", "a", "z", "Hello. Th", "qu", "it is "].flatMap {
            p.suggestions(before: $0, count: 5)
        }
    }

    @Test(arguments: [
        (1, 100, 0xFFFF_FF00, "keyOffsets[100]: SIGSEGV at the start"), (1, 1, 0x00FF_FFFF, "keyOffsets[1]: an empty word"),
        (5, 2, 0x7FFF_FFF0, "bigram.start[2]: SIGSEGV at the first suggestion"), (10, 5, 0x7FFF_FFF0, "a huge trigram start"),
        (4, 10, 0xFFFF_FFF0, "alphabetical[10]"), (6, 0, 0xFFFF_FFF0, "a bigram's word"), (11, 7, 0xFFFF_FFF0, "a trigram's word"),
        (9, 0, 0xFFFF_FFF0, "a trigram's context"), (8, 3, 0x7FC0_0000, "a bigram's back-off weight: NaN"),
        (0, 3, 0x7F80_0000, "a unigram: +infinity"),
    ] as [(Int, Int, UInt32, String)])
    func oneDamagedValueIsOneWarningAndNoSuggestions(section: Int, index: Int, value: UInt32, what: String) throws {
        let model = try ModelCopy()
        try model.write(value, section: section, index: index)
        #expect(throws: ModelError.self, "\(what)") { try SystemModel(path: model.path) }
        let p = Predictor(language: "en", modelPath: model.path, userModelPath: nil, learning: false)
        #expect(ask(p).isEmpty, "\(what)")
        #expect(p.warnings.count == 1 && p.warnings[0].hasPrefix(model.path + ": not a Clavier language model: "), "\(p.warnings)")
        #expect(p.vocabularyCount == 0)
    }

    /// A word holding a control character (a carriage return in "the") makes the file corrupt.
    @Test func aWordWithAControlCharacterIsRefused() throws {
        let model = try ModelCopy()
        let good = try SystemModel(path: model.path)
        let the = try #require(good.id(of: "the"))
        try model.write([0x0D], at: try model.offset(2) + Int(good.keyOffsets[the]) + 1)
        #expect(throws: ModelError.self) { try SystemModel(path: model.path) }
    }

    /// A model cut short under a predictor that holds it (GNU install's rewrite in place): the
    /// pages past its new end read zeros instead of SIGBUS, the predictor drops the model with
    /// one warning, and words learned are still offered.
    @Test func aModelCutShortWhileInUseIsDroppedWithoutACrash() throws {
        let model = try ModelCopy()
        let p = Predictor(language: "en", modelPath: model.path, userModelPath: nil, learning: true)
        #expect(!p.suggestions(before: "I would like to th", count: 3).isEmpty)
        p.learn("Quillibrand Quillibrand Quillibrand")
        #expect(truncate(model.path, 8192) == 0)
        for _ in 0..<2 { _ = ask(p) }
        #expect(p.system == nil)
        #expect(p.warnings.count == 1 && p.warnings.first?.contains("cut short") == true, "\(p.warnings)")
        #expect(p.suggestions(before: "and Quil", count: 3).contains("Quillibrand"))
    }

    /// The model itself, every word and probability read after the cut: zeros, no crash.
    @Test func everyReadOfAModelCutShortIsSafe() throws {
        let copy = try ModelCopy()
        let model = try SystemModel(path: copy.path)
        let of = try #require(model.id(of: "of"))
        #expect(truncate(copy.path, 4096) == 0)
        var words = 0
        for id in 0..<model.vocabularyCount where !model.word(id).isEmpty { words += 1 }
        #expect(words < model.vocabularyCount)
        #expect(model.cutShort)
        #expect(model.logProbability(of: "the", after: ["one", "of"]) == nil)
        _ = model.probability(5, after: 1, of)
        _ = model.candidates(prefix: Array("th".utf8), after: 1, of, top: 8)
    }

    /// A model rewritten in place with other bytes (its length unchanged) is read as it now
    /// is: every read is bounds-checked, so at worst its words are wrong.
    @Test func aModelRewrittenInPlaceWhileInUseNeverReadsOutOfBounds() throws {
        let copy = try ModelCopy()
        let p = Predictor(language: "en", modelPath: copy.path, userModelPath: nil, learning: false)
        #expect(!ask(p).isEmpty)
        let model = try #require(p.system)
        // Each index's entries now 0 and 0x7FFFFFF0 by turns: a range from 0 to 2^31.
        let pattern = (0..<8192).flatMap { $0 % 2 == 0 ? [UInt8](repeating: 0, count: 4) : [0xF0, 0xFF, 0xFF, 0x7F] }
        for section in [1, 4, 5, 6, 9, 10, 11] { try copy.write(pattern, at: try copy.offset(section)) }
        for before in ["I would like to th", "one of ", "a"] { _ = p.suggestions(before: before, count: 5) }
        for id in stride(from: 0, to: model.vocabularyCount, by: 997) {
            _ = model.word(id)
            _ = model.probability(id, after: 7, 3)
        }
        #expect(!model.cutShort)
    }
}
