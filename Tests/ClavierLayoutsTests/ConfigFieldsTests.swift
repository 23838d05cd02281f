import ClavierCore
@testable import ClavierLayouts
import ClavierTestSupport
import Foundation
import Testing

/// config.yaml as the keyboard starts with it (`ConfigFile.reading`, issue 48 item 5): a
/// broken field is left out with its `file:line:col` problem and the rest kept, and a kiosk
/// fails closed: no mistake in its file makes it an ordinary keyboard.
struct ConfigFieldsTests {
    func read(_ text: String) -> ConfigFile.Reading { ConfigFile.reading(text, file: "config.yaml") }

    @Test func aRefusedKioskSettingsNameIsLeftOutAndTheKioskKept() {
        let r = read("kiosk: true\nkiosk-settings: [learning]\n")
        #expect(r.config.settings[.kiosk] == true && r.config.kioskSettings == [] && !r.unreadable)
        #expect(r.problems.map { "\($0.line):\($0.column)" } == ["2:18"], "\(r.problems)")
        #expect(r.problems.first?.message.hasPrefix("kiosk-settings cannot name 'learning'") == true)
        // Only the name refused: the others are the builder's.
        #expect(read("kiosk: true\nkiosk-settings: [dwell, bogus, sound]\n").config.kioskSettings == ["dwell", "sound"])
        #expect(read("kiosk: true\nkiosk-settings: sound\n").config.kioskSettings == nil, "a list that does not read names none")
    }

    @Test func aValueOutOfRangeIsLeftOutTheOthersKept() {
        let r = read("kiosk: true\nkey-size: 60\nlayout: terminal\nsound: loud\n")
        #expect(r.config.settings[.kiosk] == true && r.config.settings[.keySize] == nil && r.config.settings[.sound] == nil)
        #expect(r.config.settings[.layout] == "terminal")
        #expect(r.problems == [Diagnostic(file: "config.yaml", line: 2, column: 11, message: "key-size 60.0 is not between 8.0 and 50.0"),
                               Diagnostic(file: "config.yaml", line: 4, column: 8, message: "sound must be true or false")])
        // Not a kiosk: the same rule.
        let plain = read("layout: terminal\ndock: sideways\nunknown: 1\n")
        #expect(plain.config.settings[.layout] == "terminal" && plain.config.settings[.dock] == nil && plain.config.settings[.kiosk] == nil)
        #expect(plain.problems.map(\.line) == [2, 3])
    }

    @Test func aKioskThatDoesNotReadIsAKiosk() {
        let r = read("kiosk: yes\nlayout: terminal\n")
        #expect(r.config.settings[.kiosk] == true && r.config.settings[.layout] == "terminal")
        #expect(r.problems.map(\.line) == [1])
        #expect(read("kiosk: [true]\n").config.settings[.kiosk] == true)
        #expect(read("kiosk: false\n").config.settings[.kiosk] == false && read("kiosk: false\n").problems.isEmpty)
    }

    @Test func aDocumentThatCannotBeReadIsAKioskWhenItNamesKiosk() {
        let broken = read("kiosk: true\nlayout: [us\n")
        #expect(broken.unreadable && broken.config.settings[.kiosk] == true && broken.config.settings[.layout] == nil)
        #expect(!broken.problems.isEmpty && broken.problems.allSatisfy { $0.file == "config.yaml" })
        #expect(read("auto-show-in-kiosk: true\nlayout: [us\n").config.settings[.kiosk] == true)
        #expect(read("- kiosk\n").config.settings[.kiosk] == true, "not a mapping")
        #expect(read("{Kiosk: true, layout: [us}\n").config.settings[.kiosk] == true)
        // No kiosk named, or only in a comment: the defaults, as before.
        let plain = read("layout: [us\n")
        #expect(plain.unreadable && plain.config == Config() && !plain.problems.isEmpty)
        #expect(read("# a kiosk some day\nlayout: [us # kiosk\n").config == Config())
        #expect(read("").config == Config() && read("").problems.isEmpty && !read("").unreadable)
    }

    @Test func textThatIsNotUTF8IsADocumentThatCannotBeRead() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("config.yaml")
        try Data("kiosk: true\nlayout: terminal # caf".utf8 + [0xE9] + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
        let kiosk = try #require(try ConfigFile.load(fieldsOf: path))
        #expect(kiosk.unreadable && kiosk.config.settings[.kiosk] == true && kiosk.config.settings[.layout] == nil)
        #expect(kiosk.problems == [Diagnostic(file: path, line: 2, column: 23, message: "not UTF-8 text")])
        try Data("layout: terminal\n".utf8 + [0xFF]).write(to: URL(fileURLWithPath: path))
        let plain = try #require(try ConfigFile.load(fieldsOf: path))
        #expect(plain.unreadable && plain.config == Config() && plain.problems.map(\.line) == [2])
        // No text at all: not the reader's to guess.
        #expect(throws: LayoutError.self) { try ConfigFile.load(fieldsOf: dir.path) }
    }

    @Test func aRuleWithAProblemIsLeftOutWhole() {
        let r = read("""
            rules:
              - class: XTerm
                layout: terminal
              - class: Firefox
                keyboard: sometimes
              - class: Gimp
                field: password
                layout: pin
            """)
        #expect(r.config.rules.map(\.windowClass) == ["XTerm", "Gimp"], "\(r.config.rules)")
        #expect(r.problems.map(\.line) == [4, 5], "the rule does nothing, its keyboard is neither: \(r.problems)")
        // An alias repeats its rule's problems at the same place, reported once: it is left out too.
        let aliased = read("rules:\n  - &r {class: Firefox, keyboard: sometimes}\n  - *r\n")
        #expect(aliased.config.rules.isEmpty && aliased.problems.filter { $0.column == 35 }.count == 1, "\(aliased)")
    }

    @Test func checkStillReportsEveryProblem() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("config.yaml")
        try "kiosk: true\nkiosk-settings: [learning]\nkey-size: 60\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(ConfigFile.check(path: path).map(\.line) == [2, 3])
        #expect(throws: LayoutError.self) { try ConfigFile.parse("kiosk: true\nkey-size: 60\n", file: "config.yaml") }
        let loaded = try #require(try ConfigFile.load(fieldsOf: path))
        #expect(loaded.config.settings[.kiosk] == true && loaded.problems.map(\.line) == [2, 3])
        #expect(try ConfigFile.load(fieldsOf: dir.file("none.yaml")) == nil)
    }
}
