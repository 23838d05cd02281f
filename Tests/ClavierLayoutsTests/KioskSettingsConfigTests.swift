import ClavierCore
@testable import ClavierLayouts
import Testing

/// config.yaml's `kiosk-settings`: the settings page's settings a kiosk's users may change,
/// read as a list with `file:line:col` messages for a name the page has not; never from settings.yaml.
struct KioskSettingsConfigTests {
    @Test func readsTheList() throws {
        let config = try ConfigFile.parse("kiosk: true\nkiosk-settings: [dwell, sound, volume, key-size]\n", file: "config.yaml")
        #expect(config.kioskSettings == ["dwell", "sound", "volume", "key-size"])
        #expect(try ConfigFile.parse("kiosk: true\n", file: "config.yaml").kioskSettings == nil)
        let block = try ConfigFile.parse("kiosk-settings:\n  - sound\n", file: "config.yaml")
        #expect(block.kioskSettings == ["sound"])
    }

    @Test func anUnknownOrForbiddenNameIsReportedWhereItIs() {
        let unknown = "kiosk-settings: 'bogus' is not a setting of the settings page (" + PageSetting.all.map(\.name).filter { $0 != "learning" }.joined(separator: ", ") + ")"
        #expect(throws: LayoutError.invalid([Diagnostic(file: "config.yaml", line: 2, column: 25, message: unknown)])) {
            try ConfigFile.parse("kiosk: true\nkiosk-settings: [dwell, bogus]\n", file: "config.yaml")
        }
        #expect(throws: LayoutError.self) { try ConfigFile.parse("kiosk-settings:\n  - learning\n", file: "config.yaml") }
        #expect(throws: LayoutError.self) { try ConfigFile.parse("kiosk-settings: sound\n", file: "config.yaml") }
    }

    @Test func settingsYamlCannotGiveIt() {
        #expect(throws: LayoutError.self) { try SettingsFile.parse("kiosk-settings: [sound]\n", file: "settings.yaml") }
    }
}
