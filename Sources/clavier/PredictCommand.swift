import ArgumentParser
import ClavierApp
import ClavierCore
import ClavierJSON
import ClavierLayouts
import ClavierPredict
import Glibc

/// `clavier predict`: word prediction for scripts and measurements, one JSON line in, one out.
struct PredictCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predict",
        abstract: "Suggest words for text read as JSON lines on standard input.",
        discussion: """
            Each line is {"before": "text before the caret"}, answered {"suggestions": [...]}: \
            whole words that replace the partial word before the caret, or the next word after a \
            space or punctuation; or {"commit": "text"}, answered {} once the text is learned as if \
            typed. A line that is neither, or is longer than 1 MB (read to its end and dropped), is \
            answered {"error": "stdin:LINE: ..."}. The learned words are the keyboard's \
            ($XDG_STATE_HOME/clavier/words-LANG.model).
            """)

    @Option(help: "The language's model to use (en, de, fr, es, ru).")
    var language = "en"

    @Option(help: "How many words to suggest (0-5).")
    var suggestions = 3

    @Flag(inversion: .prefixedNo, help: "Learn from committed text, and use what was learned before.")
    var learning = true

    @OptionGroup var words: SettingOptions<OffensiveWordsSetting>

    func validate() throws {
        guard (0...5).contains(suggestions) else { throw ValidationError("--suggestions must be 0 to 5") }
        guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            throw ValidationError("--language takes a language code such as en, de or fr")
        }
    }

    func run() throws {
        let predictor = LanguageModels.predictor(language: language, learning: learning, blockOffensive: words.values[.blockOffensiveWords])
        predictor.saveInterval = 2
        // Both models read now, so that a corrupt one is said before the first answer.
        _ = predictor.system
        _ = predictor.user
        var said = 0
        func sayWarnings() {
            for warning in predictor.warnings.dropFirst(said) { Log.warning(warning) }
            said = predictor.warnings.count
        }
        sayWarnings()
        var lines = LineReader()
        var number = 0
        while let line = lines.next() {
            number += 1
            switch line {
            case .text(let text): Self.emit(Self.answer(text, number: number, predictor: predictor, count: suggestions))
            case .tooLong: Self.emit(Self.failure("stdin:\(number): longer than \(LineReader.maxBytes) bytes: not read"))
            }
            sayWarnings()
        }
        do { try predictor.save() } catch { Log.warning("\(error)") }
    }

    struct Request: Decodable {
        var before: String?
        var commit: String?
    }

    /// The JSON line that answers `line`.
    static func answer(_ line: String, number: Int, predictor: Predictor, count: Int) -> String {
        let request: Request
        do {
            request = try JSON.decode(Request.self, from: line)
        } catch {
            return failure("stdin:\(number): not a JSON object with a string \"before\" or \"commit\"")
        }
        switch (request.before, request.commit) {
        case (let before?, nil):
            let words = predictor.suggestions(before: before, count: count)
            return json(Answer(suggestions: words))
        case (nil, let text?):
            predictor.learn(text)
            return "{}"
        default:
            return failure("stdin:\(number): expected {\"before\": TEXT} or {\"commit\": TEXT}")
        }
    }

    static func failure(_ message: String) -> String { json(Failure(error: message)) }

    struct Answer: Encodable { var suggestions: [String] }
    struct Failure: Encodable { var error: String }

    /// `value` as one line of JSON (strings of plain structs always encode).
    static func json(_ value: some Encodable) -> String {
        (try? JSON.string(value, options: .withoutEscapingSlashes)) ?? "{}"
    }

    /// One line on standard output, written at once (no stdio buffer to flush).
    static func emit(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { return }
            done += n
        }
    }
}

/// `clavier forget`: deletes the words learned from typing and the clipboard strip's pinned
/// texts, and makes a running keyboard forget them too (else it would go on offering them and
/// write them back at its next save), its copies in memory as well.
struct ForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Forget every word learned from typing ($XDG_STATE_HOME/clavier/words-*.model and words.json, and the kept first pictures and first words, which may be learned ones) and the clipboard strip's texts, pinned ones too ($XDG_STATE_HOME/clavier/clipboard-pins), in the running keyboard too.")
    @OptionGroup var control: ControlOptions

    func run() throws {
        guard let directory = UserModelFile.directory() else {
            Log.error("neither $XDG_STATE_HOME nor $HOME is set: no learned words to find")
            throw ExitCode.failure
        }
        // The keyboard first: it deletes its files itself, and a save it makes meanwhile is
        // deleted below. No keyboard running is no failure: the files are all there is.
        let keyboard = ControlClient.send(.forget, to: ControlSocket.path(display: control.display))
        var removed = UserModelFile.forget(directory: directory)
        if unlink(directory + "/words.json") == 0 { removed.append(directory + "/words.json") }
        // The clipboard strip's pins: the only clipboard text on disk.
        let pins = directory + "/" + ClipboardPinsFile.fileName
        if unlink(pins) == 0 { removed.append(pins) }
        // The kept first pictures show the bar's first words, which may be learned ones.
        if let pictures = PictureCache.standard() {
            removed += pictures.removeAll()
            if let words = FirstWordsFile.remove(beside: pictures) { removed.append(words) }
        }
        print(removed.isEmpty ? "nothing learned to forget" : "forgot " + removed.joined(separator: ", "))
        switch keyboard {
        case .ok: print("the running keyboard forgot them too")
        case .refused(let why), .failed(let why):
            Log.error("the running keyboard did not forget: \(why)")
            throw ExitCode(2)
        case nil: break
        }
    }
}
