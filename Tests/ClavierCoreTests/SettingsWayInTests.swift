import ClavierBuiltins
@testable import ClavierCore
import Testing

/// The way into the settings page for a dwell or a switch user on a keyboard whose bar shows
/// no gear (no bar: `--suggestions 0`, emoji, phone, PIN): dwell holds the hide key as a
/// finger would, and scanning ends its rows with the gear; and the page's newer cells.
struct SettingsWayInTests {
    let t0 = ContinuousClock.now

    func session(dwell: Duration? = nil, switches: Int = 0, page: Bool = true) -> Session {
        var options = Session.Options()
        options.settings = SettingsSources()
        options.settingsPage = page
        options.dwell = dwell
        options.scanSwitches = switches
        let layout = Layout.us.offering(suggestions: 0)
        return Session(keyboard: Keyboard(layout: layout, size: Size(width: 1000, height: 300)), options: options, at: t0)
    }

    func run(_ s: inout Session, from now: ContinuousClock.Instant, to end: ContinuousClock.Instant) {
        var now = now
        while let due = s.nextDeadline(after: now), due <= end {
            now = max(due, now)
            _ = s.handle(.tick, at: now)
            if s.nextDeadline(after: now) == due { break }
        }
    }

    @Test func aDwellKeptOnTheHideKeyOpensThePageAndPressesNothingOnIt() throws {
        var s = session(dwell: .milliseconds(500))
        #expect(s.keyboard.accessory == nil && !s.keyboard.showsGear, "no bar, no gear")
        let hide = s.keyboard.centre(of: "hide")
        _ = s.handle(.hover(hide), at: t0)
        run(&s, from: t0, to: t0 + .milliseconds(500))
        #expect(s.shown && !s.settingsOpen, "the dwell holds the hide key, as a finger's press")
        run(&s, from: t0 + .milliseconds(500), to: t0 + .milliseconds(500) + Timing.longPress)
        #expect(s.settingsOpen && s.shown, "kept on a long press more: the page")
        // Resting on, the cell now under the pointer is spent, as after a page switch.
        run(&s, from: t0 + .milliseconds(1000), to: t0 + .seconds(4))
        #expect(s.settingsSources?.keptLines.isEmpty == true, "nothing on the page was pressed")
        #expect(s.settingsOpen)
    }

    @Test func aDwellOnTheHideKeyLeftBeforeTheLongPressHides() throws {
        var s = session(dwell: .milliseconds(500))
        let hide = s.keyboard.centre(of: "hide")
        _ = s.handle(.hover(hide), at: t0)
        run(&s, from: t0, to: t0 + .milliseconds(600))
        #expect(s.shown)
        let effects = s.handle(.hover(Point(x: hide.x, y: hide.y - 200)), at: t0 + .milliseconds(700))
        #expect(effects.contains(.hide) && !s.shown && !s.settingsOpen, "off the held key: it hides, as a finger lifting")
        // Where the page never opens (a greeter's keyboard), the hide key hides at the dwell's press.
        var plain = session(dwell: .milliseconds(500), page: false)
        _ = plain.handle(.hover(plain.keyboard.centre(of: "hide")), at: t0)
        run(&plain, from: t0, to: t0 + .milliseconds(500))
        #expect(!plain.shown)
    }

    @Test func aScanEndsWithTheGearWhereTheKeysShowNoneAndItOpensThePage() throws {
        var s = session(switches: 2)
        let rows = try #require(s.scan?.scanner.rows)
        #expect(rows.last == [.cell(.settings)] && rows.dropLast().allSatisfy { !$0.contains(.cell(.settings)) })
        #expect(session(switches: 2, page: false).scan?.scanner.rows.last != [.cell(.settings)], "no page, no gear")
        for _ in 0..<(rows.count - 1) {
            _ = s.handle(.switchKey(0, down: true), at: t0)
            _ = s.handle(.switchKey(0, down: false), at: t0)
        }
        #expect(s.marks.scanned == [.cell(.settings)])
        #expect(s.marks.damage(from: KeyMarks()).whole, "painted over the keys: the whole keyboard again")
        _ = s.handle(.switchKey(1, down: true), at: t0)
        _ = s.handle(.switchKey(1, down: false), at: t0)
        #expect(!s.settingsOpen, "the row is entered first, as any row")
        _ = s.handle(.switchKey(1, down: true), at: t0)
        #expect(!s.settingsOpen, "as a key is typed, when the switch comes up")
        _ = s.handle(.switchKey(1, down: false), at: t0)
        #expect(s.settingsOpen && s.shown)
    }

