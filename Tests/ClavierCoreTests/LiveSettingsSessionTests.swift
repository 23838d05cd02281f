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

    /// The languages apply at once: the host makes the keymap's groups (`.settingChanged`), then
    /// the keys come again with the globe: `xkb`, the layout languages make the default, as
    /// `clavier layout xkb` would; a layout given keeps its place and is loaded again; off, the
    /// default comes back without the globe. The cell never says "at the next start".
    @Test func theLanguagesCellLoadsTheKeysWithTheGlobeAtOnce() throws {
        for given in [nil, "us"] as [String?] {
            var sources = SettingsSources()
            sources.languageChoices = ["us,de", "us,fr"]
            if let given {
                let set = sources.set("layout", to: given)
                #expect(set)
            }
            var options = Session.Options()
            options.settings = sources
            var s = Session(keyboard: Keyboard(layout: Layout.us, size: Size(width: 1000, height: 300)), options: options, at: t0)
            _ = s.handle(.request(.settings), at: t0)
            let cell = try #require(s.settingsPage?.cells.first { $0.action == .setting("languages") })
            #expect(cell.note == nil && !cell.locked)
            let on = tap("languages", &s, at: t0)
            #expect(s.settingsSources?.settings[.languages] == ["us", "de"])
            let load: Effect = given == nil ? .loadLayout("xkb", .request("xkb")) : .loadLayout("us", .refresh)
            let changed = try #require(on.firstIndex(of: .settingChanged("languages")))
            #expect(on.firstIndex(of: load).map { $0 > changed } == true, "the keymap first, then the keys: \(on)")
            _ = tap("languages", &s, at: t0)
            let off = tap("languages", &s, at: t0)
            #expect(s.settingsSources?.settings[.languages] == [])
            #expect(off.contains(given == nil ? .loadLayout("us", .request("us")) : .loadLayout("us", .refresh)), "\(off)")
            #expect(s.settingsOpen)
        }
    }
}
