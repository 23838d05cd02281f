import ClavierBuiltins
@testable import ClavierCore
import Testing

/// The settings page's auto-show and scanning in the session, applied at once: auto-show
/// follows the focus from the tap on (and where only its watch tells the field, asks for it),
/// and scanning starts, re-times and stops as the host's switches say.
struct LiveSettingsSessionTests {
    let t0 = ContinuousClock.now

    func session(fieldsTold: Bool = false, kiosk: Bool = false, scanSwitches: Int = 0) -> Session {
        var options = Session.Options()
        options.settings = SettingsSources()
        options.fieldsTold = fieldsTold
        options.kiosk = kiosk
        if kiosk {
            var file = SettingsLayer()
            file[.kiosk] = true
            options.settings = SettingsSources(file: file, kioskSettings: ["auto-show"])
        }
        options.scanSwitches = scanSwitches
        options.scanInterval = scanSwitches > 0 ? .milliseconds(1000) : nil
        return Session(keyboard: Keyboard(layout: Layout.us, size: Size(width: 1000, height: 300)), options: options, at: t0)
    }

    func tap(_ name: String, _ s: inout Session, back: Bool = false, at now: ContinuousClock.Instant) -> [Effect] {
        let cell = s.settingsPage!.cells.first { $0.action == .setting(name) }!
        let point = Point(x: back ? Double(cell.rect.x) + 5 : cell.rect.midX + Double(cell.rect.width) / 4, y: cell.rect.midY)
        return s.handle(.input(.press(point, pointer: 0)), at: now) + s.handle(.input(.release(point, pointer: 0)), at: now)
    }

    /// X: the focus watch is auto-show's alone. On, the field is asked for and private until
    /// told; the focus leaving a field hides the keyboard. Off, it stays, the field unknown.
    @Test func autoShowOnAndOffWhereItsWatchAloneTellsTheField() {
        var s = session()
        _ = s.handle(.request(.settings), at: t0)
        #expect(s.autoShow == nil && !s.watchesField)
        let on = tap("auto-show", &s, at: t0)
        #expect(s.autoShow != nil && s.watchesField && s.awaitsField)
        #expect(on.contains(.askField) && on.contains(.settingChanged("auto-show")))
        _ = s.handle(.field(.prose, before: "", moved: true), at: t0)
        _ = tap("auto-show", &s, at: t0)  // Off again.
        #expect(s.autoShow == nil && !s.watchesField && !s.awaitsField)
        #expect(s.rules.field == .unknown, "a field only the watch told is unknown again")
        _ = s.handle(.focus(.textFieldLeft), at: t0)
        _ = s.handle(.tick, at: t0 + .seconds(5))
        #expect(s.shown, "off, the focus leaving hides nothing")
        _ = tap("auto-show", &s, at: t0)
        _ = s.handle(.focus(.textFieldLeft), at: t0)
        _ = s.handle(.tick, at: t0 + .seconds(5))
        #expect(!s.shown, "on again, the focus leaving a field hides it")
    }

    /// Wayland: input-method-v2 tells the field whatever auto-show says; only showing and
    /// hiding with the focus follow the tap.
    @Test func autoShowWhereTheHostTellsTheFieldAnyway() {
        var s = session(fieldsTold: true)
        _ = s.handle(.request(.settings), at: t0)
        _ = s.handle(.field(.prose, before: "", moved: true), at: t0)
        let on = tap("auto-show", &s, at: t0)
        #expect(s.autoShow != nil && s.watchesField && !on.contains(.askField))
        _ = tap("auto-show", &s, at: t0)
        #expect(s.autoShow == nil && s.watchesField && s.rules.field == .prose)
    }

    /// A kiosk's auto-show acts only where its config says `auto-show-in-kiosk`.
    @Test func aKioskTurningAutoShowOnStaysShown() {
        var s = session(kiosk: true)
        _ = s.handle(.request(.settings), at: t0)
        _ = tap("auto-show", &s, at: t0)
        #expect(s.settingsSources?.settings[.autoShow] == true)
        #expect(s.autoShow == nil, "auto-show-in-kiosk is not set")
    }

    /// The host's switches decide: none, no scanning; the same switch, re-timed where the
    /// highlight is; none again, the highlight gone.
    @Test func scanningFollowsTheHostsSwitchesAtThePagesInterval() {
        var s = session(scanSwitches: 1)
        _ = s.handle(.request(.settings), at: t0)
        _ = s.handle(.tick, at: t0 + .milliseconds(1000))
        #expect(s.scan?.scanner.position == .row(1))
        // The page's scanning is off (the command line's 1000 ms is no page setting here):
        // the host grabs one switch still, and the page's interval, none, leaves it as it was.
        _ = tap("scan", &s, at: t0 + .milliseconds(1100))
        _ = s.handle(.scanSwitches(1), at: t0 + .milliseconds(1100))
        #expect(s.scan?.scanner.interval == .milliseconds(500) && s.scan?.scanner.position == .row(1), "re-timed in place")
        #expect(s.nextDeadline(after: t0 + .milliseconds(1100)) == t0 + .milliseconds(1600))
        _ = s.handle(.scanSwitches(0), at: t0 + .milliseconds(1200))
        #expect(s.scan == nil && s.marks.scanned.isEmpty)
        _ = s.handle(.scanSwitches(2), at: t0 + .milliseconds(1300))
        #expect(s.scan?.stepsBySwitch == true && s.scan?.scanner.position == .row(0), "two switches: a new scan from the first row")
    }
}
