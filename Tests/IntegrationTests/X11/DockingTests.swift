import ClavierTestSupport
import CX11
import Foundation
import Testing

/// The docked keyboard: its strut makes maximised windows room, it follows its monitor and
/// the screen's resolution, and it never takes the focus.
@Suite(.serialized, .needsDisplay) struct DockingTests {
    /// A maximised xterm under openbox loses the keyboard's height while the keyboard is
    /// shown and gets it back while hidden.
    @Test func aMaximisedWindowMakesRoom() throws {
        let runtime = TemporaryDirectory()
        let env = ["XDG_RUNTIME_DIR": runtime.path]
        let session = try KeyboardSession(windowManager: true, environment: env)
        let server = session.server
        server.maximise(session.xtermWindow)
        let keyboard = server.frame(of: session.keyboardWindow)
        #expect(keyboard.y + keyboard.height == server.height && keyboard.width == server.width)
        // xterm grows in whole character cells, so "fits above" rather than "exactly".
        func xtermBottom() -> Int {
            let f = server.frame(of: session.xtermWindow)
            return f.y + f.height
        }
        #expect(Harness.waitFor(5) { xtermBottom() <= keyboard.y && xtermBottom() > keyboard.y - 40 },
                "the maximised xterm ends at \(xtermBottom()), the keyboard starts at \(keyboard.y)")

        let hide = try Harness.clavier(["hide"], environment: server.env.merging(env) { $1 })
        #expect(hide.status == 0, "\(hide.err)")
        #expect(Harness.waitFor(5) { xtermBottom() > server.height - 40 }, "the xterm did not grow back: \(xtermBottom())")
        #expect(server.property(of: session.keyboardWindow, "_NET_WM_STRUT_PARTIAL") == nil)

        _ = try Harness.clavier(["show"], environment: server.env.merging(env) { $1 })
        #expect(Harness.waitFor(5) { xtermBottom() <= keyboard.y }, "the xterm did not shrink again: \(xtermBottom())")

        // Typing on the keyboard leaves the focus where it was.
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(5) { session.received == "hi\n" }, "typed: \(session.received)")
        #expect(server.focus != session.keyboardWindow)
        #expect(!server.windowTree(containing: server.focus).contains(session.keyboardWindow))
    }

    /// With two monitors side by side, `--monitor right --dock top` spans only the right one.
    @Test func docksOnTheChosenMonitor() throws {
        let server = try XServer(windowManager: false)
        server.setMonitor("left", x: 0, width: 640)
        server.setMonitor("right", x: 640, width: 640)
        let keyboard = try server.start([Harness.clavierBinary, "--no-sound", "--monitor", "right", "--dock", "top"])
        let window = try #require(server.waitForWindow(named: "Clavier"))
        let f = server.frame(of: window)
        #expect(f.x == 640 && f.y == 0 && f.width == 640, "\(f)")
        #expect(server.property(of: window, "_NET_WM_STRUT_PARTIAL") == [0, 0, f.height, 0, 0, 0, 0, 0, 640, 1279, 0, 0])
        keyboard.stop()
    }

    /// A resolution change moves and resizes the docked keyboard to the new screen.
    @Test(.needs("xrandr")) func followsAResolutionChange() throws {
        let session = try KeyboardSession(windowManager: false)
        let server = session.server
        let before = server.frame(of: session.keyboardWindow)
        let xrandr = { (args: [String]) throws in
            let r = try Harness.run(["xrandr"] + args, environment: server.env)
            if r.status != 0 { throw HarnessError("xrandr \(args): \(r.err)") }
        }
        try xrandr(["--newmode", "1024x700", "60", "1024", "1030", "1040", "1050", "700", "702", "704", "706"])
        try xrandr(["--addmode", "screen", "1024x700"])
        try xrandr(["--output", "screen", "--mode", "1024x700", "--fb", "1024x700"])
        var after = before
        let followed = Harness.waitFor(5) {
            after = server.frame(of: session.keyboardWindow)
            return after.width == 1024 && after.y + after.height == 700
        }
        #expect(followed, "before \(before), after \(after); clavier said: \(session.errors)")
    }
}

extension XServer {
    /// Adds a RandR monitor with no outputs spanning the full height (`XRRSetMonitor`,
    /// what `xrandr --setmonitor NAME … none` does), at 96 dpi.
    func setMonitor(_ name: String, x: Int, width: Int) {
        guard let monitor = XRRAllocateMonitor(connection, 0) else { return }
        defer { XRRFreeMonitors(monitor) }
        monitor.pointee.name = XInternAtom(connection, name, 0)
        monitor.pointee.x = Int32(x)
        monitor.pointee.y = 0
        monitor.pointee.width = Int32(width)
        monitor.pointee.height = Int32(height)
        monitor.pointee.mwidth = Int32(width * 254 / 960)
        monitor.pointee.mheight = Int32(height * 254 / 960)
        XRRSetMonitor(connection, root, monitor)
        XSync(connection, 0)
    }
}
