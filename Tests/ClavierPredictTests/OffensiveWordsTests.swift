import ClavierTestSupport
import Foundation
import Testing
@testable import ClavierPredict

/// Offensive words are never offered — by `clavier predict` (the bar's predictor) or `clavier
/// glide` — unless the user typed them in full before, or `--offensive-words allow`.
@Suite struct OffensiveWordsTests {
    /// Common offensive words of each language with a model, and three contexts to type them in.
    static let checks: [(language: String, words: [String], contexts: [String])] = [
        ("en", ["fuck", "fucking", "shit", "bitch", "ass", "asshole", "dick", "pussy", "cock", "cunt", "bastard", "slut",
                "whore", "nigger", "faggot"], ["", "I said ", "you are a "]),
        ("de", ["ficken", "arschloch", "fotze", "hurensohn", "schlampe"], ["", "Du bist ein ", "Das ist "]),
        ("fr", ["putain", "salope", "connard", "enculé", "pute"], ["", "Tu es une ", "C'est "]),
        ("es", ["puta", "mierda", "coño", "cabrón", "pendejo"], ["", "Eres un ", "Es una "]),
        ("ru", ["блядь", "хуй", "пизда", "ебать", "жопа"], ["", "Ты просто ", "Это "]),
    ]

    static func list(_ language: String) throws -> OffensiveWords {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return try #require(OffensiveWords.read(parts.joined(separator: "/") + "/Assets/offensive/\(language).txt"))
    }

    /// Each prefix of each word in each context, as `clavier predict` lines: an unrelated line
    /// before each, so no answer leaves out what the one before showed.
    static func lines(_ check: (language: String, words: [String], contexts: [String])) -> [String] {
        var lines: [String] = []
        for context in check.contexts {
            for word in check.words {
                for n in 1...word.count {
                    lines.append(#"{"before": "zzq "}"#)
                    lines.append(#"{"before": "\#(context)\#(word.prefix(n))"}"#)
                }
            }
        }
        return lines
    }

    func run(_ args: String, input: [String], state: String) throws -> [String] {
        try PredictCommandTests().run(args, input: input, state: state)
    }

    /// The words of each answer line.
    static func words(_ line: String) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return [] }
        return (object["suggestions"] as? [String]) ?? (object["words"] as? [String]) ?? []
    }

    @Test func theListReadsWordsStemsAndApostrophes() {
        let list = OffensiveWords(list: "# a comment\nfuck*\nass\n\n  cunt  \n")
        #expect(list.contains("fuck") && list.contains("Fucking") && list.contains("fuck's") && list.contains("ASS"))
        #expect(list.contains("cunt") && !list.contains("assist") && !list.contains("fun") && !list.contains("comment"))
        #expect(OffensiveWords(list: "").isEmpty)
    }

    @Test(arguments: checks.map(\.language))
    func noPrefixOfACommonOffensiveWordIsOfferedInAnyContext(language: String) throws {
        let check = try #require(Self.checks.first { $0.language == language })
        let list = try Self.list(language)
        let lines = Self.lines(check)
        for mode in ["block", "allow"] {
            let state = TemporaryDirectory()
            let out = try run("predict --language \(language) --no-learning --offensive-words \(mode)", input: lines, state: state.path)
            #expect(out.count == lines.count)
            let offered = zip(lines, out).enumerated().filter { $0.offset % 2 == 1 }.compactMap { pair -> String? in
                let bad = Self.words(pair.element.1).filter(list.contains)
                return bad.isEmpty ? nil : "\(pair.element.0) → \(bad)"
            }
            if mode == "block" {
                #expect(offered.isEmpty, "offered: \(offered.prefix(10))")
            } else {
                // The check list is one the model would offer: without the filter it does.
                #expect(offered.count >= check.words.count, "allow offered only \(offered.count)")
            }
        }
    }

