import ClavierCore
import ClavierLayouts
import Foundation
import Glibc
import Testing

/// Issue 18: a seeded, bounded fuzz of the layout, theme and config readers. Every input —
/// a mutated shipped file, random bytes, deep nesting, aliases, huge numbers, odd Unicode —
/// is read by all three: none may crash or hang, every problem is one `file:line:col: message`
/// line, their number is bounded, and what is accepted lays out and stays within its ranges.
/// The same seed gives the same inputs, so a failure names the input that caused it.
struct ReaderFuzzTests {
    static let seed: UInt64 = 18

    /// Texts YAML gives meaning to, numbers past every range, and Unicode that breaks lines,
    /// turns text around, combines without end, or is private.
    static let tokens = [
        "&a ", "*a", "&b ", "*b", "*a, *a, *a", "[", "]", "{", "}", ": ", "- ", ", ", "\n", "\n  ", "\n    - ", "\t",
        "? ", "!!str ", "!!map ", "%YAML 1.1\n", "---\n", "...\n", "|\n  ", ">-\n  ", "\"", "'", "# ", "<<: *a\n",
        "1e308", "-1e308", "1e-320", "32768", "-1", "0", "-0", ".nan", ".inf", "0x7fffffffffffffff", "99999999999999999999",
        "width: 1e308", "font-size: 32768", "shadow-offset-y: 1e308", "scale: 1e308", "[255, 255, 255, 2]",
        "\u{0}", "\u{7}", "\u{1B}[31m", "\u{85}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{FEFF}", "\u{E000}",
        "\u{FFFD}", "\u{10FFFF}", String(repeating: "\u{301}", count: 300), "👩‍👩‍👧‍👦", "é", "\\n", "\\u2028",
        // Issue 23: tall and combining-heavy labels, at, just past and far past `LabelLimits`.
        String(repeating: "x\n", count: 3000), "\"" + String(repeating: "x\\n", count: 3000) + "\"", "\"a\\nb\\nc\"", "\"a\\nb\\nc\\nd\"",
        "a" + String(repeating: "\u{301}", count: 2000), "a" + String(repeating: "\u{301}", count: 15), "a" + String(repeating: "\u{301}", count: 16),
        "{label: \"" + String(repeating: "x\\n", count: 40) + "\"}", "{label: a" + String(repeating: "\u{301}", count: 1300) + "}",
        String(repeating: "W", count: 33), "alternates: [\"" + String(repeating: "\u{5b8}", count: 500) + "\"]",
    ]

    static func corpus() throws -> [String] {
        let files = Files.shippedLayouts.filter { !$0.hasSuffix("emoji.yaml") } + Files.shippedThemes + Files.broken
        var texts = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
        // The largest layout, cut to a page: whole, each read takes longer than all the others.
        let emoji = try String(contentsOfFile: Files.root.appendingPathComponent("Assets/layouts/emoji.yaml").path, encoding: .utf8)
        texts.append(String(emoji.prefix(6000)))
        texts.append("""
            layout: us
            theme: dark
            geometry: 800x260+10-10
            height: 35%
            scale: 1.5
            rules:
              - {class: XTerm, layout: terminal}
              - {title: "*PIN*", keyboard: show}
            """)
        return texts
    }

