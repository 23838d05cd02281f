import ClavierTestSupport
import Glibc
import Testing
@testable import ClavierPredict

/// User models as files hold them: counts past any sum, words a learning would never keep,
/// and a flood of new words far past the model's bounds (issue 34).
@Suite struct UserModelFileTests {
    func predictor(_ path: String) -> Predictor {
        Predictor(language: "en", modelPath: modelPath("en"), userModelPath: path, learning: true)
    }

    /// A count of Int.max read from a file stops at `UserModel.maxCount`: typing the word again,
    /// and two such bigrams summed after it, neither overflow (they trapped: SIGILL).
    @Test func hugeCountsSaturateInsteadOfTrapping() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("words-en.model")
        try TextFile.write(path, "clavier-user-model 1\n1\t9223372036854775807\tthe\n1\t9223372036854775807\tcat\n"
            + "2\t9223372036854775807\tthe\tcat\n2\t9223372036854775807\tthe\tdog\n2\t9223372036854775807\t<s> the\tcat\n")
        let p = predictor(path)
        #expect(p.user.unigrams["the"] == Int(Int32.max), "UserModel.maxCount")
        p.learn("the ")
        p.learn("the cat")
        #expect(p.user.unigrams["the"] == Int(Int32.max))
        #expect(p.user.total > 0)
        #expect(p.suggestions(before: "the ", count: 3).contains("cat"))
        #expect(p.logProbability(of: "cat", after: ["the"]).map { $0.isFinite && $0 <= 0 } == true)
        #expect(p.warnings.isEmpty, "\(p.warnings)")
    }

    /// `1 50000 ls\rdate\r.` was offered for `l` and typed two commands into a terminal: a word
    /// with a control character, a space or a digit, and a form that is not its key's letters
    /// or is empty, make the file corrupt; the bar offers neither.
    @Test(arguments: ["1\t50000\tls\rdate\r.", "1\t5\tl\u{1B}[2J", "1\t5\tlo l", "1\t5\tl0l", "1\t5\tl\u{200B}ol", "1\t5\t'lol",
                      "2\t5\tlet\tls\rdate", "2\t5\tl\u{7F} us\tgo", "2\t5\t\tgo", "2\t5\ta b c\tgo",
                      "1\t5\tlemur\nF\tlemur\t", "1\t5\tlemur\nF\tlemur\tLe\rmur", "1\t5\tlemur\nS\tlemur\tLion"])
    func wordsAreCheckedAsLearningChecksThem(line: String) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("words-en.model")
        try TextFile.write(path, "clavier-user-model 1\n\(line)\n")
        guard case .failure(let error) = UserModelFile.load(path) else {
            Issue.record("accepted \(line.debugDescription)")
            return
        }
        #expect(error.description.hasPrefix(path + ":"))
        let p = predictor(path)
        for before in ["l", "le", "let ", "lemur ", "Lem", ""] {
            let words = p.suggestions(before: before, count: 5)
            #expect(words.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "'" } },
                    "\(before.debugDescription): \(words.map(\.debugDescription))")
        }
        #expect(p.warnings.count == 1)
    }

    /// Whatever learning keeps reads back: letters of any script, marks, apostrophes, the
    /// sentence start and forms; a word longer than learning keeps is left out, not refused.
    @Test func whatLearningWritesReadsBack() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("words-en.model")
        let p = predictor(path)
        p.learn("Éole and Cafe\u{301} don't. L'homme, «Straße» вот İstanbul ﬁne Ⓐ! ")
        p.learn(String(repeating: "a", count: 65) + " zebra " + String(repeating: "я", count: 32))
        #expect(p.user.unigrams[String(repeating: "a", count: 65)] == nil, "not learned: longer than 64 bytes")
        #expect(p.user.unigrams[String(repeating: "я", count: 32)] == 1)
        try p.save()
        let read = UserModelFile.load(path)
        guard case .success(let model) = read else {
            Issue.record("\(read)")
            return
        }
        #expect(model == p.user)
        try TextFile.write(path, "clavier-user-model 1\n1\t3\t\(String(repeating: "a", count: 70))\n1\t3\tzebra\n")
        #expect((try? UserModelFile.load(path).get())?.unigrams == ["zebra": 3])
    }

    /// A flood of new words (a key held down, a script through `clavier predict`) keeps the
    /// model within its 60,000 entries and its file within 2 MB (`byteLimit`), however long
    /// the words: about three times as many words as fill either bound.
    @Test(arguments: [8, 60, 300])
    func aFloodOfNewWordsStaysWithinTheBounds(letters: Int) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("words-en.model")
        let p = Predictor(language: "en", modelPath: nil, userModelPath: path, learning: true)
        p.saveInterval = .infinity
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        var entries = 0, bytes = 0
        let words = min(60_000, 1_500_000 / letters)
        for round in 0..<words / 250 {
            var text = ""
            for _ in 0..<250 {
                for _ in 0..<letters {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    text.append(alphabet[Int(state >> 33) % 26])
                }
                text += " "
            }
            p.learn(text)
            entries = max(entries, p.user.entryCount)
            if round % 10 == 9 { bytes = max(bytes, UserModelFile.encode(p.user).utf8.count) }
        }
        let limit = UserModel().limit
        #expect(limit <= 60_000, "the bound this test holds the model to")
        #expect(entries <= limit && bytes <= 2 << 20, "\(entries) entries, \(bytes) bytes")
        try p.save()
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_size <= 2 << 20 + 64, "\(info.st_size) bytes")
        let model = try UserModelFile.load(path).get()
        #expect(model.entryCount <= limit)
        #expect(UserModelFile.encode(model).utf8.count == info.st_size)
    }

    /// A file far past the bounds, of counts from 1 to the largest, words with forms, bigrams
    /// and trigrams, shrinks to exactly what halving one step at a time, re-measuring after
    /// each, gives (the loop it was until all the halvings were found in one pass: a 4 MB file
    /// of the largest counts took 4.4 s of CPU to load, 31 passes over 234,000 words).
    @Test func allTheHalvingsAtOnceAreThoseOneAtATime() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        func word() -> String { String((0..<(2 + next(7))).map { _ in alphabet[next(26)] }) }
        var text = "clavier-user-model 1\n"
        var words: [String] = []
        for _ in 0..<9_000 {
            let w = word()
            words.append(w)
            // Counts of every bit length, so that each halving drops some.
            text += "1\t\(1 << next(31) + next(3))\t\(w)\n"
            if next(5) == 0 { text += "F\t\(w)\t\(w.prefix(1).uppercased() + w.dropFirst())\n" }
        }
        for _ in 0..<6_000 {
            let (u, v, w) = (words[next(words.count)], words[next(words.count)], words[next(words.count)])
            text += "2\t\(1 << next(31))\t\(v)\t\(w)\n"
            if next(2) == 0 { text += "2\t\(1 + next(1_000))\t\(u) \(v)\t\(w)\n" }
        }
        var file = try UserModelFile.decode(text, path: "m").get()
        file.limit = 60_000
        var model = UserModel()
        model.unigrams = file.unigrams
        model.following = file.following
        model.forms = file.forms
        model.limit = 4_000
        model.byteLimit = 60_000
        model.recount()
        var reference = model
        // The reference: one halving, then measured again, until it fits.
        while reference.entryCount > reference.limit * 3 / 4 || reference.byteCount > reference.byteLimit * 3 / 4 {
            reference.unigrams = reference.unigrams.compactMapValues { $0 / 2 > 0 ? $0 / 2 : nil }
            reference.following = reference.following.compactMapValues { next in
                let kept = next.compactMapValues { $0 / 2 > 0 ? $0 / 2 : nil }
                return kept.isEmpty ? nil : kept
            }
            reference.forms = reference.forms.filter { reference.unigrams[$0.key] != nil }
            reference.initialForms = reference.initialForms.filter { reference.unigrams[$0.key] != nil }
            reference.recount()
        }
        #expect(model.halvingsToFit() > 3, "a test of several halvings")
        model.shrink()
        #expect(model == reference)
        #expect(model.entryCount > 0 && model.entryCount <= 3_000)
    }
}

