import ClavierCore
import ClavierTestSupport
import CX11
import Foundation
import Testing

/// Issue 38's "each change applies at once": the page's position, show button, hardware keys
/// and scanning cells, tapped on the running keyboard, change the window, the button, the
/// watch and the switches' grab with no restart; turned off and on again they leave no window
/// or grab behind, nor a key held; and what was chosen is there after a restart.
@Suite(.serialized, .needsDisplay) struct LiveSettingsIntegrationTests {
    /// A keyboard beside xterm, its control socket in `runtime`.
    static func session(_ runtime: borrowing TemporaryDirectory, arguments: [String] = []) throws -> KeyboardSession {
        try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"] + arguments,
                            environment: ["XDG_RUNTIME_DIR": runtime.path])
    }

    static func control(_ session: KeyboardSession, _ runtime: borrowing TemporaryDirectory, _ arguments: String...) throws -> String {
        let result = try Harness.clavier(arguments, environment: session.server.env.merging(session.environment) { $1 }
                                            .merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
        guard result.status == 0 else { throw HarnessError("clavier \(arguments): \(result)") }
        return result.out
    }

    /// The page's settings in effect, as `clavier status --json` reports them.
    static func settings(_ session: KeyboardSession, _ runtime: borrowing TemporaryDirectory) throws -> [String: String] {
        let json = try JSONSerialization.jsonObject(with: Data(try control(session, runtime, "status", "--json").utf8))
        return (json as? [String: Any])?["settings"] as? [String: String] ?? [:]
    }

    /// Clicks the page's cell `action` (its + part with `plus`, its − part with `minus`) on the
    /// keyboard window `window`, whose keys begin `top` pixels below its top (a floating
    /// keyboard's handle).
    static func click(_ action: SettingsPage.Action, plus: Bool = false, minus: Bool = false, on window: Window, top: Int = 0,
                      _ server: XServer) throws {
        let f = server.frame(of: window)
        let page = SettingsPage(SettingsSources(), size: Size(width: f.width, height: f.height - top))
        let r = try #require(page.cells.first { $0.action == action }).rect
        let x = plus ? r.maxX - r.width / 10 : minus ? r.x + r.width / 10 : r.x + r.width / 2
        server.click(x: f.x + x, y: f.y + top + r.y + r.height / 2)
        usleep(400_000)
    }

    /// The keyboard's window now, once it is viewable and is not `old`.
    static func keyboardWindow(_ server: XServer, other old: Window? = nil) -> Window? {
        var found: Window?
        Harness.waitFor(10) {
            found = server.windows(named: "Clavier").first { $0 != old && server.frame(of: $0).viewable }
            return found != nil
        }
        return found
    }

    static func windowType(_ window: Window, _ server: XServer) -> String {
        guard let atom = server.property(of: window, "_NET_WM_WINDOW_TYPE")?.first, let name = XGetAtomName(server.connection, Atom(atom))
        else { return "none" }
        defer { XFree(name) }
        return String(cString: name)
    }

    @Test func thePositionDocksAndFloatsTheWindowAtOnceAndIsKept() throws {
        let runtime = TemporaryDirectory()
        let session = try Self.session(runtime)
        let server = session.server
        let docked = session.keyboardWindow
        #expect(Self.windowType(docked, server) == "_NET_WM_WINDOW_TYPE_DOCK")
        #expect(server.property(of: docked, "_NET_WM_STRUT_PARTIAL") != nil)
        #expect(server.frame(of: docked).width == server.width)

        _ = try Self.control(session, runtime, "settings")
        try Self.click(.setting("float"), on: docked, server)
        let floating = try #require(Self.keyboardWindow(server, other: docked), "no floating window; \(session.errors)")
        #expect(try Self.settings(session, runtime)["float"] == "true")
        #expect(Self.windowType(floating, server) == "_NET_WM_WINDOW_TYPE_UTILITY")
        #expect(server.property(of: floating, "_NET_WM_STRUT_PARTIAL") == nil, "a floating window reserves nothing")
        #expect(server.frame(of: floating).width < server.width, "\(server.frame(of: floating))")
        #expect(server.windows(named: "Clavier") == [floating], "the docked window is gone")

        // The page is still open, over the floating keys: docked again, and floating again.
        try Self.click(.setting("float"), on: floating, top: FloatFrame.handleHeight, server)
        let again = try #require(Self.keyboardWindow(server, other: floating), "no docked window; \(session.errors)")
        #expect(Self.windowType(again, server) == "_NET_WM_WINDOW_TYPE_DOCK")
        #expect(server.property(of: again, "_NET_WM_STRUT_PARTIAL") != nil && server.frame(of: again).width == server.width)
        try Self.click(.setting("float"), on: again, server)
        let last = try #require(Self.keyboardWindow(server, other: again), "no floating window; \(session.errors)")
        #expect(server.windows(named: "Clavier") == [last], "one window, however often it changed")
        try Self.click(.done, on: last, top: FloatFrame.handleHeight, server)

        // Its keys type where the new window is, and nothing stays held.
        session.keyboardWindow = last
        try session.tap(["o", "k", "return"], top: FloatFrame.handleHeight)
        #expect(session.waitForLines(1), "\(session.errors)")
        #expect(session.received == "ok\n")
        #expect(server.heldKeycodes.isEmpty, "\(server.heldKeycodes)")

        // Kept: the next start floats.
        #expect(session.stopKeyboard() == 0, "\(session.errors)")
        let restarted = try session.startKeyboard(arguments: ["--no-sound"], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(Self.windowType(restarted, server) == "_NET_WM_WINDOW_TYPE_UTILITY", "\(session.errors)")
    }

    @Test func theShowButtonComesAndGoesAtOnceLeavingNoWindowBehind() throws {
        let runtime = TemporaryDirectory()
        let session = try Self.session(runtime)
        let server = session.server
        _ = try Self.control(session, runtime, "settings")
        // On by default (no auto-show): off, on, off, on.
        for _ in 0..<4 { try Self.click(.setting("show-button"), on: session.keyboardWindow, server) }
        #expect(try Self.settings(session, runtime)["show-button"] == "true")
        _ = try Self.control(session, runtime, "hide")
        #expect(server.waitForWindow(named: "ClavierButton", seconds: 5) != nil, "no button; \(session.errors)")
        #expect(server.windows(named: "ClavierButton").count == 1 && server.windows(named: "ClavierTrayIcon").count <= 1,
                "windows left behind: \(server.windows(named: "ClavierButton")) \(server.windows(named: "ClavierTrayIcon"))")

        _ = try Self.control(session, runtime, "settings")
        #expect(Harness.waitFor(5) { server.frame(of: session.keyboardWindow).viewable })
        try Self.click(.setting("show-button"), on: session.keyboardWindow, server)
        #expect(try Self.settings(session, runtime)["show-button"] == "false")
        #expect(server.windows(named: "ClavierButton").isEmpty && server.windows(named: "ClavierTrayIcon").isEmpty,
                "the button and its tray icon are gone at once")
        _ = try Self.control(session, runtime, "hide")
        usleep(500_000)
        #expect(server.windows(named: "ClavierButton").isEmpty, "a button for a hidden keyboard, turned off")
    }

    @Test func hidingOnHardwareKeysStartsAndStopsAtOnce() throws {
        let runtime = TemporaryDirectory()
        let session = try Self.session(runtime, arguments: ["--no-show-button"])
        let server = session.server
        let device = try HardwareKeysTests.device(named: "Xvfb keyboard", server)
        let x = UInt32(XKeysymToKeycode(server.connection, KeySym(0x78)))
        _ = try Self.control(session, runtime, "settings")
        try Self.click(.setting("hide-on-hardware-keys"), on: session.keyboardWindow, server)
        #expect(try Self.settings(session, runtime)["hide-on-hardware-keys"] == "true")
        try HardwareKeysTests.press(x, onDevice: device, server)
        #expect(Harness.waitFor(5) { !server.frame(of: session.keyboardWindow).viewable }, "a hardware key did not hide it; \(session.errors)")

        // Off again: a hardware key leaves it shown.
        _ = try Self.control(session, runtime, "settings")
        #expect(Harness.waitFor(5) { server.frame(of: session.keyboardWindow).viewable })
        try Self.click(.setting("hide-on-hardware-keys"), on: session.keyboardWindow, server)
        #expect(try Self.settings(session, runtime)["hide-on-hardware-keys"] == "false")
        try HardwareKeysTests.press(x, onDevice: device, server)
        usleep(700_000)
        #expect(server.frame(of: session.keyboardWindow).viewable, "hidden by a hardware key with the watch off")
        #expect(session.clavier.isRunning, "\(session.errors)")
    }

    /// Scanning from the page: it scans at once and the switch is grabbed (F9 never reaches
    /// xterm); kept for the next start; off again, the highlight goes and F9 is xterm's again.
    @Test func scanningStartsAndStopsAtOnceAndTheSwitchIsGivenBack() throws {
        let aid = try AidSession(["--suggestions", "0"])
        let server = aid.server
        #expect(aid.status("scan:") == "")
        aid.control("settings")
        try Self.click(.setting("scan"), plus: true, on: aid.session.keyboardWindow, server)
        #expect(aid.waitForStatus("scan:") { $0.hasPrefix("scan: row") }, "no scanning after the tap; \(aid.session.errors)")
        #expect(aid.status()?.settings?["scan"] == "500")
        try Self.click(.done, on: aid.session.keyboardWindow, server)
        aid.parkPointer()
        aid.tapKey(ScanIntegrationTests.f9)
        aid.tapKey(ScanIntegrationTests.enter)
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "\n", "F9 reached xterm: \(aid.session.said)")

        // Kept: the next start scans.
        #expect(aid.session.stopKeyboard() == 0)
        try aid.session.startKeyboard(arguments: ["--no-sound", "--suggestions", "0"],
                                      environment: ["XDG_RUNTIME_DIR": aid.runtimePath])
        #expect(aid.waitForStatus("scan:") { $0.hasPrefix("scan: ") }, "no scanning after a restart; \(aid.session.errors)")

        // Off: no highlight, and F9 goes to xterm (CSI 20 ~).
        aid.control("settings")
        try Self.click(.setting("scan"), minus: true, on: aid.session.keyboardWindow, server)
        #expect(aid.waitForStatus("scan:") { $0 == "" }, "still scanning: \(aid.status("scan:"))")
        #expect(aid.status()?.settings?["scan"] == "default")
        try Self.click(.done, on: aid.session.keyboardWindow, server)
        aid.parkPointer()
        aid.tapKey(ScanIntegrationTests.f9)
        aid.tapKey(ScanIntegrationTests.enter)
        #expect(aid.session.waitForLines(2), "\(aid.session.said)")
        #expect(aid.session.received == "\n\u{1B}[20~\n", "\(aid.session.said)")
        #expect(server.heldKeycodes.isEmpty, "\(server.heldKeycodes)")
    }

    /// A switch X does not know, given while scanning was off, is said as scanning is turned
    /// on; scanning stays off and the keyboard types on.
    @Test func scanningOnWithASwitchXDoesNotKnowSaysSoAndTypesOn() throws {
        let aid = try AidSession(["--suggestions", "0", "--scan-switch", "NoSuchKey"])
        aid.control("settings")
        try Self.click(.setting("scan"), plus: true, on: aid.session.keyboardWindow, aid.server)
        #expect(Harness.waitFor(5) { aid.session.errors.contains("scan-switch: X knows no keysym 'NoSuchKey'") }, "\(aid.session.errors)")
        #expect(aid.status("scan:") == "", "scanning with no switch")
        try Self.click(.done, on: aid.session.keyboardWindow, aid.server)
        try aid.session.tap(["o", "k", "return"])
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "ok\n")
    }
}
