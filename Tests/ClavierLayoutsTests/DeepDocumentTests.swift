import ClavierCore
@testable import ClavierLayouts
import Testing

/// Issue 48: a file under the size limit is read or refused at once, however it nests. libyaml
/// walks every open flow collection for each token, so reading on through 100,000 open
/// brackets took 25 s and 200,000 about four times that; the reader now stops at the first
/// node past a limit and asks libyaml for nothing after it.
struct DeepDocumentTests {
    static let deepMessage = "the document nests more than \(ReadLimits.depth) deep (counting what aliases stand for)"
    static let nodesMessage = "the document holds more than \(ReadLimits.nodes) nodes (counting an alias as all it stands for)"

    static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    /// The problems of settings.yaml's `text`, as the keyboard's start reads it.
    static func settingsProblems(_ text: String) -> [String] {
        do {
            _ = try SettingsFile.parse(text, file: "settings.yaml")
            return []
        } catch .invalid(let diagnostics) {
            return diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    /// 400 kB: on the old reader this took minutes before giving the same line.
    @Test func settingsNestedTwoHundredThousandDeepAreRefusedWhereTheLimitIsPassed() {
        let n = 200_000
        let text = "sound: " + Self.repeated("[", n) + Self.repeated("]", n) + "\n"
        // The root is 1 deep, so the 64th bracket (column 7 + 64) opens the 65th level.
        #expect(Self.settingsProblems(text) == ["settings.yaml:1:71: \(Self.deepMessage)"])
    }

    /// Each deep shape is refused at its first node past the limit, in every reader.
    @Test func everyDeepShapeIsRefusedAtItsFirstNodePastTheLimit() {
        let n = 200_000
        // Brackets never closed (a minute and more on the old reader, like the closed ones).
        #expect(Problems.theme("font: " + Self.repeated("[", n) + "\n").map(\.description) == ["t.yaml:1:70: \(Self.deepMessage)"])
        // Flow mappings, 4 characters a level: the 63rd mapping's key is 65 deep.
        #expect(Problems.config("sound: " + Self.repeated("{a: ", n) + "1" + Self.repeated("}", n) + "\n").map(\.description)
                == ["config.yaml:1:257: \(Self.deepMessage)"])
        // Block sequences on one line: the 65th `- `.
        #expect(Problems.layout(Self.repeated("- ", 1_000_000) + "x\n").map(\.description) == ["t.yaml:1:129: \(Self.deepMessage)"])
        // Indentation, one more space a line: line 64's key.
        let indented = (0..<2_000).map { Self.repeated(" ", $0) + "a:\n" }.joined()
        #expect(Problems.layout(indented).map(\.description) == ["t.yaml:64:64: \(Self.deepMessage)"])
    }

    /// The old reader read on past the limit (to skip what it would not compose), so a
    /// mistake after the first node past a limit was what it reported, not the limit.
    @Test func nothingPastTheFirstNodeOverALimitIsRead() {
        let deep = "a: " + Self.repeated("[", 65) + "x" + Self.repeated("]", 65) + "\nb: ]\n"
        #expect(Problems.layout(deep).map(\.description) == ["t.yaml:1:67: \(Self.deepMessage)"])
        // The root mapping, `a` and the list are 3 nodes: the 249,998th item is the 250,001st node.
        let many = "a: [" + Self.repeated("x, ", ReadLimits.nodes) + "]\nb: ]\n"
        let column = 5 + 3 * (ReadLimits.nodes - 3)
        #expect(Problems.layout(many).map(\.description) == ["t.yaml:1:\(column): \(Self.nodesMessage)"])
        // An empty collection past the limit is refused where it starts.
        let empties = "a: [" + Self.repeated("x, ", ReadLimits.nodes - 3) + "[], x]\nb: ]\n"
        #expect(Problems.layout(empties).map(\.description) == ["t.yaml:1:\(column): \(Self.nodesMessage)"])
    }

    /// libyaml checks each `%TAG` against every one before it: 190,000 of them (3.3 MB) took
    /// minutes and were then read as a good file.
    @Test func directivesPastTheLimitAreRefusedUnread() throws {
        func directives(_ n: Int) -> String { (0..<n).map { "%TAG !t\($0)! t:\n" }.joined() }
        #expect(Problems.theme(directives(ReadLimits.directives + 1) + "---\nfont-size: 12\n").map(\.description)
                == ["t.yaml:\(ReadLimits.directives + 1):1: more than \(ReadLimits.directives) lines start with '%' (YAML directives)"])
        let many = directives(190_000) + "---\nfont-size: 12\n"
        #expect(many.utf8.count < ReadLimits.fileBytes)
        #expect(Problems.theme(many).count == 1)
        // Lines end as libyaml ends them, so CR, CR LF, NEL, LS or PS start directives too.
        for end in ["\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"] {
            let text = (0...ReadLimits.directives).map { "%TAG !t\($0)! t:" + end }.joined() + "---" + end + "font-size: 12" + end
            #expect(Problems.theme(text).map { "\($0.line):\($0.column)" } == ["\(ReadLimits.directives + 1):1"], "\(end.debugDescription)")
        }
        // Up to the limit they are YAML's, and read.
        let theme = try ThemeFile.parse(directives(ReadLimits.directives) + "---\nfont-size: 12\n", name: "t", file: "t.yaml", over: .system)
        #expect(theme.fontSize == 12)
    }

    /// float.yaml shares the reader (100 kB of it took 8.4 s): a deep one is no place, at once.
    @Test func aDeepFloatFileIsNoPlace() {
        let n = 200_000
        let text = "geometry: " + Self.repeated("[", n) + Self.repeated("]", n) + "\n"
        #expect(FloatStateStore.decode(Array(text.utf8)) == nil)
        #expect(FloatStateStore.decode(Array("geometry: 640x200+0+10\n".utf8)) == Rect(x: 0, y: 10, width: 640, height: 200))
    }
}
