import Testing
@testable import ClavierCore

/// Scanning by the pointer (Wayland): which of the surface's events are switches, which go on
/// to the keys, and which buttons the settings name.
@Suite struct PointerSwitchesTests {
    let p = Point(x: 40, y: 30)

    func settings(_ pairs: [(String, String)]) throws -> Settings {
        var layer = SettingsLayer()
        for (name, text) in pairs {
            if name == "scan" { try layer.read(.scan, text) } else { try layer.read(.scanSwitch, text) }
        }
        return Settings(commandLine: layer)
    }

    @Test func aPressAnywhereIsTheSwitchAndThePointersPlaceIsIgnored() {
        var s = PointerSwitches(buttons: [1])
        #expect(s.take(.hover(p)) == .drop, "no dwell")
        #expect(s.take(.pointer(.press(p))) == .switched(0, down: true))
        #expect(s.take(.pointer(.motion(p))) == .drop, "no glide")
        #expect(s.take(.pointer(.release(p))) == .switched(0, down: false))
        // A finger is the left button too; a second one adds no press, the last up ends it.
        #expect(s.take(.pointer(.press(p, pointer: 1))) == .switched(0, down: true))
        #expect(s.take(.pointer(.press(p, pointer: 2))) == .drop)
        #expect(s.take(.pointer(.release(p, pointer: 1))) == .drop)
        #expect(s.take(.pointer(.release(p, pointer: 2))) == .switched(0, down: false))
        #expect(s.otherButton(3, down: true) == .drop, "the right button is no switch of one")
        #expect(s.otherButton(3, down: false) == .drop)
    }

    @Test func twoButtonsTheFirstNamedStepsTheSecondSelects() {
        var s = PointerSwitches(buttons: [3, 1])
        #expect(s.otherButton(3, down: true) == .switched(0, down: true))
        #expect(s.otherButton(3, down: false) == .switched(0, down: false))
        #expect(s.take(.pointer(.press(p))) == .switched(1, down: true))
        #expect(s.take(.pointer(.release(p))) == .switched(1, down: false))
    }

    @Test func notScanningEverythingGoesToTheKeys() {
        var s = PointerSwitches()
        #expect(s.take(.pointer(.press(p))) == .pass)
        #expect(s.take(.pointer(.release(p))) == .pass)
        #expect(s.take(.hover(p)) == .pass)
        #expect(s.otherButton(3, down: true) == .drop, "the keys know only the left button")
    }

    /// The press that turned scanning on (the page's cell) ends on the keys, so no key stays
    /// held; a switch held as scanning stops comes up as a switch; a lost press ends a switch.
    @Test func aPressEndsAsItBegan() {
        var s = PointerSwitches()
        #expect(s.take(.pointer(.press(p))) == .pass)
        s.buttons = [1]
        #expect(s.take(.pointer(.motion(p))) == .pass)
        #expect(s.take(.pointer(.release(p))) == .pass)
        #expect(s.take(.pointer(.press(p))) == .switched(0, down: true))
        s.buttons = []
        #expect(s.take(.pointer(.release(p))) == .switched(0, down: false))
        s.buttons = [1]
        #expect(s.take(.pointer(.press(p, pointer: 1))) == .switched(0, down: true))
        #expect(s.take(.pointerLost(pointer: 1)) == .switched(0, down: false))
        // The pointer left with the right button down: that switch is up, and goes down again.
        s.buttons = [3, 1]
        #expect(s.otherButton(3, down: true) == .switched(0, down: true))
        #expect(s.take(.hover(nil)) == .switched(0, down: false))
        #expect(s.otherButton(3, down: true) == .switched(0, down: true))
    }

    @Test func theSettingsNameTheButtons() throws {
        #expect(PointerSwitches.buttons(for: try settings([])) == ([], false), "no scanning asked for")
        #expect(PointerSwitches.buttons(for: try settings([("scan", "500")])) == ([1], false), "F9, the default: the left button")
        #expect(PointerSwitches.buttons(for: try settings([("scan", "500"), ("scan-switch", "F10")])) == ([1], true))
        #expect(PointerSwitches.buttons(for: try settings([("scan-switch", "button3,button1")])) == ([3, 1], false),
                "two switches need no clock")
        #expect(PointerSwitches.buttons(for: try settings([("scan-switch", "F9,F10")])) == ([3, 1], true))
        #expect(PointerSwitches.buttons(for: try settings([("scan-switch", "button2")])) == ([], false), "one switch needs --scan")
        #expect(PointerSwitches.button(named: "button01") == nil && PointerSwitches.button(named: "button4") == nil)
        #expect(PointerSwitches.describe([3, 1]) == "the right button anywhere on the keyboard steps, the left button or a touch selects")
    }
}
