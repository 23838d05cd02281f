import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// Issue 38 item 3's "unless": a kiosk whose config.yaml names `kiosk-settings: [sound]`
/// opens its page by the bar's gear, offers the click alone, and keeps it in settings.yaml;
/// what settings.yaml says of any other setting is left unapplied (and unerased).
@Suite(.serialized, .needsDisplay) struct KioskSettingsIntegrationTests {
    func settings(_ env: [String: String]) throws -> [String: String] {
        let status = try Harness.clavier(["status", "--json"], environment: env)
        guard status.status == 0 else { throw HarnessError("status failed: \(status)") }
        let json = try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any] ?? [:]
        return json["settings"] as? [String: String] ?? [:]
    }

    @Test func aKioskNamingTheClickOpensThePageByItsGearAndTurnsTheClickOff() throws {
        let scratch = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil, environment: ["XDG_RUNTIME_DIR": scratch.path])
        let config = try #require(session.environment["XDG_CONFIG_HOME"]) + "/clavier"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "kiosk: true\nkiosk-settings: [sound]\n".write(toFile: config + "/config.yaml", atomically: true, encoding: .utf8)
        try "key-size: 20\n".write(toFile: config + "/settings.yaml", atomically: true, encoding: .utf8)
        try session.startKeyboard(arguments: [], environment: ["XDG_RUNTIME_DIR": scratch.path])
        let env = session.server.env.merging(session.environment) { $1 }.merging(["XDG_RUNTIME_DIR": scratch.path]) { $1 }
        let before = try settings(env)
        #expect(before["sound"] == "true" , "\(before) \(session.errors)")
        #expect(before["key-size"] == "16", "settings.yaml's key-size is not the kiosk's to apply: \(before)")

        let gear = try #require(try session.printedGeometry(page: "letters").accessory?.first { $0.id == "settings" })
        let f = session.server.frame(of: session.keyboardWindow)
        session.server.click(x: f.x + gear.midX, y: f.y + gear.midY)
        usleep(300_000)
        let page = SettingsPage(SettingsSources(kioskSettings: ["sound"]), size: Size(width: f.width, height: f.height))
        #expect(page.cells.map(\.action) == [.setting("sound"), .done])
        let click = try #require(page.cells.first { $0.action == .setting("sound") }).rect
        session.server.click(x: f.x + click.x + click.width / 2, y: f.y + click.y + click.height / 2)
        #expect(Harness.waitFor(5) { (try? settings(env)["sound"]) == "false" }, "\(session.errors)")

        let text = (try? String(contentsOfFile: config + "/settings.yaml", encoding: .utf8)) ?? ""
        #expect(text.contains("sound: false\n") && text.contains("key-size: 20\n"), "\(text)")
        #expect(session.clavier.isRunning, "\(session.errors)")
    }
}