    /// Issue 48: "retar" offered "retard" among 5 suggestions. A word whose commonest use today
    /// is a slur is held back though it has a plain sense (to slow down); its plain kin are
    /// offered, and the word itself once typed in full.
    @Test func aSlurWithAPlainSenseIsHeldBackItsPlainKinOffered() throws {
        let state = TemporaryDirectory()
        let slurs: Set = ["retard", "retarded", "retards"]
        let lines = ["retar", "you are so retar", "flame retar", "retard"].map { #"{"before": "\#($0)"}"# }
        let allowed = try run("predict --suggestions 5 --no-learning --offensive-words allow", input: lines, state: state.path).map(Self.words)
        #expect(allowed.first?.contains("retard") == true, "the model offers it without the list: \(allowed)")
        let offered = try run("predict --suggestions 5 --no-learning", input: lines, state: state.path).map(Self.words)
        #expect(offered.count == lines.count && offered.allSatisfy { $0.allSatisfy { !slurs.contains($0.lowercased()) } }, "\(offered)")
        #expect(offered.allSatisfy { $0.contains("retardant") && $0.contains("retardation") }, "\(offered)")
        let typed = try run("predict --suggestions 5", input: [#"{"commit": "Stop it, you retard."}"#, #"{"before": "retar"}"#], state: state.path)
        #expect(Self.words(typed[1]).contains("retard") && !Self.words(typed[1]).contains("retarded"), "\(typed)")
    }

    @Test func aWordTheUserTypedInFullIsTheirs() throws {
        let state = TemporaryDirectory()
        let before = try run("predict", input: [#"{"before": "what the fuc"}"#], state: state.path)
        #expect(!before[0].contains(#""fuck""#))
        let out = try run("predict", input: [#"{"commit": "What the fuck."}"#, #"{"before": "what the fuc"}"#], state: state.path)
        #expect(out[1].contains(#""fuck""#), "\(out[1])")
        // Its other forms were not typed: still not offered.
        #expect(!out[1].contains(#""fucking""#), "\(out[1])")
        #expect(try !run("predict --no-learning", input: [#"{"before": "what the fuc"}"#], state: state.path)[0].contains(#""fuck""#))
    }

    @Test func thePredictorAsksTheListAndTheUserModel() throws {
        let predictor = Predictor(language: "en", modelPath: nil, userModelPath: nil, learning: true, offensive: try Self.list("en"))
        #expect(!predictor.mayOffer("pussy") && predictor.mayOffer("play"))
        predictor.learn("my pussy cat")
        #expect(predictor.mayOffer("pussy") && predictor.mayOffer("Pussy"))
        #expect(Predictor(language: "en", modelPath: nil, userModelPath: nil).mayOffer("pussy"), "no list: allowed")
    }

    /// A straight gesture through the key centres of `word` on the us layout at 1280x330, as
    /// `clavier geometry` lays the keys out.
    func gesture(_ word: String, state: String) throws -> String {
        let geometry = try run("geometry --size 1280x330", input: [], state: state).joined()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(geometry.utf8)) as? [String: Any])
        var centres: [String: (Int, Int)] = [:]
        for key in object["keys"] as? [[String: Any]] ?? [] {
            guard let id = key["id"] as? String, let x = key["x"] as? Int, let y = key["y"] as? Int,
                  let w = key["width"] as? Int, let h = key["height"] as? Int else { continue }
            centres[id] = (x + w / 2, y + h / 2)
        }
        var points: [String] = []
        for letter in word {
            let c = try #require(centres[String(letter)])
            points.append("[\(c.0), \(c.1)]")
        }
        return #"{"points": [\#(points.joined(separator: ", "))], "width": 1280, "height": 330}"#
    }

    @Test func glideOffersNoOffensiveWordUnlessTyped() throws {
        let state = TemporaryDirectory()
        let list = try Self.list("en")
        let words = ["fuck", "shit", "bitch", "cunt", "fucking", "bastard"]
        let lines = try words.map { try gesture($0, state: state.path) }
        let allowed = try run("glide --offensive-words allow", input: lines, state: state.path).map(Self.words)
        #expect(allowed.map(\.first) == words.map(Optional.some), "the gestures mean these words: \(allowed)")
        let blocked = try run("glide", input: lines, state: state.path).map(Self.words)
        #expect(blocked.count == words.count && blocked.allSatisfy { !$0.isEmpty && !$0.contains(where: list.contains) }, "\(blocked)")
        // Once typed, the word is the user's to glide.
        _ = try run("predict", input: [#"{"commit": "What the fuck."}"#], state: state.path)
        let typed = try run("glide", input: lines, state: state.path).map(Self.words)
        #expect(typed.first?.first == "fuck" && !typed.dropFirst().contains(where: { $0.contains(where: list.contains) }), "\(typed)")
    }
}
