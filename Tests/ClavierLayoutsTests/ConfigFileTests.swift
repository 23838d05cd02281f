import ClavierCore
@testable import ClavierLayouts
import Foundation
import Testing

struct ConfigFileTests {
    @Test func readsEveryField() throws {
        let text = """
            layout: terminal
            page: numbers
            theme: dark
            geometry: 800x260+10-10
            float: false
            dock: top
            layer: overlay
            monitor: HDMI-1
            height: 35%
            sound: false
            sound-device: hw:1
            kiosk: true
            learning: false
            scale: 1.5
            preview: never
            key-size: 20
            dwell: 800
            scan: 1200
            scan-switch: F9,F10
            auto-show: true
            auto-show-in-kiosk: true
            repeat-delay: 1200
            repeat-interval: 90
            repeat: false
            show-button: false
            hide-on-hardware-keys: true
            glide: off
            suggestions: 5
            auto-capitalize: always
            autocorrect: never
            languages: [us, de, ru]
            offensive-words: allow
            clipboard: off
            backend: x11
            volume: 40
            speech: on
            speech-echo: on
            speech-rate: -20
            speech-volume: 35
            kiosk-settings: [sound, dwell]
            rules:
              - class: XTerm
                layout: terminal
              - title: "*PIN*"
                keyboard: show
            """
        let c = try ConfigFile.parse(text, file: "config.yaml")
        let s = c.settings
        #expect(s[.layout] == "terminal" && s[.page] == "numbers" && s[.theme] == "dark")
        #expect(s[.geometry] == "800x260+10-10" && s[.float] == false && s[.dock] == .top && s[.monitor] == "HDMI-1")
        #expect(s[.height] == .percent(35) && s[.sound] == false && s[.soundDevice] == "hw:1" && s[.kiosk] == true)
        #expect(s[.learning] == false && s[.scale] == 1.5 && s[.preview] == .never && s[.keySize] == 20)
        #expect(s[.dwell] == 800 && s[.scan] == 1200 && s[.scanSwitch] == ["F9", "F10"])
        #expect(s[.autoShow] == true && s[.autoShowInKiosk] == true)
        #expect(s[.repeatDelay] == 1200 && s[.repeatInterval] == 90 && s[.keyRepeat] == false)
        #expect(s[.showButton] == false && s[.hideOnHardwareKeys] == true && s[.glide] == false)
        #expect(s[.suggestions] == 5 && s[.autoCapitalize] == .always && s[.languages] == ["us", "de", "ru"])
        #expect(s[.blockOffensiveWords] == false && s[.autocorrect] == .never && s[.backend] == .x11 && s[.volume] == 40)
        #expect(s[.clipboard] == false && s[.layer] == .overlay)
        #expect(s[.speech] == true && s[.speechEcho] == true && s[.speechRate] == -20 && s[.speechVolume] == 35)
        #expect(Settings.all.allSatisfy { text.contains("\n\($0.name): ") || text.hasPrefix("\($0.name): ") }, "every setting is read here")
        #expect(c.rules == [WindowRule(windowClass: "XTerm", layout: "terminal"), WindowRule(title: "*PIN*", visibility: .show)])
        #expect(c.kioskSettings == ["sound", "dwell"])
    }

