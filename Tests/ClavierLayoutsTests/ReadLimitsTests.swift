import ClavierCore
@testable import ClavierLayouts
import Foundation
import Glibc
import Testing

/// The problems of `text` read as a layout, a theme or a config, as `clavier check` lists them.
enum Problems {
    static func layout(_ text: String, file: String = "t.yaml") -> [Diagnostic] {
        do {
            _ = try LayoutFile.parse(text, id: "t", file: file)
            return []
        } catch .invalid(let diagnostics) {
            return diagnostics
        } catch {
            return [Diagnostic(file: file, line: 0, column: 0, message: "\(error)")]
        }
    }

    static func theme(_ text: String, file: String = "t.yaml") -> [Diagnostic] {
        do {
            _ = try ThemeFile.parse(text, name: "t", file: file, over: .system)
            return []
        } catch .invalid(let diagnostics) {
            return diagnostics
        } catch {
            return [Diagnostic(file: file, line: 0, column: 0, message: "\(error)")]
        }
    }

    static func config(_ text: String, file: String = "config.yaml") -> [Diagnostic] {
        do {
            _ = try ConfigFile.parse(text, file: file)
            return []
        } catch .invalid(let diagnostics) {
            return diagnostics
        } catch {
            return [Diagnostic(file: file, line: 0, column: 0, message: "\(error)")]
        }
    }

    /// A layout whose 60 pages are one page, whose rows are one row of 60 keys, each key the
    /// same broken key: 951 bytes that stand for 216,000 keys.
    static let aliasBomb: String = {
        let n = 60
        let key = "{label: a, width: bad}"
        var text = "pages:\n  - &p {id: p, rows: &rs [&r [&k \(key)"
        text += String(repeating: ", *k", count: n - 1) + "]" + String(repeating: ", *r", count: n - 1) + "]}\n"
        text += String(repeating: "  - *p\n", count: n - 1)
        return text
    }()

    /// Ten levels of ten aliases each, the last used as a mapping key: the composer hashes a key
    /// whole as it composes, 10^8 nodes for 462 bytes.
    static let aliasKey: String = {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<8 { text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        return text + "? *a7\n: 1\n"
    }()
}

/// Issue 18: a small file must not make a reader print, walk or hash without end.
struct DocumentLimitsTests {
    @Test func aliasesOfAliasesAreRefusedWithOneProblem() {
        let problems = Problems.layout(Problems.aliasBomb)
        #expect(problems.count == 1, "\(problems.count) problems, first \(problems.prefix(3))")
        #expect(problems.first?.message.contains("\(ReadLimits.nodes) nodes") == true, "\(problems.prefix(1))")
    }

    @Test func anAliasUsedAsAKeyIsRefusedBeforeItIsComposed() {
        let problems = Problems.layout(Problems.aliasKey)
        #expect(problems.count == 1 && problems[0].message.contains("nodes"), "\(problems)")
        // Refused where the count passes the limit: the second alias of a4, on line 6.
        #expect(problems.first.map { "\($0.line):\($0.column)" } == "6:15")
    }

    @Test func themesAndConfigsAreBoundedToo() {
        let bomb = Problems.aliasKey
        #expect(Problems.theme(bomb).count == 1)
        #expect(Problems.config(bomb).count == 1)
        #expect(Problems.config(bomb).first?.description.hasPrefix("config.yaml:6:15: ") == true)
    }

    @Test func aDocumentNestedTooDeepIsRefused() {
        let depth = ReadLimits.depth + 1
        let text = "pages: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let problems = Problems.layout(text)
        #expect(problems.count == 1 && problems[0].message.contains("deep"), "\(problems)")
        // Aliases count for what they stand for: three levels of 30 make 90.
        var aliased = "a: &a0 " + String(repeating: "[", count: 30) + "x" + String(repeating: "]", count: 30) + "\n"
        for i in 1...2 { aliased += "a\(i): &a\(i) " + String(repeating: "[", count: 30) + "*a\(i - 1)" + String(repeating: "]", count: 30) + "\n" }
        let deep = Problems.theme(aliased)
        #expect(deep.count == 1 && deep[0].message.contains("deep"), "\(deep)")
    }

