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
            monitor: HDMI-1
            height: 35%
            sound: false
            sound-device: hw:1
            kiosk: true
            learning: false
            scale: 1.5
            rules:
              - class: XTerm
                layout: terminal
              - title: "*PIN*"
                keyboard: show
            """
        let c = try ConfigFile.parse(text, file: "config.yaml")
        #expect(c.scale == 1.5)
        #expect(c.layout == "terminal" && c.page == "numbers" && c.theme == "dark")
        #expect(c.geometry == "800x260+10-10" && c.float == false && c.dock == .top && c.monitor == "HDMI-1")
        #expect(c.height == .percent(35) && c.sound == false && c.soundDevice == "hw:1" && c.kiosk == true)
        #expect(c.learning == false)
        #expect(c.rules == [WindowRule(windowClass: "XTerm", layout: "terminal"), WindowRule(title: "*PIN*", visibility: .show)])
    }

    @Test func aScaleOutOfRangeIsReported() {
        #expect(throws: LayoutError.self) { try ConfigFile.parse("scale: 9\n", file: "config.yaml") }
        #expect(throws: LayoutError.self) { try ConfigFile.parse("scale: big\n", file: "config.yaml") }
    }

    @Test func anEmptyOrCommentedFileSetsNothing() throws {
        #expect(try ConfigFile.parse("", file: "c") == Config())
        #expect(try ConfigFile.parse("# layout: us\n\n", file: "c") == Config())
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
        var d: [Diagnostic] = []
        do {
            _ = try ConfigFile.parse(text, file: "config.yaml")
            Issue.record("a broken config was accepted")
        } catch .invalid(let found) {
            d = found
        } catch {
            Issue.record("\(error)")
        }
        let got = d.map { "\($0.line):\($0.column)" }.sorted()
        #expect(Set(got) == ["2:7", "3:1", "4:8", "6:5", "7:5", "8:15"], "\(d)")
        #expect(d.contains { $0.message.contains("dock must be top or bottom") })
        #expect(d.contains { $0.message.contains("unknown field 'heigth'") })
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