    @Test func aScaleOutOfRangeIsReported() {
        #expect(throws: LayoutError.invalid([Diagnostic(file: "config.yaml", line: 1, column: 8, message: "scale 9.0 is not between 0.5 and 4.0")])) {
            try ConfigFile.parse("scale: 9\n", file: "config.yaml")
        }
        #expect(throws: LayoutError.invalid([Diagnostic(file: "config.yaml", line: 1, column: 8, message: "scale must be a number")])) {
            try ConfigFile.parse("scale: .inf\n", file: "config.yaml")
        }
        #expect(throws: LayoutError.self) { try ConfigFile.parse("scale: big\n", file: "config.yaml") }
    }

    @Test func aKeySizeOutOfRangeIsReported() {
        #expect(throws: LayoutError.invalid([Diagnostic(file: "config.yaml", line: 1, column: 11, message: "key-size 60.0 is not between 8.0 and 50.0")])) {
            try ConfigFile.parse("key-size: 60\n", file: "config.yaml")
        }
        #expect(throws: LayoutError.invalid([Diagnostic(file: "config.yaml", line: 1, column: 11, message: "key-size must be a number")])) {
            try ConfigFile.parse("key-size: big\n", file: "config.yaml")
        }
    }

    /// A value of the wrong shape is named by what the setting must be.
    @Test func eachSettingSaysWhatItMustBe() {
        let text = """
            page: [numbers]
            sound: {on: true}
            scale: [2]
            geometry: 800x
            height: tall
            """
        var messages: [String] = []
        do {
            _ = try ConfigFile.parse(text, file: "config.yaml")
        } catch .invalid(let found) {
            messages = found.map { "\($0.line): \($0.message)" }
        } catch {
            Issue.record("\(error)")
        }
        #expect(messages.sorted() == ["1: page must be text", "2: sound must be true or false", "3: scale must be a number",
                                      "4: geometry '800x' is not of the form WxH+X+Y",
                                      "5: height 'tall' is neither pixels (300) nor a percentage (35%)"])
    }

    /// The reader's own trimming, which spares a start Foundation's, trims what Foundation's does.
    @Test(arguments: ["", "  ", "\t# layout: us ", "\u{00A0}---\u{3000}", " x y\u{2003}", "\r", "\u{000B}x\u{000C}", "\u{2028}x", "#"])
    func trimsAsFoundationDoes(line: String) {
        #expect(String(trimmed(Substring(line))) == line.trimmingCharacters(in: .whitespaces))
    }

    @Test func anEmptyOrCommentedFileSetsNothing() throws {
        #expect(try ConfigFile.parse("", file: "c") == Config())
        #expect(try ConfigFile.parse("# layout: us\n\n", file: "c") == Config())
        #expect(try ConfigFile.parse("---\n\t# layout: us\n \u{00A0}\n", file: "c") == Config())
    }

    /// What `ConfigFile.parse` finds wrong with `text`; none recorded as an issue.
    func problems(_ text: String) -> [Diagnostic] {
        do {
            _ = try ConfigFile.parse(text, file: "config.yaml")
            Issue.record("a broken config was accepted")
        } catch .invalid(let found) {
            return found
        } catch {
            Issue.record("\(error)")
        }
        return []
    }

    @Test func everyProblemHasItsPlace() {
        let text = """
            layout: us
            dock: left
            heigth: 300
            sound: maybe
            rules:
              - class: XTerm
              - layout: us
                keyboard: sometimes
            """
        let d = problems(text)
        let got = d.map { "\($0.line):\($0.column)" }.sorted()
        #expect(Set(got) == ["2:7", "3:1", "4:8", "6:5", "7:5", "8:15"], "\(d)")
        #expect(d.contains { $0.message.contains("dock must be top or bottom") })
        let known = (Settings.all.map(\.name) + ["rules", "kiosk-settings"]).joined(separator: ", ")
        #expect(d.contains { $0.message == "unknown field 'heigth' in the config (known: \(known))" }, "\(d)")
    }

    @Test func purposeRulesMapAFieldsKindToALayoutAndSayWhatIsWrong() throws {
        let good = try ConfigFile.parse("rules:\n  - field: telephone\n    layout: pc\n  - class: Firefox\n    field: number\n    layout: pin\n",
                                        file: "c")
        #expect(good.rules == [WindowRule(field: .telephone, layout: "pc"), WindowRule(windowClass: "Firefox", field: .number, layout: "pin")])
        let text = """
            rules:
              - field: phone
                layout: pc
              - field: number
                keyboard: hide
              - field: unknown
                layout: us
            """
        let d = problems(text)
        #expect(Set(d.map { "\($0.line):\($0.column)" }) == ["2:12", "5:15", "6:12"], "\(d)")
        #expect(d.contains { $0.message == "field must be one of prose, terminal, password, email, url, telephone, number, not 'phone'" }, "\(d)")
        #expect(d.contains { $0.message.hasPrefix("a field rule takes a layout only") }, "\(d)")
    }

    @Test func aSyntaxErrorIsReportedWhereItIs() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clavier-\(UUID())-config.yaml").path
        try? "layout: [us\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let d = ConfigFile.check(path: path)
        #expect(d.count == 1 && d[0].message.hasPrefix("syntax error"))
        #expect(ConfigFile.isConfigFile("/home/a/.config/clavier/config.yaml"))
        #expect(!ConfigFile.isConfigFile("/x/layouts/us.yaml"))
    }
}

