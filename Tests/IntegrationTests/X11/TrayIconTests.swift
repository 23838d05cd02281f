import ClavierTestSupport
import CX11
import Foundation
import Testing

/// The tray icon under a real system tray (trayer, which embeds icons with GtkSocket): it
/// docks, a click on it hides and shows the keyboard, and the floating button stays away
/// while the tray holds the icon. When the tray quits and another starts, it docks again.
@Suite(.serialized, .needsDisplay, .needs("trayer")) struct TrayIconTests {
    static let trayer = ["trayer", "--edge", "top", "--align", "right", "--widthtype", "request", "--height", "24"]

    static func startTray(_ server: XServer) throws -> ChildProcess {
        let tray = try server.start(trayer)
        let selection = XInternAtom(server.connection, "_NET_SYSTEM_TRAY_S0", 0)
        guard Harness.waitFor(10, { XGetSelectionOwner(server.connection, selection) != 0 }) else {
            throw HarnessError("trayer took no _NET_SYSTEM_TRAY_S0")
        }
        return tray
    }

    /// The icon's window once a tray has embedded it and it is viewable, or nil.
    static func dockedIcon(_ server: XServer) -> Window? {
        var icon: Window?
        Harness.waitFor(10) {
            icon = server.windows(named: "ClavierTrayIcon").first { window in
                var root: Window = 0, parent: Window = 0
                var children: UnsafeMutablePointer<Window>?
                var count: UInt32 = 0
                XQueryTree(server.connection, window, &root, &parent, &children, &count)
                XFree(children)
                return parent != root && server.frame(of: window).viewable
            }
            return icon != nil
        }
        return icon
    }

    @Test func theIconDocksAndTogglesTheKeyboard() throws {
        let state = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil,
                                          environment: ["XDG_RUNTIME_DIR": state.path, "XDG_STATE_HOME": state.path])
        let server = session.server
        var tray = try Self.startTray(server)
        try session.startKeyboard(arguments: ["--no-sound"])
        let icon = try #require(Self.dockedIcon(server), "the icon did not dock; clavier said: \(session.errors)")
        let focus = server.focus
        var f = server.frame(of: icon)
        server.click(x: f.x + f.width / 2, y: f.y + f.height / 2)
        #expect(Harness.waitFor(5) { !server.frame(of: session.keyboardWindow).viewable }, "a click on the icon did not hide it")
        usleep(300_000)
        #expect(server.windows(named: "ClavierButton").allSatisfy { !server.frame(of: $0).viewable },
                "the floating button shows beside the tray icon")
        server.click(x: f.x + f.width / 2, y: f.y + f.height / 2)
        #expect(Harness.waitFor(5) { server.frame(of: session.keyboardWindow).viewable }, "a second click did not show it")
        #expect(server.focus == focus, "the focus moved from \(focus) to \(server.focus)")

        // The tray quits: the icon leaves the screen, and a hidden keyboard floats its button.
        tray.stop()
        #expect(Harness.waitFor(5) { server.windows(named: "ClavierTrayIcon").allSatisfy { !server.frame(of: $0).viewable } },
                "the icon lingers without its tray")
        let hidden = try Harness.clavier(["hide"], environment: server.env.merging(["XDG_RUNTIME_DIR": state.path]) { $1 })
        #expect(hidden.status == 0)
        #expect(server.waitForWindow(named: "ClavierButton", seconds: 5) != nil, "no floating button without a tray")
        // A new tray announces itself (MANAGER): the icon docks there, and the button goes.
        tray = try Self.startTray(server)
        let again = try #require(Self.dockedIcon(server), "the icon did not dock in the new tray; clavier said: \(session.errors)")
        #expect(Harness.waitFor(5) { server.windows(named: "ClavierButton").allSatisfy { !server.frame(of: $0).viewable } })
        f = server.frame(of: again)
        server.click(x: f.x + f.width / 2, y: f.y + f.height / 2)
        #expect(Harness.waitFor(5) { server.frame(of: session.keyboardWindow).viewable }, "a click on the new icon did not show it")
        tray.stop()
    }

    /// A tray that sizes the icon huge (issue 34, item 5): the icon is painted at most
    /// `TrayIcon.largestPainted` a side, so hiding the keyboard afterwards neither stalls it nor
    /// loses its connection (at 30000 px it painted 3.6 GB and the server dropped it).
    @Test func aHugeIconSizeNeitherStallsNorEndsTheKeyboard() throws {
        let state = TemporaryDirectory()
        let env = ["XDG_RUNTIME_DIR": state.path, "XDG_STATE_HOME": state.path]
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil, environment: env)
        let server = session.server, c = server.connection
        // The test is the tray: it owns the selection, and resizes what asks to dock.
        let trayWindow = XCreateSimpleWindow(c, XDefaultRootWindow(c), 0, 0, 40, 40, 0, 0, 0)
        XSetSelectionOwner(c, XInternAtom(c, "_NET_SYSTEM_TRAY_S0", 0), trayWindow, UInt(CurrentTime))
        XSync(c, 0)
        try session.startKeyboard(arguments: ["--no-sound", "--show-button"])
        var icon: Window?
        #expect(Harness.waitFor(10) { icon = server.windows(named: "ClavierTrayIcon").first; return icon != nil },
                "no tray icon; clavier said: \(session.errors)")
        let found = try #require(icon)
        XResizeWindow(c, found, 30000, 30000)
        XSync(c, 0)
        usleep(500_000)
        let hidden = try Harness.clavier(["hide"], environment: server.env.merging(env) { $1 })
        #expect(hidden.status == 0, "\(hidden); clavier said: \(session.errors)")
        #expect(Harness.waitFor(5) { !server.frame(of: session.keyboardWindow).viewable }, "clavier said: \(session.errors)")
        let status = try Harness.clavier(["status"], environment: server.env.merging(env) { $1 })
        #expect(status.status == 0 && session.clavier.isRunning, "\(status); clavier said: \(session.errors)")
        #expect(!session.errors.contains("gone"), "clavier said: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
        XDestroyWindow(c, trayWindow)
    }
}
