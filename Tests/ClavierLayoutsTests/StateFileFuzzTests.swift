import ClavierCore
import ClavierLayouts
import Foundation
import Glibc
import Testing

/// Issue 18: the state files (taps, float) as a hostile or broken disk leaves them.
/// A corrupt file gives no value and one warning, never a crash, not even later when the
/// keyboard counts on what was read; a link, a FIFO or a huge file is not read at all.
struct StateFileFuzzTests {
    final class Directory {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clavier-state-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path + "/clavier", withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        var environment: [String: String] { ["XDG_STATE_HOME": path, "HOME": "/nonexistent"] }
    }

    /// What each store writes, and texts near it: the starting points of the mutations.
    static func seeds() throws -> [String] {
        var counts = TapCounts()
        counts.record("🐶")
        counts.record("€")
        let texts = [try TapCountStore.encode(counts), try FloatStateStore.encode(Rect(x: -20, y: 340, width: 640, height: 230))]
        return texts.map { String(decoding: $0, as: UTF8.self) } + [
            "{\"version\": 1, \"taps\": [{\"text\": \"x\", \"count\": 9223372036854775807, \"last\": 18446744073709551615}]}",
            "geometry: 9223372036854775807x9223372036854775807+9223372036854775807+-9223372036854775807\n",
        ]
    }

    static let tokens = ["[", "{", "}", "]", "\"", ",", ":", "1e308", "-1", "0", "9223372036854775808", "18446744073709551616",
                         "null", "true", "\\u0000", "\u{0}", "\u{202E}", "\n", "*a", "&a ", "geometry: ", "+-5", "x"]

    static func mutated(_ seeds: [String], _ random: inout SeededGenerator) -> [UInt8] {
        if Int.random(in: 0..<10, using: &random) == 0 {
            return (0..<Int.random(in: 0...600, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        if Int.random(in: 0..<10, using: &random) == 0 {
            let depth = Int.random(in: 1...5000, using: &random)
            return Array(("{\"version\": 1, \"words\": " + String(repeating: "[", count: depth)).utf8)
        }
        var text = Array(seeds.randomElement(using: &random)!.unicodeScalars)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = Int.random(in: 0...text.count, using: &random)
            if Bool.random(using: &random) {
                text.insert(contentsOf: tokens.randomElement(using: &random)!.unicodeScalars, at: at)
            } else {
                text.removeSubrange(at..<min(text.count, at + Int.random(in: 1...8, using: &random)))
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text)
        return Array(String(view).utf8)
    }

    /// Loads `Store` from its file; a value is used as the keyboard uses it.
    static func loadAndUse<Store: StateStore>(_: Store.Type, _ dir: Directory, input: Int) {
        let store = Store.standard(environment: dir.environment)
        let (value, warning) = store.load()
        #expect((value == nil) == (warning != nil), "input \(input): \(String(describing: value)), \(String(describing: warning))")
        #expect(warning.map { !$0.contains("\n") } ?? true)
        switch value {
        case var counts as TapCounts:
            counts.record(counts.entries.keys.first ?? "🐶")
            _ = Layout(id: "t", pages: [Page(id: "p", rows: [Row([.character("a")])])]).fillingFrequentPage(with: counts)
        case let rect as Rect:
            _ = FloatFrame.clamped(rect, to: Size(width: 1920, height: 1080))
        default: break
        }
    }

    @Test func corruptStateFilesGiveOneWarningAndNoCrash() throws {
        let dir = try Directory()
        let seeds = try Self.seeds()
        var random = SeededGenerator(seed: 18)
        for i in 0..<600 {
            let bytes = Self.mutated(seeds, &random)
            for name in ["taps.json", "float.yaml"] {
                try Data(bytes).write(to: URL(fileURLWithPath: dir.path + "/clavier/" + name))
            }
            Self.loadAndUse(TapCountStore.self, dir, input: i)
            Self.loadAndUse(FloatStateStore.self, dir, input: i)
        }
    }

    @Test func figuresAtTheirLargestDoNotOverflow() {
        var counts = TapCounts(entries: ["x": .init(count: .max, lastTap: .max)])
        counts.record("x")
        counts.record("y")
        #expect(counts.entries["x"]?.count == .max && counts.entries["y"]?.lastTap == .max)
    }

    /// A link to another file, a FIFO, a directory and a sparse 3 GB file in the state
    /// directory: none is read (the link's target stays unread even when it is a valid file).
    @Test func onlyARegularFileIsRead() throws {
        let dir = try Directory()
        let store = TapCountStore.standard(environment: dir.environment)
        let elsewhere = dir.path + "/elsewhere.json"
        var secret = TapCounts()
        secret.record("🔑")
        try Data(try TapCountStore.encode(secret)).write(to: URL(fileURLWithPath: elsewhere))
        let makers: [(String) -> Int32] = [
            { symlink(elsewhere, $0) }, { mkfifo($0, 0o600) }, { mkdir($0, 0o700) },
            { path in
                let fd = open(path, O_CREAT | O_WRONLY, 0o600)
                defer { close(fd) }
                return ftruncate(fd, 3 << 30)
            },
        ]
        for make in makers {
            #expect(make(store.path) == 0)
            let (counts, warning) = store.load()
            #expect(counts == nil && warning == "\(store.path) is not readable; \(TapCountStore.fallback)")
            _ = unlink(store.path) == 0 || rmdir(store.path) == 0
        }
    }
}
