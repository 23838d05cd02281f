import ClavierBuiltins
@testable import ClavierCore
import Testing

/// The settings page worked by dwell and switch scanning, and the bar's gear that opens it:
/// driven through the session with a clock of the test's own, no X server, no sleeping.
struct SettingsAidsTests {
    let t0 = ContinuousClock.now

    func session(kiosk: Bool = false, page: Bool = true, dwell: Duration? = nil, switches: Int = 0) -> Session {
        var options = Session.Options()
        options.kiosk = kiosk
        // The dwell as the settings give it (kept by the page, so its cell is not locked): each
        // change on the page takes the session's dwell from the settings again.
        var kept = SettingsLayer()
        kept[.dwell] = dwell.map { Int($0 / .milliseconds(1)) }
        options.settings = SettingsSources(page: kept)
        options.settingsPage = page
        options.dwell = dwell
        options.scanSwitches = switches
        return Session(keyboard: Keyboard(layout: Layout.us, size: Size(width: 1000, height: 300)), options: options, at: t0)
    }

    /// Lets time run to `end`, ticking the session at each deadline it asks for, as the loop does.
    func run(_ s: inout Session, from now: ContinuousClock.Instant, to end: ContinuousClock.Instant) {
        var now = now
        while let due = s.nextDeadline(after: now), due <= end {
            now = max(due, now)
            _ = s.handle(.tick, at: now)
            if s.nextDeadline(after: now) == due { break }
        }
    }

    func centre(_ r: Rect) -> Point { Point(x: r.midX, y: r.midY) }

    @Test func theGearEndsTheBarOnlyWhereThePageMayOpenAndOpensIt() throws {
        var s = session()
        let gear = try #require(s.keyboard.accessory?.rect(of: .settings))
        #expect(gear.maxX > 1000 - gear.height, "at the bar's end")
        #expect(gear.height >= s.keyboard.geometry.keyHeight / 2 && gear.width > gear.height, "touch-sized")
        _ = s.handle(.input(.press(centre(gear), pointer: 0)), at: t0)
        #expect(!s.settingsOpen, "on release, as the bar's other cells")
        _ = s.handle(.input(.release(centre(gear), pointer: 0)), at: t0)
        #expect(s.settingsOpen)
        #expect(session(kiosk: true).keyboard.accessory?.rect(of: .settings) == nil, "a kiosk has no gear")
        #expect(session(page: false).keyboard.accessory?.rect(of: .settings) == nil, "nor a greeter's keyboard (--xid)")
        var renewed = session()
        _ = renewed.handle(.keyboardReady(Keyboard(layout: Layout.us, size: Size(width: 1000, height: 300)), .refresh), at: t0)
        #expect(renewed.keyboard.accessory?.rect(of: .settings) != nil, "a new keyboard gets it too")
    }

    @Test func aDwellOpensThePageByTheGearAndChangesTheClick() throws {
        var s = session(dwell: .milliseconds(500))
        let gear = centre(try #require(s.keyboard.accessory?.rect(of: .settings)))
        _ = s.handle(.hover(gear), at: t0)
        run(&s, from: t0, to: t0 + .milliseconds(500))
        #expect(s.settingsOpen, "a rest on the gear opens the page")
        // Resting on where the gear was presses nothing on the page: it is spent, as after a page switch.
        run(&s, from: t0 + .milliseconds(500), to: t0 + .seconds(3))
        #expect(s.settingsSources?.keptLines.map(\.name) == ["dwell"], "nothing changed but the dwell it was given")
        let page = try #require(s.settingsPage)
        let click = try #require(page.cells.first { $0.action == .setting("sound") })
        let t1 = t0 + .seconds(3)
        _ = s.handle(.hover(centre(click.rect)), at: t1)
        _ = s.handle(.tick, at: t1 + .milliseconds(250))
        #expect(s.marks.dwell?.target == .page(.setting("sound"), .whole) && s.marks.dwell?.progress == 0.5,
                "the count shows on the cell as on a key")
        run(&s, from: t1 + .milliseconds(250), to: t1 + .milliseconds(500))
        #expect(s.settingsSources?.settings[.sound] == false)
        run(&s, from: t1 + .milliseconds(500), to: t1 + .seconds(3))
        #expect(s.settingsSources?.settings[.sound] == false, "resting on presses once")
    }

