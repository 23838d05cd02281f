import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// Issue 38's goal, tried as a new user would on a touch screen: from the keyboard alone,
/// make the keys bigger, turn the click off and set a dwell time, and find the change still
/// there after a restart.
@Suite(.serialized, .needsDisplay) struct SettingsPageIntegrationTests {
    /// The page's cell for `name` as the running keyboard lays it out now (the page is Core's
    /// pure layout over the keys' area, the window's size when docked).
    func cell(_ action: SettingsPage.Action, in session: KeyboardSession) throws -> (frame: (x: Int, y: Int), rect: Rect) {
        let f = session.server.frame(of: session.keyboardWindow)
        let page = SettingsPage(SettingsSources(), size: Size(width: f.width, height: f.height))
        let cell = try #require(page.cells.first { $0.action == action })
        return ((f.x, f.y), cell.rect)
    }

    /// Clicks the cell's + (its right part), or its middle.
    func click(_ action: SettingsPage.Action, plus: Bool = false, in session: KeyboardSession) throws {
        let (origin, r) = try cell(action, in: session)
        let x = plus ? r.maxX - r.width / 10 : r.x + r.width / 2
        session.server.click(x: origin.x + x, y: origin.y + r.y + r.height / 2)
        usleep(300_000)
    }

    func settings(_ env: [String: String]) throws -> (settings: [String: String], height: Int) {
        let status = try Harness.clavier(["status", "--json"], environment: env)
        guard status.status == 0 else { throw HarnessError("status failed: \(status)") }
        let json = try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any] ?? [:]
        let geometry = json["geometry"] as? [String: Any] ?? [:]
        return (json["settings"] as? [String: String] ?? [:], geometry["height"] as? Int ?? 0)
    }

    @Test func biggerKeysNoClickAndADwellTimeSetByClicksAreKeptAfterARestart() throws {
        let scratch = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: false, clavierArguments: [],
                                          environment: ["XDG_RUNTIME_DIR": scratch.path])
        let env = session.server.env.merging(session.environment) { $1 }
        let before = try settings(env)
        #expect(before.settings["key-size"] == "16" && before.settings["sound"] == "true" && before.settings["dwell"] == "default")

        // The gear: a long press on the hide key opens the page; the keyboard stays up.
        try session.press("hide")
        usleep(900_000)
        session.server.button(down: false)
        usleep(300_000)
        #expect(session.server.frame(of: session.keyboardWindow).viewable, "\(session.errors)")

        try click(.setting("key-size"), plus: true, in: session)
        try click(.setting("key-size"), plus: true, in: session)
        try click(.setting("sound"), in: session)
        try click(.setting("dwell"), plus: true, in: session)
        try click(.setting("dwell"), plus: true, in: session)
        let changed = try settings(env)
        #expect(changed.settings["key-size"] == "20", "\(changed) \(session.errors)")
        #expect(changed.settings["sound"] == "false")
        #expect(changed.settings["dwell"] == "750")
        #expect(changed.height > before.height, "bigger keys, a taller dock at once: \(before.height) → \(changed.height)")
        try click(.done, in: session)

        let kept = session.directory.appendingPathComponent("config/clavier/settings.yaml").path
        let text = (try? String(contentsOfFile: kept, encoding: .utf8)) ?? ""
        #expect(text.contains("key-size: 20\n") && text.contains("sound: false\n") && text.contains("dwell: 750\n"), "\(text)")

        #expect(try Harness.clavier(["quit"], environment: env).status == 0)
        #expect(session.clavier.wait(seconds: 10) == 0, "\(session.errors)")
        // Keep the pointer off the keys: a dwell time is set now.
        session.server.movePointer(x: 5, y: 5)
        try session.startKeyboard(arguments: [], environment: ["XDG_RUNTIME_DIR": scratch.path])
        let after = try settings(env)
        #expect(after.settings["key-size"] == "20" && after.settings["sound"] == "false" && after.settings["dwell"] == "750",
                "\(after) \(session.errors)")
        #expect(after.height == changed.height)
    }

    @Test func aSettingGivenOnTheCommandLineIsLockedAndABrokenSettingsFileIsReported() throws {
        let scratch = TemporaryDirectory()
        let config = scratch.file("config")
        try FileManager.default.createDirectory(atPath: config + "/clavier", withIntermediateDirectories: true)
        try "sound: maybe\nrules: []\nkey-size: 20\n".write(toFile: config + "/clavier/settings.yaml", atomically: true, encoding: .utf8)
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"],
                                          environment: ["XDG_RUNTIME_DIR": scratch.path, "XDG_CONFIG_HOME": config])
        let env = session.server.env.merging(session.environment) { $1 }
        #expect(session.errors.contains("settings.yaml:2:1: 'rules' is not a setting of the settings page"), "\(session.errors)")
        #expect(session.errors.contains("settings.yaml:1:8: sound must be true or false"), "\(session.errors)")
        // Issue 48: what reads is kept (it was all dropped, and the page's next change erased it).
        #expect(try settings(env).settings["key-size"] == "20", "\(session.errors)")
        #expect(try Harness.clavier(["settings"], environment: env).status == 0)
        usleep(300_000)
        try click(.setting("sound"), in: session)
        #expect(try settings(env).settings["sound"] == "false", "locked: set by the command line")
    }

    /// Issue 48: `status` said `"page": "letters"` while the settings page was on screen; it
    /// tells what is shown, the page's Done gives the keys' page back.
    @Test func statusSaysTheSettingsPageWhileItIsShown() throws {
        let scratch = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"],
                                          environment: ["XDG_RUNTIME_DIR": scratch.path])
        let env = session.server.env.merging(session.environment) { $1 }
        func page() throws -> String? {
            let status = try Harness.clavier(["status", "--json"], environment: env)
            return (try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any])?["page"] as? String
        }
        #expect(try page() == "letters")
        #expect(try Harness.clavier(["settings"], environment: env).status == 0)
        #expect(Harness.waitFor(5) { (try? page()) == "settings" }, "\(session.errors)")
        #expect(try Harness.clavier(["status"], environment: env).out.contains("page: settings\n"))
        try click(.done, in: session)
        #expect(Harness.waitFor(5) { (try? page()) == "letters" }, "\(session.errors)")
    }

    /// Issue 38's page for a head pointer user: with `--dwell`, resting on the bar's gear opens
    /// the page and resting on Click turns the click off, no button pressed at all.
    @Test func aDwellOpensThePageByTheGearAndTurnsTheClickOff() throws {
        let scratch = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--dwell", "400"],
                                          environment: ["XDG_RUNTIME_DIR": scratch.path])
        let env = session.server.env.merging(session.environment) { $1 }
        session.server.movePointer(x: 5, y: 5)
        #expect(try settings(env).settings["sound"] == "true")
        let gear = try #require(try session.printedGeometry(page: "letters").accessory?.first { $0.id == "settings" },
                                "clavier geometry counts the gear among the bar's cells")
        let f = session.server.frame(of: session.keyboardWindow)
        session.server.movePointer(x: f.x + gear.midX, y: f.y + gear.midY)
        // The page is open when the dwell's target is one of its cells (the spent one under the pointer).
        #expect(Harness.waitFor(10) { (try? Harness.clavier(["status"], environment: env).out.contains("dwell: page ")) == true },
                "\(session.errors)")
        let (origin, click) = try cell(.setting("sound"), in: session)
        session.server.movePointer(x: origin.x + click.x + click.width / 2, y: origin.y + click.y + click.height / 2)
        #expect(Harness.waitFor(10) { (try? settings(env).settings["sound"]) == "false" }, "\(session.errors)")
        usleep(1_500_000)
        #expect(try settings(env).settings["sound"] == "false", "resting on presses once")
    }
}
