import ClavierCore
import ClavierTestSupport
import CX11
import Foundation
import Testing

/// Issue 38's newer cells, tapped on the real keyboard: the height (the dock placed again at
/// once, its strut too), the languages (the keymap's groups made at once, LiveLanguagesIntegrationTests), the scan switch
/// (grabbed again at once); each seen in `clavier status --json` and kept after a restart.
@Suite(.serialized, .needsDisplay) struct SettingsCellsIntegrationTests {
    /// Clicks the page's cell for `action` (its + part when `plus`), laid out over the window as it is now.
    static func click(_ action: SettingsPage.Action, plus: Bool = false, on server: XServer, window: Window) throws {
        let f = server.frame(of: window)
        let page = SettingsPage(SettingsSources(), size: Size(width: f.width, height: f.height))
        let r = try #require(page.cells.first { $0.action == action }).rect
        server.click(x: f.x + (plus ? r.maxX - r.width / 10 : r.x + r.width / 2), y: f.y + r.y + r.height / 2)
        usleep(300_000)
    }

    static func status(_ env: [String: String]) throws -> (settings: [String: String], layout: String, height: Int) {
        let status = try Harness.clavier(["status", "--json"], environment: env)
        guard status.status == 0 else { throw HarnessError("status failed: \(status)") }
        let json = try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any] ?? [:]
        let geometry = json["geometry"] as? [String: Any] ?? [:]
        return (json["settings"] as? [String: String] ?? [:], json["layout"] as? String ?? "", geometry["height"] as? Int ?? 0)
    }

    /// The bottom strut's height on the keyboard's window (or its frame's), 0 when none.
    static func strut(_ session: KeyboardSession) -> Int {
        let server = session.server, top = server.topLevelWindows()
        let struts = (top + top.flatMap { WindowTree.children(server.connection, of: $0) })
            .compactMap { server.property(of: $0, "_NET_WM_STRUT_PARTIAL") }.filter { $0.count == 12 }
        return struts.map { $0[3] }.max() ?? 0
    }

    @Test func theHeightCellPlacesTheDockAgainAtOnceAndIsKept() throws {
        let scratch = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: false, clavierArguments: [], environment: ["XDG_RUNTIME_DIR": scratch.path])
        let env = session.server.env.merging(session.environment) { $1 }
        #expect(try Self.status(env).settings["height"] == "default")
        #expect(try Harness.clavier(["settings"], environment: env).status == 0)
        usleep(300_000)
        // Xvfb's screen is 800 px tall: 20 % then 25 % of it.
        try Self.click(.setting("height"), plus: true, on: session.server, window: session.keyboardWindow)
        #expect(Harness.waitFor(5) { (try? Self.status(env).height) == 160 }, "\(String(describing: try? Self.status(env))) \(session.errors)")
        try Self.click(.setting("height"), plus: true, on: session.server, window: session.keyboardWindow)
        #expect(Harness.waitFor(5) { (try? Self.status(env).height) == 200 }, "\(String(describing: try? Self.status(env))) \(session.errors)")
        let f = session.server.frame(of: session.keyboardWindow)
        #expect(f.height == 200 && f.y + f.height == session.server.height, "the window itself, still at the bottom: \(f)")
        #expect(Harness.waitFor(5) { Self.strut(session) == 200 }, "the strut follows: \(Self.strut(session))")
        #expect(try Self.status(env).settings["height"] == "25%")

        #expect(try Harness.clavier(["quit"], environment: env).status == 0)
        #expect(session.clavier.wait(seconds: 10) == 0, "\(session.errors)")
        let kept = (try? String(contentsOfFile: session.environment["XDG_CONFIG_HOME"]! + "/clavier/settings.yaml", encoding: .utf8)) ?? ""
        #expect(kept.contains("height: 25%\n"), "\(kept)")
        try session.startKeyboard(arguments: [], environment: ["XDG_RUNTIME_DIR": scratch.path])
        #expect(try Self.status(env).height == 200 && session.server.frame(of: session.keyboardWindow).height == 200)
    }

    @Test func theLanguagesCellMakesTheKeymapAtOnceAndIsKept() throws {
        let scratch = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: false, clavierArguments: [], environment: ["XDG_RUNTIME_DIR": scratch.path])
        let env = session.server.env.merging(session.environment) { $1 }
        func layouts() -> String {
            let query = (try? Harness.run(["setxkbmap", "-display", session.server.display, "-query"]).out) ?? ""
            return query.split(separator: "\n").first { $0.hasPrefix("layout:") }.map { String($0.dropFirst(7)).trimmingCharacters(in: .whitespaces) } ?? ""
        }
        #expect(try Self.status(env).settings["languages"] == "default" && layouts() == "us")
        #expect(try Harness.clavier(["settings"], environment: env).status == 0)
        usleep(300_000)
        // The keymap's own (us) with the first other language whose words are installed.
        let first = try #require(LiveLanguagesIntegrationTests.choices.first)
        try Self.click(.setting("languages"), on: session.server, window: session.keyboardWindow)
        let changed = try Self.status(env)
        #expect(changed.settings["languages"] == first, "\(changed) \(session.errors)")
        #expect(changed.layout == "xkb", "the letters follow the language at once: \(changed)")
        #expect(Harness.waitFor(5) { layouts() == first }, "the keymap's groups at once: \(layouts()) \(session.errors)")

        #expect(try Harness.clavier(["quit"], environment: env).status == 0)
        #expect(session.clavier.wait(seconds: 10) == 0, "\(session.errors)")
        try session.startKeyboard(arguments: [], environment: ["XDG_RUNTIME_DIR": scratch.path])
        let after = try Self.status(env)
        #expect(after.settings["languages"] == first && after.layout == "xkb", "\(after) \(session.errors)")
        #expect(layouts() == first)
        #expect(try Harness.clavier(["quit"], environment: env).status == 0)
        #expect(session.clavier.wait(seconds: 10) == 0)
        #expect(layouts() == "us", "the user's keymap back as the keyboard quits")
    }

    @Test func theScanSwitchCellGrabsTheNewKeyAtOnceAndGivesTheOldBack() throws {
        // A slow clock: the highlight stays on the first row while the switch is pressed.
        let aid = try AidSession(["--scan", "3000", "--suggestions", "0"])
        let env = aid.server.env.merging(aid.session.environment) { $1 }.merging(["XDG_RUNTIME_DIR": aid.runtime.path]) { $1 }
        #expect(try Self.status(env).settings["scan-switch"] == "F9")
        aid.control("settings")
        usleep(300_000)
        try Self.click(.setting("scan-switch"), on: aid.server, window: aid.session.keyboardWindow)
        #expect(try Self.status(env).settings["scan-switch"] == "F10", "\(aid.session.errors)")
        try Self.click(.done, on: aid.server, window: aid.session.keyboardWindow)
        aid.parkPointer()
        #expect(aid.waitForStatus("scan:") { $0 == "scan: row 1" })
        aid.tapKey(ScanIntegrationTests.f10)
        #expect(aid.waitForStatus("scan:") { $0 == "scan: key q" }, "F10 is the switch now: \(aid.status("scan:")) \(aid.session.errors)")
        // F9 is given back: it reaches the xterm (CSI 20 ~).
        aid.tapKey(ScanIntegrationTests.f9)
        aid.tapKey(ScanIntegrationTests.enter)
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "\u{1B}[20~\n", "\(aid.session.said)")

        #expect(aid.session.stopKeyboard() == 0)
        try aid.session.startKeyboard(arguments: ["--no-sound", "--scan", "3000", "--suggestions", "0"],
                                      environment: ["XDG_RUNTIME_DIR": aid.runtime.path])
        aid.parkPointer()
        #expect(try Self.status(env).settings["scan-switch"] == "F10")
        #expect(aid.waitForStatus("scan:") { $0 == "scan: row 1" })
        aid.tapKey(ScanIntegrationTests.f10)
        #expect(aid.waitForStatus("scan:") { $0 == "scan: key q" }, "kept after a restart: \(aid.status("scan:"))")
    }
}