    @Test func aDwellStepsANumberUpOrDownByWhereItRests() throws {
        var s = session(dwell: .milliseconds(500))
        _ = s.handle(.request(.settings), at: t0)
        let size = try #require(s.settingsPage?.cells.first { $0.action == .setting("key-size") })
        let plus = Point(x: Double(size.rect.maxX) - 10, y: size.rect.midY), minus = Point(x: Double(size.rect.x) + 10, y: size.rect.midY)
        #expect(s.picture.dwellTarget(at: plus, pointer: DwellAid.pointer) == .page(.setting("key-size"), .plus))
        _ = s.handle(.hover(plus), at: t0)
        run(&s, from: t0, to: t0 + .milliseconds(600))
        #expect(s.settingsSources?.settings[.keySize] == 18)
        _ = s.handle(.hover(minus), at: t0 + .milliseconds(600))
        run(&s, from: t0 + .milliseconds(600), to: t0 + .milliseconds(1200))
        #expect(s.settingsSources?.settings[.keySize] == 16, "from + to − is a new rest, on −")
        #expect(s.dwell?.delay == .milliseconds(500), "the dwell goes on through the change")
    }

    /// Presses and lets go switch `index`.
    func flick(_ index: Int, _ s: inout Session, at now: ContinuousClock.Instant) {
        _ = s.handle(.switchKey(index, down: true), at: now)
        _ = s.handle(.switchKey(index, down: false), at: now)
    }

    @Test func aScanOpensThePageByTheGearAndSelectsCellsThenTheirParts() {
        // Two switches: 0 steps, 1 selects, no clock.
        var s = session(switches: 2)
        let keyRows = s.scan?.scanner.rows.dropLast().count ?? 0
        #expect(s.scan?.scanner.rows.last == [.cell(.settings)],
                "with no words offered, the gear is a row of its own, last: first, it would cost every letter a step")
        for _ in 0..<keyRows { flick(0, &s, at: t0) }
        flick(1, &s, at: t0)
        flick(1, &s, at: t0)
        #expect(s.settingsOpen)
        let rows = s.scan?.scanner.rows ?? []
        #expect(rows.first == [.page(.setting("key-size"), .minus), .page(.setting("key-size"), .plus),
                               .page(.setting("height"), .minus), .page(.setting("height"), .plus), .page(.setting("sound"), .whole),
                               .page(.setting("volume"), .minus), .page(.setting("volume"), .plus),
                               .page(.setting("dwell"), .minus), .page(.setting("dwell"), .plus), .page(.setting("layout"), .whole)],
                "the page's rows: a number is a − stop and a + stop")
        flick(1, &s, at: t0)
        #expect(s.marks.scanned == [.page(.setting("key-size"), .minus)])
        flick(0, &s, at: t0)
        flick(1, &s, at: t0)
        #expect(s.settingsSources?.settings[.keySize] == 18, "+ selected")
        flick(1, &s, at: t0)
        for _ in 0..<4 { flick(0, &s, at: t0) }
        #expect(s.marks.scanned == [.page(.setting("sound"), .whole)])
        flick(1, &s, at: t0)
        #expect(s.settingsSources?.settings[.sound] == false, "a select is a tap")
        #expect(PressTarget.name(.page(.setting("key-size"), .minus)) == "page key-size -")
    }

    @Test func aLockedCellIsNoTarget() throws {
        var options = Session.Options()
        var line = SettingsLayer()
        line[.sound] = false
        options.settings = SettingsSources(commandLine: line)
        options.dwell = .milliseconds(500)
        var s = Session(keyboard: Keyboard(layout: Layout.us, size: Size(width: 1000, height: 300)), options: options, at: t0)
        _ = s.handle(.request(.settings), at: t0)
        let click = try #require(s.settingsPage?.cells.first { $0.action == .setting("sound") })
        #expect(s.picture.dwellTarget(at: centre(click.rect), pointer: DwellAid.pointer) == nil)
        #expect(!(s.settingsPage?.scanRows.joined().contains(.page(.setting("sound"), .whole)) ?? true))
    }
}
