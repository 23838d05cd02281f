import ArgumentParser
import ClavierApp
import ClavierCore
import ClavierGlide
import ClavierJSON
import Glibc

/// `clavier glide`: decodes gestures for scripts and measuring, one JSON line in, one out.
struct GlideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glide",
        abstract: "Read glide gestures as JSON lines on stdin; write the words each means, best first.",
        discussion: """
        Each line: {"points": [[x, y], ...], "width": W, "height": H, "layout": "us", "page": "letters", \
        "before": "text before the cursor"} in the keyboard's pixels at that size (as `clavier geometry \
        --size WxH` gives them). Each answer: {"words": ["best", ...]} (up to 5), or {"error": "stdin:N: ..."}, \
        as for a line longer than 1 MB (read to its end and dropped).
        """)

    /// One gesture as a line of stdin.
    struct Request: Decodable {
        var points: [[Double]]
        var width: Int
        var height: Int
        var layout: String?
        var page: String?
        var before: String?
    }

    @OptionGroup var words: SettingOptions<OffensiveWordsSetting>

    func run() throws {
        let decoders = GlideDecoders(blockOffensive: words.values[.blockOffensiveWords])
        var layouts: [String: Layout] = [:]
        var lines = LineReader()
        var number = 0
        while let line = lines.next() {
            number += 1
            let answer = switch line {
            case .text(let text): Self.answer(text, number: number, decoders: decoders, layouts: &layouts)
            case .tooLong: Self.error("longer than \(LineReader.maxBytes) bytes: not read", number)
            }
            // write(2) at once: a script waits for each answer before sending the next gesture.
            let bytes = Array((answer + "\n").utf8)
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
                guard n > 0 else { throw ExitCode.failure }
                written += n
            }
        }
    }

    /// The answer to one line: the words, or what is wrong with it.
    static func answer(_ line: String, number: Int, decoders: GlideDecoders, layouts: inout [String: Layout]) -> String {
        func failure(_ message: String) -> String { Self.error(message, number) }
        let request: Request
        do {
            request = try JSON.decode(Request.self, from: line)
        } catch {
            return failure("not a gesture: \(Self.describe(error))")
        }
        guard request.width > 0, request.height > 0, request.width <= 100_000, request.height <= 100_000 else {
            return failure("width and height must be positive pixels, not \(request.width)x\(request.height)")
        }
        guard request.points.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isFinite) }) else {
            return failure("points must be [x, y] pairs of numbers")
        }
        let name = request.layout ?? Setting.layout.defaultValue
        let layout: Layout
        if let known = layouts[name] {
            layout = known
        } else {
            do { layout = try LayoutLoader.layout(named: name) } catch { return Self.error("\(error)", number) }
            layouts[name] = layout
        }
        if let page = request.page, layout.page(id: page) == nil {
            return failure("layout '\(name)' has no page '\(page)'")
        }
        let keyboard = Keyboard(layout: layout, page: request.page, size: Size(width: request.width, height: request.height))
        guard decoders.decoder(for: keyboard) != nil else {
            return failure("the page '\(keyboard.page.id)' of '\(name)' has no letters to glide over, or no words are known")
        }
        let points = request.points.map { GlidePoint(x: $0[0], y: $0[1]) }
        let words = decoders.words(points, on: keyboard, before: request.before ?? "")
        return encode(["words": words])
    }

    private static func error(_ message: String, _ number: Int) -> String { encode(["error": "stdin:\(number): " + message]) }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        default: "not valid JSON"
        }
    }

    private static func encode<T: Encodable>(_ value: T) -> String {
        (try? JSON.string(value, options: .withoutEscapingSlashes)) ?? "{}"
    }
}

/// `glide`'s and `predict`'s: whether offensive words are offered.
enum OffensiveWordsSetting: SettingSelection {
    static let settings = [AnySetting(.blockOffensiveWords)]
}
