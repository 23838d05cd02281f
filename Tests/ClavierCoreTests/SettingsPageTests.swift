import ClavierBuiltins
@testable import ClavierCore
import Testing

/// The settings page's model: which settings it offers, how a tap goes through their values,
/// what is locked and why, and its cells laid out over the keys' area.
struct SettingsPageTests {
    @Test func thePageOffersTheSettingsPeopleChangeFromTheKeyboard() {
        #expect(PageSetting.all.map(\.name) == ["key-size", "height", "sound", "volume", "dwell", "layout", "languages", "theme",
                                                "suggestions", "glide", "autocorrect", "preview", "repeat-delay", "repeat-interval",
                                                "learning", "auto-show", "float", "show-button", "hide-on-hardware-keys", "scan",
                                                "scan-switch", "speech"])
        // Each choice is a text its setting reads, as config.yaml's would be.
        for entry in PageSetting.all {
            let setting = try! #require(Settings.all.first { $0.name == entry.name })
            for case let text? in entry.choices {
                var layer = SettingsLayer()
                do { try setting.read(text, into: &layer) } catch { Issue.record("\(entry.name) refuses \(text): \(error)") }
            }
        }
    }

    @Test func aTapCyclesAndASteppedSettingStopsAtItsEnds() throws {
        var sources = SettingsSources()
        let theme = try #require(PageSetting.named("theme"))
        #expect(theme.next(after: sources.settings) == "dark")
        let kept1 = sources.set("theme", to: "high-contrast")
        #expect(kept1)
        #expect(theme.next(after: sources.settings) == "system", "round from the last to the first")
        let size = try #require(PageSetting.named("key-size"))
        #expect(size.value(in: sources.settings) == "16 mm")
        #expect(size.next(after: sources.settings) == "18")
        #expect(size.next(after: sources.settings, back: true) == "14")
        let kept2 = sources.set("key-size", to: "24")
        #expect(kept2)
        #expect(size.next(after: sources.settings) == "24", "the biggest stays the biggest")
        let dwell = try #require(PageSetting.named("dwell"))
        #expect(dwell.value(in: sources.settings) == "off")
        #expect(dwell.next(after: sources.settings) == "500")
        let kept3 = sources.set("dwell", to: "1000")
        #expect(kept3)
        #expect(sources.settings[.dwell] == 1000)
        let kept4 = sources.set("dwell", to: nil)
        #expect(kept4)
        #expect(sources.settings[.dwell] == nil, "back to off: nothing kept")
    }

    @Test func aValueSetAboveThePageIsLockedWithWhy() throws {
        var commandLine = SettingsLayer(), file = SettingsLayer()
        commandLine[.sound] = false
        file[.keySize] = 20
        var sources = SettingsSources(commandLine: commandLine, file: file)
        #expect(sources.lock("sound") == "set by the command line")
        #expect(sources.lock("key-size") == "set in config.yaml")
        #expect(sources.lock("dwell") == nil)
        let kept5 = sources.set("sound", to: "true")
        #expect(!kept5)
        #expect(sources.settings[.sound] == false)
        let page = SettingsPage(sources, size: Size(width: 1000, height: 300))
        let sound = try #require(page.cells.first { $0.action == .setting("sound") })
        #expect(sound.locked && sound.note == "set by the command line" && sound.value == "off")
        let size = try #require(page.cells.first { $0.action == .setting("key-size") })
        #expect(size.locked && size.note == "set in config.yaml" && size.value == "20 mm" && !size.stepped)
    }

    @Test func thePageKeepsOnlyWhatItWasGivenAsConfigWritesIt() {
        var sources = SettingsSources()
        #expect(sources.keptLines.isEmpty)
        let kept6 = sources.set("sound", to: "false")
        #expect(kept6)
        let kept7 = sources.set("key-size", to: "18")
        #expect(kept7)
        let kept8 = sources.set("dwell", to: "1500")
        #expect(kept8)
        #expect(sources.keptLines.map { "\($0.name): \($0.text)" } == ["key-size: 18", "sound: false", "dwell: 1500"])
        #expect(sources.pageSettings["key-size"] == "18" && sources.pageSettings["theme"] == "system")
        // Read back under a config file: the file wins where it speaks.
        var file = SettingsLayer()
        file[.sound] = true
        let reread = SettingsSources(file: file, page: sources.page)
        #expect(reread.settings[.sound] == true && reread.settings[.keySize] == 18)
    }

    @Test func theRepeatIntervalStepsBesideTheDelay() throws {
        var sources = SettingsSources()
        let names = PageSetting.all.map(\.name)
        #expect(names.firstIndex(of: "repeat-interval") == names.firstIndex(of: "repeat-delay")! + 1)
        let interval = try #require(PageSetting.named("repeat-interval"))
        #expect(interval.stepped)
        #expect(interval.value(in: sources.settings) == "standard")
        let kept = sources.set("repeat-interval", to: interval.next(after: sources.settings))
        #expect(kept)
        #expect(sources.settings[.repeatInterval] == 25)
        #expect(sources.settings.keyRepeat(server: .standard)?.interval == .milliseconds(25), "the keys' repeat follows")
        #expect(sources.keptLines.map { "\($0.name): \($0.text)" } == ["repeat-interval: 25"])
    }

    /// Auto-show, the position, the show button, the hardware keys' watch and scanning apply
    /// at once, as every other cell (the hosts make and let go of what they need): no cell
    /// says it waits for a start. The button's and the keys' show the value in effect, their
    /// defaults following auto-show and kiosk as the hosts' do.
    @Test func theButtonTheHardwareKeysAndScanningApplyAtOnce() throws {
        var file = SettingsLayer()
        file[.autoShow] = true
        var sources = SettingsSources(file: file)
        let page = SettingsPage(sources, size: Size(width: 1280, height: 330))
        for name in ["float", "show-button", "hide-on-hardware-keys", "scan"] {
            let cell = try #require(page.cells.first { $0.action == .setting(name) })
            #expect(cell.note == nil && !cell.locked, "\(name)")
        }
        let autoShow = SettingsPage(SettingsSources(), size: Size(width: 1280, height: 330)).cells.first { $0.action == .setting("auto-show") }
        #expect(autoShow?.note == nil && autoShow?.locked == false)
        let button = try #require(PageSetting.named("show-button")), keys = try #require(PageSetting.named("hide-on-hardware-keys"))
        #expect(button.value(in: sources.settings) == "off" && keys.value(in: sources.settings) == "on", "auto-show's defaults")
        let kept1 = sources.set("show-button", to: button.next(after: sources.settings))
        let kept2 = sources.set("hide-on-hardware-keys", to: keys.next(after: sources.settings))
        #expect(kept1 && kept2)
        #expect(sources.settings.showsButton && !sources.settings.hidesOnHardwareKeys)
        let scan = try #require(PageSetting.named("scan"))
        #expect(scan.stepped && scan.value(in: sources.settings) == "off")
        let kept3 = sources.set("scan", to: scan.next(after: sources.settings))
        #expect(kept3)
        #expect(sources.settings[.scan] == 500 && scan.value(in: sources.settings) == "500 ms")
        #expect(sources.keptLines.map { "\($0.name): \($0.text)" } == ["show-button: true", "hide-on-hardware-keys: false", "scan: 500"])
    }

    /// The layout cell goes through the layouts found at start, from the one in effect, and
    /// the session loads the one chosen as `clavier layout NAME` would, the page left open.
    @Test func theLayoutCellCyclesTheLayoutsFoundAndLoadsTheChosenOne() throws {
        var sources = SettingsSources()
        sources.layoutNames = ["emoji", "pc", "us", "xkb"]
        let layout = try #require(PageSetting.named("layout"))
        #expect(layout.value(in: sources.settings) == "us")
        #expect(layout.next(after: sources.settings, among: sources.choices(of: layout)) == "xkb")
        #expect(layout.next(after: sources.settings, back: true, among: sources.choices(of: layout)) == "pc")
        var options = Session.Options()
        options.settings = sources
        let t0 = ContinuousClock.now
        var session = Session(keyboard: Keyboard(layout: .us, size: Size(width: 1280, height: 330)), options: options, at: t0)
        _ = session.handle(.request(.settings), at: t0)
        let cell = try #require(session.settingsPage?.cells.first { $0.action == .setting("layout") })
        let effects = session.handle(.input(.press(Point(x: cell.rect.midX, y: cell.rect.midY), pointer: 0)), at: t0)
        #expect(effects.contains(.loadLayout("xkb", .request("xkb"))) && effects.contains(.settingChanged("layout")))
        #expect(session.settingsSources?.keptLines.map { "\($0.name): \($0.text)" } == ["layout: xkb"])
        #expect(session.settingsOpen)
    }

    @Test func theCellsFillTheKeysAreaWithoutOverlapAndDoneIsLast() throws {
        let sources = SettingsSources()
        for size in [Size(width: 1280, height: 330), Size(width: 600, height: 250), Size(width: 320, height: 500)] {
            let page = SettingsPage(sources, size: size)
            #expect(page.cells.count == PageSetting.all.count + 2)
            #expect(page.cells.last?.action == .done)
            #expect(page.cells.dropLast().last?.action == .forget)
            for (i, a) in page.cells.enumerated() {
                #expect(a.rect.x >= 0 && a.rect.y >= 0 && a.rect.maxX <= size.width && a.rect.maxY <= size.height)
                #expect(a.rect.width >= min(SettingsPage.minimumCellWidth - 20, size.width / 2), "touch-sized")
                for b in page.cells[(i + 1)...] { #expect(a.rect.intersection(b.rect) == nil) }
            }
            let first = try #require(page.cells.first)
            #expect(page.cell(at: Point(x: first.rect.midX, y: first.rect.midY))?.action == .setting("key-size"))
        }
        // 1280 px wide: six columns, four rows, each cell as tall as a key; 800 px: five
        // columns, five rows, the cells still bigger than a fingertip (about 9 mm, 34 px at 96 dpi).
        let wide = SettingsPage(sources, size: Size(width: 1280, height: 330))
        #expect(Set(wide.cells.map(\.rect.x)).count == 6 && Set(wide.cells.map(\.rect.y)).count == 4)
        #expect(wide.cells.allSatisfy { $0.rect.height >= 70 && $0.rect.width >= 200 })
        let small = SettingsPage(sources, size: Size(width: 800, height: 260))
        #expect(Set(small.cells.map(\.rect.x)).count == 5 && Set(small.cells.map(\.rect.y)).count == 5)
        #expect(small.cells.allSatisfy { $0.rect.height >= 44 && $0.rect.width >= 150 })
    }
}

extension Rect {
    func intersection(_ other: Rect) -> Rect? {
        let x0 = max(x, other.x), y0 = max(y, other.y), x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
