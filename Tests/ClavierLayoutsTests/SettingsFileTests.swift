import ClavierCore
@testable import ClavierLayouts
import ClavierTestSupport
import Foundation
import Testing

/// settings.yaml, the settings page's own file: beside config.yaml, written whole and
/// atomically, read back to the same settings, every mistake a `file:line:col` message.
struct SettingsFileTests {
    @Test func itLivesBesideTheConfigFile() {
        #expect(SettingsFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/c"]) == "/c/clavier/settings.yaml")
        #expect(SettingsFile.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.config/clavier/settings.yaml")
    }

    @Test func whatThePageKeepsIsReadBackTheSame() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("config/clavier/settings.yaml")
        #expect(try SettingsFile.load(path: path).isEmpty, "no file: nothing kept, no error")
        var sources = SettingsSources()
        for (name, text) in [("key-size", "20"), ("sound", "false"), ("dwell", "750"), ("theme", "high-contrast"), ("glide", "off"),
                             ("layout", "xkb"), ("repeat-interval", "60"), ("show-button", "false"),
                             ("hide-on-hardware-keys", "true"), ("scan", "1500")] {
            let kept = sources.set(name, to: text)
            #expect(kept, "\(name): \(text)")
        }
        try SettingsFile.save(sources.keptLines, to: path)
        #expect(try SettingsFile.load(path: path) == sources.page)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("config/clavier")) == ["settings.yaml"],
                "no temporary file left")
    }

    /// As config.yaml: one mistake loses one setting, not the file (the page's next change,
    /// which writes the file whole, used to erase every other one kept); what is not the
    /// page's never applies, `kiosk` least of all.
    @Test func aBrokenFieldIsLeftOutTheRestKept() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("settings.yaml")
        try "# mine\nsound: false\nrules: []\npage: symbols\ndwell: 5\nkiosk: false\nkey-size: 20\nlearning: maybe\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let (settings, problems) = try SettingsFile.load(fieldsOf: path)
        var expected = SettingsLayer()
        expected[.sound] = false
        expected[.keySize] = 20
        #expect(settings == expected)
        #expect(problems.map(\.line) == [3, 4, 5, 6, 8], "\(problems)")
        try Data("sound: false\n".utf8 + [0xE9]).write(to: URL(fileURLWithPath: path))
        let latin1 = try SettingsFile.load(fieldsOf: path)
        #expect(latin1.settings.isEmpty && latin1.problems == [Diagnostic(file: path, line: 2, column: 1, message: "not UTF-8 text")])
        #expect(try SettingsFile.load(fieldsOf: dir.file("none.yaml")).settings.isEmpty)
    }

    @Test func anythingButThePagesSettingsIsAMistakeWithItsLine() {
        do {
            _ = try SettingsFile.parse("# mine\nsound: false\nrules: []\npage: symbols\ndwell: 5\n", file: "s.yaml")
            Issue.record("accepted")
        } catch .invalid(let diagnostics) {
            #expect(diagnostics.map(\.description) == [
                "s.yaml:3:1: 'rules' is not a setting of the settings page; give it in config.yaml",
                "s.yaml:4:1: 'page' is not a setting of the settings page; give it in config.yaml",
                "s.yaml:5:8: dwell 5 is not between 100 and 10000 ms",
            ])
        } catch {
            Issue.record("\(error)")
        }
    }

    /// Issue 48: a file under the size limit of lines that are no setting gave a problem each
    /// (350,000 lines on stderr for 4 MB), quoting the name whole; now as many as any file's,
    /// and one line more, each name cut as any file's messages are.
    @Test func theProblemsOfAFileOfManyNamesStopAtTheLimit() {
        let n = ReadLimits.diagnostics + 500
        let text = String(repeating: "x", count: 100_000) + ": 1\n" + (0..<n).map { "k\($0): 1\n" }.joined()
        do {
            _ = try SettingsFile.parse(text, file: "s.yaml")
            Issue.record("accepted")
        } catch .invalid(let diagnostics) {
            let named = diagnostics.filter { $0.message.contains("is not a setting of the settings page") }
            #expect(named.count == ReadLimits.diagnostics)
            #expect(named.allSatisfy { $0.message.unicodeScalars.count < ReadLimits.messageLength + 100 }, "a long name is cut")
            #expect(diagnostics.contains { $0.description == "s.yaml:\(ReadLimits.diagnostics + 1):1: more than \(ReadLimits.diagnostics) problems: the rest are left out" })
            #expect(diagnostics.count <= 2 * (ReadLimits.diagnostics + 1), "the config's own problems are bounded too")
        } catch {
            Issue.record("\(error)")
        }
    }
}
