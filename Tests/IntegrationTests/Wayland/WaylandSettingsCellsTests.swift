import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// The settings page's newer cells on a headless sway: the height places the layer surface
/// again at once, its exclusive zone too, and is kept; the languages, made of the X server's
/// keymap, are locked ("not on Wayland"), and so is the scan switch, the pointer there
/// (`button1`): a tap changes neither.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot"))
struct WaylandSettingsCellsTests {
    func settings(_ session: WaylandSession) throws -> [String: String] {
        let out = try session.command(["status", "--json"]).out
        let json = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any] ?? [:]
        return json["settings"] as? [String: String] ?? [:]
    }

    /// Clicks the page's cell for `action` (its + part when `plus`) on the surface as it is placed now.
    func click(_ action: SettingsPage.Action, plus: Bool = false, _ session: WaylandSession) throws {
        let g = try session.status().geometry
        let page = SettingsPage(SettingsSources(), size: Size(width: g.width, height: g.height))
        let r = try #require(page.cells.first { $0.action == action }).rect
        let x = g.x + (plus ? r.maxX - r.width / 10 : r.x + r.width / 2), y = g.y + r.y + r.height / 2
        try session.pointer(["move \(x) \(y)", "down", "sleep 30", "up", "sleep 200"])
    }

    @Test func theHeightIsPlacedAgainAtOnceAndTheXOnlyCellsAreLocked() throws {
        let sway = try HeadlessSway()
        let session = WaylandSession(sway: sway)
        try session.start()
        let before = try session.status().geometry
        let output = before.y + before.height
        #expect(try session.command(["settings"]).status == 0)
        usleep(300_000)
        try click(.setting("scan-switch"), session)
        try click(.setting("languages"), session)
        let locked = try settings(session)
        // The switch is the pointer there: the cell shows its button.
        #expect(locked["scan-switch"] == "button1" && locked["languages"] == "default", "locked on Wayland: \(locked) \(session.errors)")
        try click(.setting("height"), plus: true, session)
        let twenty = Int((Double(output) * 0.2).rounded())
        #expect(Harness.waitFor(5) { (try? session.status().geometry.height) == twenty }, "20 % of \(output) \(session.errors)")
        usleep(300_000)
        // The second press lands on the surface made again at 20 % (it was lost there once:
        // the old surface's press was never let go).
        try click(.setting("height"), plus: true, session)
        let wanted = Int((Double(output) * 0.25).rounded())
        #expect(Harness.waitFor(5) { (try? session.status().geometry.height) == wanted },
                "25 % of \(output): \(String(describing: try? session.status().geometry)) \(session.errors)")
        #expect(try settings(session)["height"] == "25%")
        let placed = try session.status().geometry
        #expect(placed.y + placed.height == output, "still docked at the bottom: \(placed)")
        #expect(Harness.waitFor(5) { (try? sway.workspaceRect())?.height == output - wanted }, "the exclusive zone follows")
        #expect(try session.quit() == 0)
        try session.start()
        #expect(try session.status().geometry.height == wanted, "kept after a restart")
        #expect(try session.quit() == 0)
    }
}
