import ClavierBuiltins
@testable import ClavierCore
import Testing

/// The settings page in the session: opened by a long press on the hide key or a request,
/// taking every press while open, each tap one change applied at once; never in a kiosk.
struct SettingsSessionTests {
    let t0 = ContinuousClock.now

    func session(kiosk: Bool = false, page: Bool = true) -> Session {
        var options = Session.Options()
        options.kiosk = kiosk
        options.settings = SettingsSources()
        options.settingsPage = page
        return Session(keyboard: Keyboard(layout: Layout.us, size: Size(width: 1000, height: 300)), options: options, at: t0)
    }

    func tap(_ action: SettingsPage.Action, _ s: inout Session, back: Bool = false, at now: ContinuousClock.Instant) -> [Effect] {
        let cell = s.settingsPage!.cells.first { $0.action == action }!
        let point = Point(x: back ? Double(cell.rect.x) + 5 : cell.rect.midX + Double(cell.rect.width) / 4, y: cell.rect.midY)
        return s.handle(.input(.press(point, pointer: 0)), at: now) + s.handle(.input(.release(point, pointer: 0)), at: now)
    }

    @Test func aLongPressOnTheHideKeyOpensThePageAndATapStillHides() {
        var s = session()
        let hide = s.keyboard.centre(of: "hide")
        _ = s.handle(.input(.press(hide, pointer: 0)), at: t0)
        #expect(s.shown && !s.settingsOpen, "nothing on the press")
        let effects = s.handle(.tick, at: t0 + Timing.longPress)
        #expect(s.settingsOpen && effects.contains(.redrawAll) && s.picture.settingsPage != nil)
        _ = s.handle(.input(.release(hide, pointer: 0)), at: t0 + Timing.longPress)
        #expect(s.shown, "the long press's release hides nothing")

        var tapped = session()
        _ = tapped.handle(.input(.press(hide, pointer: 0)), at: t0)
        #expect(tapped.handle(.input(.release(hide, pointer: 0)), at: t0 + .milliseconds(100)).contains(.hide))
        #expect(!tapped.shown && !tapped.settingsOpen)
    }

    @Test func eachTapChangesOneSettingAtOnceAndDoneGoesBack() {
        var s = session()
        _ = s.handle(.request(.settings), at: t0)
        #expect(s.settingsOpen)
        #expect(tap(.setting("key-size"), &s, at: t0).contains(.settingChanged("key-size")))
        #expect(s.settingsSources?.settings[.keySize] == 18)
        _ = tap(.setting("sound"), &s, at: t0)
        #expect(s.settingsSources?.settings[.sound] == false)
        _ = tap(.setting("dwell"), &s, at: t0)
        _ = tap(.setting("dwell"), &s, at: t0)
        #expect(s.settingsSources?.settings[.dwell] == 750)
        #expect(s.dwell?.delay == .milliseconds(750), "dwell starts at once")
        _ = tap(.setting("dwell"), &s, back: true, at: t0)
        #expect(s.dwell?.delay == .milliseconds(500))
        _ = tap(.setting("glide"), &s, at: t0)
        #expect(!s.typing.glideTyping)
        #expect(s.status(geometry: Rect(x: 0, y: 0, width: 1, height: 1), at: t0).settings?["dwell"] == "500")
        // Presses on the page type nothing.
        #expect(!tap(.setting("theme"), &s, at: t0).contains { if case .type = $0 { true } else { false } })
        let forget = tap(.forget, &s, at: t0)
        #expect(forget.contains(.forgetLearned) && s.settingsPage?.cells.first { $0.action == .forget }?.value == "forgotten")
        _ = tap(.done, &s, at: t0)
        #expect(!s.settingsOpen && s.picture.settingsPage == nil)
    }

    /// `clavier status` tells the settings page while it is shown, the keys' page once it is done.
    @Test func statusSaysTheSettingsPage() {
        var s = session()
        let geometry = Rect(x: 0, y: 0, width: 1, height: 1)
        #expect(s.status(geometry: geometry, at: t0).page == "letters")
        _ = s.handle(.request(.settings), at: t0)
        #expect(s.status(geometry: geometry, at: t0).page == "settings")
        #expect(s.status(geometry: geometry, at: t0).lines.contains("page: settings"))
        _ = tap(.done, &s, at: t0)
        #expect(s.status(geometry: geometry, at: t0).page == "letters")
    }

    @Test func aKioskOrAGreeterNeverOpensThePage() {
        var kiosk = session(kiosk: true)
        #expect(kiosk.handle(.request(.settings), at: t0).contains { if case .refused = $0 { true } else { false } })
        let hide = kiosk.keyboard.centre(of: "hide")
        _ = kiosk.handle(.input(.press(hide, pointer: 0)), at: t0)
        _ = kiosk.handle(.tick, at: t0 + Timing.longPress)
        #expect(!kiosk.settingsOpen)
        var greeter = session(page: false)
        #expect(greeter.handle(.request(.settings), at: t0) == [.refused("this keyboard has no settings page")])
    }

    @Test func hidingClosesThePage() {
        var s = session()
        _ = s.handle(.request(.settings), at: t0)
        _ = s.handle(.request(.hide), at: t0)
        #expect(!s.settingsOpen)
    }
}