    @Test func anchorsWithinTheLimitsStillWork() throws {
        let layout = try LayoutFile.parse("""
            pages:
              - id: a
                rows: [&r [x, y], [{label: go, action: {page: b}}]]
              - id: b
                rows: [*r, [{label: back, action: {page: a}}]]
            """, id: "t", file: "t.yaml")
        #expect(layout.pages.map { $0.keys.map(\.id) } == [["x", "y", "go"], ["x", "y", "back"]])
    }

    @Test func theSameProblemIsReportedOnce() {
        let problems = Problems.layout("""
            pages:
              - id: a
                rows: [&r [{label: x, width: 0}]]
              - id: b
                rows: [*r]
              - id: c
                rows: [*r]
            """)
        #expect(problems.map(\.description) == ["t.yaml:3:34: width must be between 0.01 and 100, not 0"])
    }

    @Test func problemsStopAtALimit() {
        let text = "pages:\n  - id: a\n    rows:\n" + (0..<(ReadLimits.diagnostics + 50)).map { "      - [{label: k\($0), width: 0}]\n" }.joined()
        let problems = Problems.layout(text)
        #expect(problems.count == ReadLimits.diagnostics + 1)
        #expect(problems.last?.message.contains("more than \(ReadLimits.diagnostics) problems") == true, "\(problems.suffix(1))")
    }

    @Test func aLongMessageIsCut() {
        let name = String(repeating: "é", count: 100_000)
        let problems = Problems.layout("options: {frequent-page: \(name)}\npages: [{id: p, rows: [[a]]}]\n")
        #expect(problems.count == 1 && problems[0].message.hasPrefix("frequent-page 'éé"), "\(problems.map { $0.description.prefix(80) })")
        #expect(problems.allSatisfy { $0.message.unicodeScalars.count <= ReadLimits.messageLength + 1 })
    }

    @Test func aNewlineInANameStaysOnOneLine() {
        let problems = Problems.layout("""
            pages:
              - id: "a\\nb"
                rows: [[{label: x, id: "q\\rz"}, {label: y, id: "q\\rz"}]]
              - id: "a\\nb"
                rows: [["\\u2028"]]
            "x\\u0085\\u202Ey": 1
            """)
        let lines = problems.map(\.description)
        #expect(lines.count == 3)
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x202E }, "\(line.debugDescription)")
        }
        #expect(lines.contains { $0.contains("duplicate key id 'q\\rz' on page 'a\\nb'") }, "\(lines)")
        #expect(lines.contains { $0.contains("unknown field 'x\\u{85}\\u{202E}y'") }, "\(lines)")
    }
}

/// Issue 18: every number a file gives has a range, and the reader names it.
struct NumberRangeTests {
    @Test(arguments: ["1e308", "0", "-1", "100.5", "0.001"])
    func aKeyWidthOutsideItsRangeIsRefused(_ width: String) {
        let problems = Problems.layout("pages: [{id: p, rows: [[{label: a, width: \(width)}]]}]")
        #expect(problems.map(\.message) == ["width must be between 0.01 and 100, not \(width)"])
    }

    @Test func theEndsOfTheRangeAreWidths() throws {
        let layout = try LayoutFile.parse("pages: [{id: p, rows: [[{label: a, width: 0.01}, {label: b, width: 100}]]}]",
                                          id: "t", file: "t.yaml")
        #expect(layout.pages[0].keys.map(\.width) == [0.01, 100])
    }

    @Test(arguments: [("shadow-offset-y", "1e308", "0 and 10"), ("font-size", "32768", "1 and 60"), ("font-size", "0", "1 and 60"),
                      ("corner-radius", "31", "0 and 30"), ("blur-radius", "4.5", "0 and 4"), ("word-label-scale", "0", "0.1 and 1"),
                      ("emboss-offset", "-1", "0 and 10"), ("icon-shadow-offset", "1e9", "0 and 10"), ("icon-shadow-alpha", "1.5", "0 and 1")])
    func aThemeSizeOutsideItsRangeIsRefused(_ field: String, _ value: String, _ range: String) {
        #expect(Problems.theme("\(field): \(value)\n").map(\.description) == ["t.yaml:1:\(field.count + 3): \(field) must be between \(range), not \(value)"])
    }

    @Test func theEndsOfEveryThemeRangeAreTaken() throws {
        for (name, path, range) in ThemeFile.sizes {
            for end in [range.lowerBound, range.upperBound] {
                let theme = try ThemeFile.parse("\(name): \(end)\n", name: "t", file: "t.yaml", over: .system)
                #expect(theme[keyPath: path] == end, "\(name): \(end)")
            }
        }
    }
}

