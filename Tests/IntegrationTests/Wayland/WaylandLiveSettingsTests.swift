import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// Issue 38's "each change applies at once" on Wayland: the page's position cell makes the
/// layer surface again docked (its height reserved) or floating (nothing reserved), the show
/// button cell takes the button away or brings it back, the auto-show cell makes the keyboard
/// follow input-method-v2's field, all with no restart.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot", "grim"))
struct WaylandLiveSettingsTests {
    /// Clicks the page's cell `action` on the surface, whose keys begin `top` pixels below its
    /// top (a floating keyboard's handle).
    func click(_ action: SettingsPage.Action, _ session: WaylandSession, top: Int = 0) throws {
        let g = try session.status().geometry
        let page = SettingsPage(SettingsSources(), size: Size(width: g.width, height: g.height - top))
        let r = try #require(page.cells.first { $0.action == action }).rect
        try session.pointer(["move \(g.x + r.x + r.width / 2) \(g.y + top + r.y + r.height / 2)", "down", "sleep 30", "up", "sleep 300"])
    }

    @Test func thePositionFloatsAndDocksTheSurfaceAtOnceAndIsKept() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start()
        #expect(try sway.workspaceRect().height < 800, "docked, its height reserved")
        _ = try session.command(["settings"])
        try click(.setting("float"), session)
        #expect(Harness.waitFor(5) { (try? sway.workspaceRect().height) == 800 }, "a floating surface reserves nothing; \(session.errors)")
        #expect(Harness.waitFor(5) { ((try? session.status().geometry.width) ?? 1280) < 1280 }, "\(session.errors)")
        #expect(try session.status().settings?["float"] == "true")

        // Docked again over the floating keys' page, then floating again.
        try click(.setting("float"), session, top: FloatFrame.handleHeight)
        #expect(Harness.waitFor(5) { ((try? sway.workspaceRect().height) ?? 800) < 800 }, "docked again, nothing reserved; \(session.errors)")
        #expect(Harness.waitFor(5) { (try? session.status().geometry.width) == 1280 })
        try click(.setting("float"), session)
        #expect(Harness.waitFor(5) { (try? sway.workspaceRect().height) == 800 }, "\(session.errors)")
        try click(.done, session, top: FloatFrame.handleHeight)
        // Its keys type where it floats now (as WaylandFloatTests taps a floating keyboard's).
        try session.tap(["o", "k", "return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "ok\r")

        #expect(try session.quit() == 0)
        try session.start()
        #expect(try sway.workspaceRect().height == 800, "kept: floating after a restart")
        #expect(try session.quit() == 0)
    }

    @Test func theShowButtonGoesAndComesAtOnce() throws {
        let sway = try HeadlessSway()
        _ = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start()
        // The button's centre (56 px square, 16 px in from the bottom right) and a point beside it.
        let button = (x: 1280 - 16 - 28, y: 800 - 16 - 28), beside = (x: 1280 - 200, y: 800 - 16 - 28)
        func buttonShows() throws -> Bool { try Screenshot.pixel(sway, button.x, button.y) != Screenshot.pixel(sway, beside.x, beside.y) }
        _ = try session.command(["settings"])
        try click(.setting("show-button"), session)
        #expect(try session.status().settings?["show-button"] == "false")
        try click(.done, session)
        _ = try session.command(["hide"])
        #expect(Harness.waitFor(5) { (try? session.status().visible) == false })
        usleep(500_000)
        #expect(try !buttonShows(), "a button, turned off")

        _ = try session.command(["settings"])
        #expect(Harness.waitFor(5) { (try? session.status().visible) == true })
        try click(.setting("show-button"), session)
        try click(.done, session)
        _ = try session.command(["hide"])
        #expect(Harness.waitFor(5) { (try? buttonShows()) == true }, "no button, turned on; \(session.errors)")
        #expect(try session.quit() == 0)
    }

    /// input-method-v2 tells the field whatever auto-show says: turned on, the keyboard goes as
    /// a GTK 4 entry loses the focus to another workspace (its field deactivated).
    @Test func autoShowTurnedOnFollowsTheFieldAtOnce() throws {
        let sway = try HeadlessSway()
        let entry = try GTK4Entry(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start()
        try sway.waitForFocus(appID: entry.appID)
        _ = try session.command(["settings"])
        try click(.setting("auto-show"), session)
        #expect(try session.status().settings?["auto-show"] == "true")
        _ = try sway.swaymsg(["workspace", "2"])
        #expect(Harness.waitFor(5) { (try? session.status().visible) == false }, "the field left, the keyboard stayed; \(session.errors)")
        #expect(try session.quit() == 0)
    }
}