    /// One input: a mutated corpus file most of the time, else one made from nothing.
    static func input(_ corpus: [String], _ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return randomText(&random)
        case 1: return deepNesting(&random)
        case 2: return aliases(&random)
        case 3: return hugeNumbers(&random)
        case 4..<11:
            // Gentle: numbers changed only, so that many inputs are accepted and laid out.
            var text = Array(corpus.randomElement(using: &random)!.unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &random) { changeNumber(&text, &random) }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: text)
            return String(view)
        default:
            var text = Array(corpus.randomElement(using: &random)!.unicodeScalars)
            for _ in 0..<Int.random(in: 1...6, using: &random) { mutate(&text, corpus, &random) }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: text)
            return String(view)
        }
    }

    static func mutate(_ text: inout [Unicode.Scalar], _ corpus: [String], _ random: inout SeededGenerator) {
        let at = Int.random(in: 0...text.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: text.insert(contentsOf: tokens.randomElement(using: &random)!.unicodeScalars, at: at)
        case 1: text.removeSubrange(at..<min(text.count, at + Int.random(in: 1...40, using: &random)))
        case 2 where at < text.count: text[at] = randomScalar(&random)
        case 3:
            // A stretch repeated: long rows, many pages, many copies of one problem.
            let piece = text[at..<min(text.count, at + Int.random(in: 1...200, using: &random))]
            text.insert(contentsOf: Array(repeating: piece, count: Int.random(in: 2...60, using: &random)).joined(), at: at)
        case 4:
            // A line of another file: a theme's field in a layout, a key in a config.
            let lines = corpus.randomElement(using: &random)!.split(separator: "\n")
            if let line = lines.randomElement(using: &random) { text.insert(contentsOf: (line + "\n").unicodeScalars, at: at) }
        default: changeNumber(&text, &random)
        }
    }

    /// A number from a random place on made another: at the end of a range, past it, huge,
    /// tiny, negative or not a number.
    static func changeNumber(_ text: inout [Unicode.Scalar], _ random: inout SeededGenerator) {
        let isDigit = { (c: Unicode.Scalar) in c.isASCII && c.properties.numericType != nil }
        let at = Int.random(in: 0...text.count, using: &random)
        guard let digit = text[at...].firstIndex(where: isDigit) ?? text.firstIndex(where: isDigit) else { return }
        let end = text[digit...].firstIndex { !(isDigit($0) || $0 == ".") } ?? text.endIndex
        let numbers = ["0", "0.01", "0.1", "0.5", "1", "4", "10", "30", "60", "100", "255", "1e308", "1e-320", "-5", ".nan", "32768", "1e999", "100.01"]
        text.replaceSubrange(digit..<end, with: numbers.randomElement(using: &random)!.unicodeScalars)
    }

    static func randomScalar(_ random: inout SeededGenerator) -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x2FF, 0x2000...0x206F, 0xD7F0...0xD7FF, 0xE000...0xF8FF, 0xFFF0...0xFFFF, 0x1F300...0x1FAFF, 0x10FFF0...0x10FFFF]
        return Unicode.Scalar(UInt32.random(in: ranges.randomElement(using: &random)!, using: &random)) ?? "?"
    }

    static func randomText(_ random: inout SeededGenerator) -> String {
        var view = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...3000, using: &random) { view.append(randomScalar(&random)) }
        return String(view)
    }

    static func deepNesting(_ random: inout SeededGenerator) -> String {
        let depth = Int.random(in: 1...1100, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return "pages: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        case 1: return "pages: " + String(repeating: "{a: ", count: depth) + "x" + String(repeating: "}", count: depth)
        default: return (0..<min(depth, 300)).map { String(repeating: " ", count: $0 * 2) + "- " + ($0 % 2 == 0 ? "\n" : "a: \n") }.joined()
        }
    }

    /// Aliases of aliases, `levels` deep and `copies` wide, used as pages, rows, keys or keys of a mapping.
    static func aliases(_ random: inout SeededGenerator) -> String {
        let levels = Int.random(in: 1...12, using: &random), copies = Int.random(in: 1...40, using: &random)
        var text = "x: &a0 {label: k, width: 0}\n"
        for i in 1...levels { text += "x\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: copies).joined(separator: ", ") + "]\n" }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return text + "pages: [{id: p, rows: [*a\(levels)]}]\n"
        case 1: return text + "? *a\(levels)\n: 1\n"
        default: return text.replacingOccurrences(of: "\nx", with: "\n- x").replacingOccurrences(of: "x: ", with: "- x: ") + "- *a\(levels)\n"
        }
    }

    /// Every number a reader takes, given values past its range.
    static func hugeNumbers(_ random: inout SeededGenerator) -> String {
        func n() -> String { ["1e308", "-1e308", "1e-320", "32768", "-0", "1e16", "4.9e-324", "1.7976931348623157e308"].randomElement(using: &random)! }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return "pages: [{id: p, rows: [[{label: a, width: \(n())}, {label: b, width: \(n())}], [c]]}]\n"
        case 1:
            return ["corner-radius", "shadow-offset-y", "font-size", "word-label-scale", "blur-radius", "emboss-offset",
                    "icon-shadow-offset", "icon-shadow-alpha"].map { "\($0): \(n())\n" }.joined() + "key: {top: [\(n()), 0, 0], bottom: [0, 0, 0, \(n())]}\n"
        default: return "scale: \(n())\nheight: \(n())\ngeometry: 99999999999999999999x1+0+0\n"
        }
    }

    /// Checks what one reader made of one input.
    static func check(_ problems: [Diagnostic], file: String, input: Int) {
        #expect(problems.count <= ReadLimits.diagnostics + 1, "input \(input): \(problems.count) problems")
        for problem in problems {
            let line = problem.description
            #expect(line.hasPrefix("\(file):\(problem.line):\(problem.column): ") && problem.line >= 1 && problem.column >= 1,
                    "input \(input): \(line.prefix(200))")
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control || [0x2028, 0x2029, 0x202E].contains($0.value) },
                    "input \(input): \(line.prefix(200).debugDescription)")
            #expect(problem.message.unicodeScalars.count <= ReadLimits.messageLength + 1, "input \(input): a message of \(problem.message.count)")
        }
    }

    @Test func readersSurviveSeededInputs() throws {
        let corpus = try Self.corpus()
        var random = SeededGenerator(seed: Self.seed)
        var accepted = (layouts: 0, themes: 0, configs: 0)
        for i in 0..<Self.inputCount {
            let text = Self.input(corpus, &random)
            let layout = Problems.layout(text, file: "fuzz.yaml")
            Self.check(layout, file: "fuzz.yaml", input: i)
            if layout.isEmpty, let parsed = try? LayoutFile.parse(text, id: "fuzz", file: "fuzz.yaml") {
                accepted.layouts += 1
                Self.layOut(parsed, input: i)
            }
            let theme = Problems.theme(text, file: "fuzz.yaml")
            Self.check(theme, file: "fuzz.yaml", input: i)
            if theme.isEmpty, let parsed = try? ThemeFile.parse(text, name: "fuzz", file: "fuzz.yaml", over: .system) {
                accepted.themes += 1
                #expect(parsed.clampedToLimits == parsed, "input \(i): a theme outside its limits was accepted")
            }
            let config = Problems.config(text)
            Self.check(config, file: "config.yaml", input: i)
            if config.isEmpty { accepted.configs += 1 }
        }
        // Some of each are accepted, or the fuzz would test only the readers' refusals.
        #expect(accepted.layouts > 50 && accepted.themes > 10 && accepted.configs > 5, "accepted \(accepted)")
    }

    static let inputCount = 3_000

    /// Every page of an accepted layout, laid out at two sizes: no trap, no key outside the window.
    static func layOut(_ layout: Layout, input: Int) {
        for page in layout.pages {
            for size in [Size(width: 1280, height: 330), Size(width: 97, height: 31)] {
                let keyboard = Keyboard(layout: layout, page: page.id, size: size)
                for frame in keyboard.geometry.frames {
                    let r = frame.rect
                    #expect(r.width >= 0 && r.x >= -1 && r.maxX <= size.width + 1 && r.maxY <= size.height + 1, "input \(input): \(r)")
                }
            }
        }
    }

    /// Files that are not plain text: devices, procfs, a FIFO, a directory, links that lead
    /// nowhere or round in a circle, and random bytes (most not UTF-8) as layouts and configs.
    @Test func oddFilesAreRefusedInOneLine() throws {
        let dir = try FileKindTests.Directory()
        var paths = ["/dev/zero", "/dev/null", "/dev/urandom", "/proc/self/status", "/proc/self/mem", dir.path]
        #expect(mkfifo(dir.path + "/fifo.yaml", 0o600) == 0)
        #expect(symlink(dir.path + "/none", dir.path + "/dangling.yaml") == 0)
        #expect(symlink(dir.path + "/loop.yaml", dir.path + "/loop.yaml") == 0)
        paths += ["fifo.yaml", "dangling.yaml", "loop.yaml"].map { dir.path + "/" + $0 }
        var random = SeededGenerator(seed: Self.seed)
        for i in 0..<200 {
            let bytes = (0..<Int.random(in: 0...4000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let path = dir.path + (i % 4 == 0 ? "/\(i)/config.yaml" : (i % 2 == 0 ? "/themes/\(i).yaml" : "/layouts/\(i).yaml"))
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        for (i, path) in paths.enumerated() {
            let problems = ConfigFile.isConfigFile(path) ? ConfigFile.check(path: path) : FileChecker.check(path: path).diagnostics
            Self.check(problems, file: path, input: i)
        }
    }
}
