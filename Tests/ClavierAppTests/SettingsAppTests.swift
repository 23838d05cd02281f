import ClavierCore
import Testing
@testable import ClavierApp

/// The settings page through the whole app on the recording host: opened by the control
/// request and by a long press on the hide key, each tap kept and applied at once, a change
/// that needs a new keyboard making one; refused in kiosk mode.
@Suite struct SettingsAppTests {
    func app(kiosk: Bool = false) -> AppUnderTest {
        var options = Session.Options()
        options.settings = SettingsSources()
        options.kiosk = kiosk
        return AppUnderTest(options)
    }

    func tap(_ action: SettingsPage.Action, plus: Bool = true, _ t: AppUnderTest) {
        let cell = t.app.session.settingsPage!.cells.first { $0.action == action }!
        let point = Point(x: plus ? Double(cell.rect.maxX) - 4 : Double(cell.rect.x) + 4, y: cell.rect.midY)
        t.app.send(.input(.press(point)))
        t.app.send(.input(.release(point)))
    }

    @Test func clavierSettingsOpensThePageAndEachTapIsKeptAndApplied() {
        let t = app()
        _ = t.request(.hide)
        #expect(t.request(.settings) == .ok(nil))
        #expect(t.host.mapped && t.app.session.settingsOpen, "a hidden keyboard shows with its page")
        tap(.setting("key-size"), t)
        tap(.setting("sound"), t)
        tap(.setting("dwell"), t)
        #expect(t.host.keptSettings == ["key-size: 18", "sound: false", "dwell: 500"])
        #expect(t.host.log.filter { $0.hasPrefix("setting ") } == ["setting key-size", "setting sound", "setting dwell"])
        #expect(t.host.appliedSettings?[.keySize] == 18 && t.host.appliedSettings?[.sound] == false)
        #expect(t.request(.status).settings?["dwell"] == "500")
        #expect(t.host.typed.isEmpty, "nothing on the page types")
        // A change the keys are made again for: a new keyboard, the page still open over it.
        let before = t.keyboard.layout.options.suggestions
        tap(.setting("suggestions"), t)
        #expect(t.app.session.settingsSources?.settings[.suggestions] == before + 1)
        #expect(t.app.session.settingsOpen)
        tap(.done, t)
        #expect(!t.app.session.settingsOpen)
        t.tap("h")
        #expect(t.host.typed == "h", "back to the keys")
    }

    @Test func aLongPressOnTheHideKeyOpensThePage() {
        let t = app()
        t.app.send(.input(.press(t.centre("hide"))))
        t.wait(700)
        t.app.send(.input(.release(t.centre("hide"))))
        #expect(t.app.session.settingsOpen && t.host.mapped)
    }

    /// Issue 47: autocorrect turned on from the page reaches the host's words through the
    /// session alone (no copy of it kept in step): the next ask says words are corrected.
    @Test func autocorrectFromThePageReachesTheWordsThroughTheSession() {
        var options = Session.Options()
        options.settings = SettingsSources()
        options.words = true
        let t = AppUnderTest(options, words: ["the"])
        t.tap("t")
        #expect(t.host.asksCorrecting.last == false, "never, as the options say")
        _ = t.request(.settings)
        tap(.setting("autocorrect"), t)
        #expect(t.app.session.settingsSources?.settings[.autocorrect] == .always)
        tap(.done, t)
        t.tap("h")
        #expect(t.host.asksCorrecting.last == true, "always, as the page now says")
    }

    /// What each of the page's settings asks of a host: the repeat's interval a new keyboard
    /// (its keys' repeat is read when it is made), as the delay; the position a window made
    /// again; auto-show, the button and the hardware keys their watches; scanning its switches;
    /// the languages the keymap's groups.
    @Test func eachSettingAsksItsOwnOfTheHost() {
        let live = LiveSettings(Settings())
        for name in ["repeat-delay", "repeat-interval"] {
            guard case .keyboard = live.take(Settings(), changed: name) else { Issue.record("\(name): no new keyboard"); continue }
        }
        for name in ["show-button", "hide-on-hardware-keys", "auto-show"] {
            guard case .watches = live.take(Settings(), changed: name) else { Issue.record("\(name): its watch left as it was"); continue }
        }
        if case .float = live.take(Settings(), changed: "float") {} else { Issue.record("float: the window left as it was") }
        if case .scan = live.take(Settings(), changed: "scan") {} else { Issue.record("scan: the switches left as they were") }
        var languages = SettingsLayer()
        languages[.languages] = ["us", "de"]
        #expect(live.take(Settings(page: languages), changed: "languages") == .languages, "the keymap's groups follow")
        #expect(live.current[.languages] == ["us", "de"], "from the settings taken")
    }

    /// Scanning turned on from the page scans at once, at the page's interval, and off again
    /// it stops: its highlight goes, and the host no longer grabs the switch.
    @Test func scanningTurnedOnAndOffFromThePage() {
        let t = app()
        _ = t.request(.settings)
        #expect(t.app.session.scan == nil)
        tap(.setting("scan"), t)
        #expect(t.host.scanSwitches == 1)
        let scan = t.app.session.scan
        #expect(scan?.scanner.interval == .milliseconds(500), "\(String(describing: scan))")
        #expect(scan?.scanner.highlighted.isEmpty == false, "the page's first row is highlighted")
        tap(.setting("scan"), t)
        #expect(t.app.session.scan?.scanner.interval == .milliseconds(750), "re-timed")
        tap(.setting("scan"), plus: false, t)
        tap(.setting("scan"), plus: false, t)
        #expect(t.app.session.scan == nil && t.host.scanSwitches == 0)
        #expect(t.app.session.marks.scanned.isEmpty)
    }

    @Test func aKioskRefusesThePage() {
        let t = app(kiosk: true)
        guard case .refused = t.request(.settings) else { Issue.record("not refused"); return }
        #expect(!t.app.session.settingsOpen)
    }
}

extension ControlReply {
    /// The settings an `ok` status reply reports.
    var settings: [String: String]? {
        if case .ok(let status?) = self { return status.settings }
        return nil
    }
}
