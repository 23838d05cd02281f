import ArgumentParser
import ClavierApp
import ClavierCore
import ClavierCorrect
import ClavierJSON
import ClavierPredict

/// `clavier correct`: autocorrection for scripts and measuring, one JSON line in, one out.
/// Nothing of the taps is kept or logged.
struct CorrectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Read a word's taps as JSON lines on stdin; write the word autocorrection leaves after the space.",
        discussion: """
        Each line: {"before": "text before the word", "taps": [[x, y], ...], "width": W, "height": H, \
        "layout": "us", "page": "letters"} with each tap in the keyboard's pixels at that size (as `clavier \
        geometry --size WxH` places the keys); a tap may be a one-character string instead, a character \
        typed off the letter keys (an apostrophe), and "shift": [true, false, ...] says which taps were \
        capitals. Each answer: {"typed": "letters of the keys hit", "word": "what is left after the space"}, \
        or {"error": "stdin:N: ..."}, also for a line longer than 1 MB (read to its end and dropped). The language is the one the page's letters are for, or "language": "de".
        """)

    @Flag(inversion: .prefixedNo, help: "Never replace a word learned from typing ($XDG_STATE_HOME/clavier/words-LANG.model).")
    var learning = true

    /// One word's taps as a line of stdin.
    struct Request: Decodable {
        var before: String?
        var taps: [TapValue]
        var shift: [Bool]?
        var width: Int
        var height: Int
        var layout: String?
        var page: String?
        var language: String?
    }

    /// A tap: a point, or a character typed off the letter keys.
    enum TapValue: Decodable {
        case point(Double, Double)
        case text(String)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) {
                self = .text(text)
                return
            }
            let pair = try value.decode([Double].self)
            guard pair.count == 2, pair.allSatisfy(\.isFinite) else {
                throw DecodingError.typeMismatch([Double].self, .init(codingPath: decoder.codingPath, debugDescription: "not [x, y]"))
            }
            self = .point(pair[0], pair[1])
        }
    }

    struct Answer: Encodable { var typed: String, word: String }

    /// What is made once and kept between lines: layouts, predictors and lexicons by language.
    final class Engines {
        var layouts: [String: Layout] = [:]
        var predictors: [String: Predictor] = [:]
        var lexicons: [String: CorrectionLexicon] = [:]
        let learning: Bool
        init(learning: Bool) { self.learning = learning }

        func predictor(_ language: String) -> Predictor {
            if let found = predictors[language] { return found }
            let made = LanguageModels.predictor(language: language, learning: learning)
            _ = made.system
            for warning in made.warnings { Log.warning(warning) }
            predictors[language] = made
            return made
        }

        func lexicon(_ language: String) -> CorrectionLexicon {
            if let found = lexicons[language] { return found }
            let made = CorrectionLexicon(predictor: predictor(language))
            lexicons[language] = made
            return made
        }
    }

    func run() throws {
        let engines = Engines(learning: learning)
        // Within 1 MB a line, as every command's reader (issue 34): a line without end never grows it.
        var lines = LineReader()
        var number = 0
        while let line = lines.next() {
            number += 1
            switch line {
            case .text(let text): PredictCommand.emit(Self.answer(text, number: number, engines: engines))
            case .tooLong: PredictCommand.emit(PredictCommand.failure("stdin:\(number): longer than \(LineReader.maxBytes) bytes: not read"))
            }
        }
    }

    /// The answer to one line: the word typed and the word left, or what is wrong with the line.
    static func answer(_ line: String, number: Int, engines: Engines) -> String {
        func failure(_ message: String) -> String { PredictCommand.failure("stdin:\(number): " + message) }
        let request: Request
        do {
            request = try JSON.decode(Request.self, from: line)
        } catch {
            return failure("not a word's taps: {\"before\": TEXT, \"taps\": [[x, y], ...], \"width\": W, \"height\": H}")
        }
        guard request.width > 0, request.height > 0, request.width <= 100_000, request.height <= 100_000 else {
            return failure("width and height must be positive pixels, not \(request.width)x\(request.height)")
        }
        if let shift = request.shift, shift.count != request.taps.count { return failure("\"shift\" must have one entry per tap") }
        if let language = request.language,
           !(2...3).contains(language.count) || !language.allSatisfy({ $0.isASCII && $0.isLowercase }) {
            return failure("\"language\" takes a language code such as en, de or fr")
        }
        let name = request.layout ?? Setting.layout.defaultValue
        let layout: Layout
        if let known = engines.layouts[name] {
            layout = known
        } else {
            do { layout = try LayoutLoader.layout(named: name) } catch { return failure("\(error)") }
            engines.layouts[name] = layout
        }
        if let page = request.page, layout.page(id: page) == nil {
            return failure("layout '\(name)' has no page '\(page)'")
        }
        let keyboard = Keyboard(layout: layout, page: request.page, size: Size(width: request.width, height: request.height))
        let letters = keyboard.glideLetters
        guard !letters.isEmpty else { return failure("the page '\(keyboard.page.id)' of '\(name)' has no letter keys") }
        let letterAt = Dictionary(letters.map { ($0.rect, $0.letter) }) { first, _ in first }
        var taps: [CorrectionTap] = []
        for (i, tap) in request.taps.enumerated() {
            let capital = request.shift?[i] ?? false
            switch tap {
            case .text(let text):
                guard text.count == 1, let character = text.first else { return failure("a tap that is text must be one character") }
                taps.append(CorrectionTap(character, at: nil))
            case .point(let x, let y):
                let point = Point(x: x, y: y)
                // A tap on a key that types no letter (Shift, space) types nothing of the word.
                guard let frame = keyboard.geometry.frame(at: point), let letter = letterAt[frame.rect] else { continue }
                taps.append(CorrectionTap(capital ? Character(String(letter).uppercased()) : letter, at: point))
            }
        }
        let language = request.language ?? PredictionLanguage.of(letters: letters.map(\.letter))
        let model = engines.predictor(language)
        let corrector = Autocorrector(keyboard: CorrectionKeyboard(letters: letters), lexicon: engines.lexicon(language))
        let correction = corrector.correct(taps, before: request.before ?? "", model: model)
        return PredictCommand.json(Answer(typed: correction.typed, word: correction.word))
    }
}