/// The ranges docs/themes.md and docs/layouts.md give are the ones the reader enforces.
struct DocumentedRangeTests {
    @Test func themesMdListsEverySizeRange() throws {
        let doc = try String(contentsOfFile: Files.root.appendingPathComponent("docs/themes.md").path, encoding: .utf8)
        for (name, _, range) in ThemeFile.sizes {
            let row = "| `\(name)` | \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))"
            #expect(doc.contains(row), "docs/themes.md has no row \(row)")
        }
        let layouts = try String(contentsOfFile: Files.root.appendingPathComponent("docs/layouts.md").path, encoding: .utf8)
        #expect(layouts.contains("a number from \(Self.text(Key.widthRange.lowerBound)) to \(Self.text(Key.widthRange.upperBound))"))
        #expect(layouts.contains("at most \(Self.grouped(ReadLimits.nodes)) YAML nodes and nest at most \(ReadLimits.depth) deep"))
        #expect(layouts.contains("(\(Self.grouped(ReadLimits.fileBytes)) bytes)") && layouts.contains("at most \(Self.grouped(ReadLimits.diagnostics)) per file"))
    }

    static func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

    /// `250000` as `250,000`.
    static func grouped(_ n: Int) -> String {
        n < 1000 ? String(n) : grouped(n / 1000) + "," + String(String(n % 1000 + 1000).dropFirst())
    }
}

/// Issue 18: only regular files are read, up to a size, each refusal one clear line.
@Suite(.serialized) struct FileKindTests {
    final class Directory {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clavier-limits-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func check(_ path: String) -> [String] { FileChecker.check(path: path).diagnostics.map(\.description) }

    @Test func aFIFOIsRefusedNotWaitedOn() throws {
        let dir = try Directory()
        let path = dir.path + "/fifo.yaml"
        try #require(mkfifo(path, 0o600) == 0)
        #expect(Self.check(path) == ["\(path):1:1: cannot read: not a regular file (a FIFO)"])
        #expect(Self.check(dir.path) == ["\(dir.path):1:1: cannot read: not a regular file (a directory)"])
    }

    @Test func aSparseThreeGigabyteFileIsRefusedUnread() throws {
        let dir = try Directory()
        let path = dir.path + "/sparse.yaml"
        let fd = open(path, O_CREAT | O_WRONLY, 0o600)
        try #require(fd >= 0)
        try #require(ftruncate(fd, 3 << 30) == 0)
        close(fd)
        #expect(Self.check(path) == ["\(path):1:1: cannot read: 3221225472 bytes, more than the \(ReadLimits.fileBytes) a file may have"])
    }

    @Test func aFileJustOverTheLimitIsRefusedAndOneAtItIsRead() throws {
        let dir = try Directory()
        let path = dir.path + "/big.yaml"
        let line = "# " + String(repeating: "x", count: 61) + "\n"
        let body = String(repeating: line, count: (ReadLimits.fileBytes - 1000) / line.utf8.count)
        let pages = "pages: [{id: p, rows: [[a]]}]\n"
        let padding = String(repeating: " ", count: ReadLimits.fileBytes - body.utf8.count - pages.utf8.count)
        try (pages + body + padding).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(Self.check(path) == [])
        try (pages + body + padding + " ").write(toFile: path, atomically: false, encoding: .utf8)
        #expect(Self.check(path) == ["\(path):1:1: cannot read: \(ReadLimits.fileBytes + 1) bytes, more than the \(ReadLimits.fileBytes) a file may have"])
        #expect(Problems.layout(pages + body + padding + " ").map(\.message) == ["\(ReadLimits.fileBytes + 1) bytes, more than the \(ReadLimits.fileBytes) a file may have"])
    }

    @Test func textThatIsNotUTF8IsRefused() throws {
        let dir = try Directory()
        let path = dir.path + "/latin1.yaml"
        try Data([0x70, 0x61, 0x67, 0x65, 0x73, 0x3A, 0x20, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: path))
        #expect(Self.check(path) == ["\(path):1:1: cannot read: not UTF-8 text"])
        #expect(Self.check(dir.path + "/none.yaml") == ["\(dir.path)/none.yaml:1:1: cannot read: No such file or directory"])
    }
}
