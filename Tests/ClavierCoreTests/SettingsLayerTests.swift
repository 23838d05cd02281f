import ClavierCore
import Testing

struct SettingsLayerTests {
    @Test func anOptionalsNilSetsNothing() {
        var layer = SettingsLayer()
        let none: String? = nil
        layer[.page] = none
        #expect(layer.isEmpty && !layer.gives(.page))
        layer[.page] = "numbers"
        #expect(layer[.page] == "numbers" && layer.gives(.page))
        layer[.page] = none
        #expect(layer.isEmpty, "an optional's nil removes the value")
        layer[.sound] = false
        #expect(layer[.sound] == false && layer.gives(.sound), "false is a value")
    }

    @Test func readingTextChecksIt() throws {
        var layer = SettingsLayer()
        try layer.read(.height, "35%")
        try layer.read(.monitor, nil)
        #expect(layer[.height] == .percent(35) && !layer.gives(.monitor))
        #expect(throws: SettingError.invalid(setting: "height", problem: "'tall' is neither pixels (300) nor a percentage (35%)")) {
            try layer.read(.height, "tall")
        }
        #expect(layer[.height] == .percent(35), "a bad text leaves the value")
    }

    @Test func theUpperLayerWins() {
        var upper = SettingsLayer(), lower = SettingsLayer()
        upper[.layout] = "terminal"
        lower[.layout] = "phone"
        lower[.dock] = .top
        let merged = upper.layered(over: lower)
        #expect(merged[.layout] == "terminal" && merged[.dock] == .top)
        #expect(lower.layered(over: upper)[.layout] == "phone")
    }
}