    @Test func theHeightLanguagesAndScanSwitchCells() throws {
        var sources = SettingsSources()
        let height = try #require(PageSetting.named("height"))
        #expect(height.value(in: sources.settings) == "by key size" && height.text(in: sources.settings) == "default")
        #expect(height.next(after: sources.settings) == "20%" && height.next(after: sources.settings, back: true) == nil)
        let kept = sources.set("height", to: "35%")
        #expect(kept)
        #expect(height.value(in: sources.settings) == "35 %" && sources.keptLines.map(\.text) == ["35%"])
        var file = SettingsLayer()
        file[.height] = .pixels(300)
        let locked = SettingsSources(file: file)
        #expect(height.value(in: locked.settings) == "300 px" && locked.lock("height") == "set in config.yaml")

        #expect(SettingsSources.languageChoices(keymap: "us", installed: ["ru", "en", "de"]) == ["us,de", "us,ru"])
        #expect(SettingsSources.languageChoices(keymap: "de(nodeadkeys)", installed: ["de", "en"]) == ["de,us"])
        #expect(SettingsSources.languageChoices(keymap: nil, installed: ["fr"]) == ["us,fr"])
        // Each as the XKB layout that writes it; none whose layout writes another language
        // (ca is Canada's French) or that has no plain layout (hi, ta).
        #expect(SettingsSources.languageChoices(keymap: "us", installed: ["ar", "ca", "el", "hi", "ta", "uk"])
                == ["us,ara", "us,gr", "us,ua"])
        let languages = try #require(PageSetting.named("languages"))
        sources.languageChoices = ["us,de", "us,fr"]
        #expect(sources.choices(of: languages) == [nil, "us,de", "us,fr"])
        #expect(languages.next(after: sources.settings, among: sources.choices(of: languages)) == "us,de")
        let two = sources.set("languages", to: "us,de")
        #expect(two)
        #expect(languages.value(in: sources.settings) == "us, de" && sources.settings.layoutName == "xkb")

        let scanSwitch = try #require(PageSetting.named("scan-switch"))
        #expect(scanSwitch.value(in: sources.settings) == "F9" && scanSwitch.next(after: sources.settings) == "F10")
        sources.unavailable["scan-switch"] = "not on Wayland"
        let refused = !sources.set("scan-switch", to: "F10")
        #expect(sources.lock("scan-switch") == "not on Wayland" && refused)
        let cell = try #require(SettingsPage(sources, size: Size(width: 1280, height: 330)).cells.first { $0.action == .setting("scan-switch") })
        #expect(cell.locked && cell.note == "not on Wayland")
    }

    /// Wayland's scan switch is the pointer: its locked cell and the status show the button in
    /// effect there, not the key the settings name.
    @Test func aLockedCellShowsTheValueTheWindowSystemHas() throws {
        var sources = SettingsSources()
        sources.unavailable["scan-switch"] = "the pointer on Wayland"
        sources.hostValues["scan-switch"] = "button1"
        let cell = try #require(SettingsPage(sources, size: Size(width: 1280, height: 330)).cells.first { $0.action == .setting("scan-switch") })
        #expect(cell.value == "button1" && cell.locked && cell.note == "the pointer on Wayland")
        #expect(sources.pageSettings["scan-switch"] == "button1" && sources.pageSettings["scan"] == "default")
    }
}
