import ClavierBuiltins
@testable import ClavierCore
import Testing

/// A kiosk's settings page (issue 38 item 3's "unless"): open only where config.yaml names
/// the settings its users may change (`kiosk-settings`), offering those alone, and never on
/// a greeter's keyboard (`--xid`).
struct KioskSettingsTests {
    let t0 = ContinuousClock.now

    func session(kiosk: Bool = true, page: Bool = true, allowed: [String]?, kept: SettingsLayer = SettingsLayer()) -> Session {
        var options = Session.Options()
        options.kiosk = kiosk
        options.settings = SettingsSources(page: kept, kioskSettings: allowed)
        options.settingsPage = page
        return Session(keyboard: Keyboard(layout: Layout.us, size: Size(width: 1000, height: 300)), options: options, at: t0)
    }

    func longPressHide(_ s: inout Session) {
        let hide = s.keyboard.centre(of: "hide")
        _ = s.handle(.input(.press(hide, pointer: 0)), at: t0)
        _ = s.handle(.tick, at: t0 + Timing.longPress)
    }

    func refused(_ effects: [Effect]) -> Bool { effects.contains { if case .refused = $0 { true } else { false } } }

    @Test func theKioskPageOffersExactlyTheNamedSettingsAndDone() {
        var s = session(allowed: ["dwell", "sound", "volume", "key-size"])
        #expect(s.keyboard.accessory?.rect(of: .settings) != nil, "the gear is on the bar")
        longPressHide(&s)
        #expect(s.settingsOpen && s.shown)
        let actions = s.settingsPage?.cells.map(\.action)
        #expect(actions == [.setting("key-size"), .setting("sound"), .setting("volume"), .setting("dwell"), .done],
                "the page's order, no forget, float, auto-show nor layout")
        let sound = s.settingsPage!.cells.first { $0.action == .setting("sound") }!
        #expect(s.handle(.input(.press(Point(x: sound.rect.midX, y: sound.rect.midY), pointer: 0)), at: t0).contains(.settingChanged("sound")))
        #expect(s.settingsSources?.settings[.sound] == false)
        var sources = s.settingsSources!
        let floated = sources.set("float", to: "true")
        #expect(!floated, "a setting not named is not changed")
    }

    @Test func aKioskWithoutTheFieldOpensNothing() {
        for allowed in [nil, []] as [[String]?] {
            var s = session(allowed: allowed)
            #expect(!s.opensSettings && s.keyboard.accessory?.rect(of: .settings) == nil)
            #expect(refused(s.handle(.request(.settings), at: t0)))
            longPressHide(&s)
            #expect(!s.settingsOpen)
        }
    }

    @Test func aGreeterNeverOpensThePageWhateverItsConfig() {
        var s = session(page: false, allowed: ["sound"])
        #expect(!s.opensSettings && s.keyboard.accessory?.rect(of: .settings) == nil)
        #expect(refused(s.handle(.request(.settings), at: t0)))
        longPressHide(&s)
        #expect(!s.settingsOpen)
    }

    @Test func aKioskWithTheFieldOpensOnRequestToo() {
        var s = session(allowed: ["sound"])
        #expect(!refused(s.handle(.request(.settings), at: t0)) && s.settingsOpen)
    }

    @Test func settingsYamlOutsideTheListIsNotAppliedButKept() {
        var kept = SettingsLayer()
        kept[.sound] = false
        kept[.dwell] = 500
        kept[.float] = true
        var sources = SettingsSources(page: kept, kioskSettings: ["dwell"])
        #expect(sources.settings[.dwell] == 500, "a named setting is read")
        #expect(sources.settings[.sound] == true && sources.settings[.float] == false, "the others are not applied")
        let reset = sources.set("dwell", to: nil)
        #expect(reset)
        #expect(sources.keptLines.map { "\($0.name): \($0.text)" } == ["sound: false", "float: true"],
                "the kiosk's writing leaves the rest of the file as it was")
        #expect(SettingsSources(page: kept).settings[.sound] == false, "outside a kiosk the whole file applies")
    }

    @Test func onlyThePagesSettingsButLearningMayBeNamed() {
        #expect(PageSetting.kioskRefusal(of: "sound") == nil && PageSetting.kioskRefusal(of: "layout") == nil)
        #expect(PageSetting.kioskRefusal(of: "learning")?.hasPrefix("kiosk-settings cannot name 'learning'") == true)
        for name in ["kiosk", "sound-device", "forget", "kiosk-settings"] {
            #expect(PageSetting.kioskRefusal(of: name)?.hasPrefix("kiosk-settings: '\(name)' is not a setting of the settings page") == true)
        }
    }
}
