import ClavierTestSupport
import CX11
import Foundation
import Testing

/// In kiosk mode the keyboard stays above a fullscreen window (openbox stacks fullscreen
/// windows above docks), and still makes room for maximised ones.
@Suite(.serialized, .needsDisplay) struct KioskStackingTests {
    @Test func staysAboveAFullscreenWindow() throws {
        let runtime = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: true, clavierArguments: ["--no-sound", "--kiosk"],
                                          environment: ["XDG_RUNTIME_DIR": runtime.path], xtermArguments: ["-fullscreen"])
        let server = session.server
        #expect(Harness.waitFor(5) {
            let f = server.frame(of: session.xtermWindow)
            return f.width == server.width && f.height == server.height
        }, "xterm is not fullscreen: \(server.frame(of: session.xtermWindow))")
        // Activating the fullscreen xterm is what puts it above everything under openbox.
        server.activate(session.xtermWindow)
        usleep(300_000)
        #expect(Harness.waitFor(5) { server.isAbove(session.keyboardWindow, session.xtermWindow) },
                "the keyboard is below the fullscreen xterm")
        let keyboard = server.frame(of: session.keyboardWindow)
        #expect(keyboard.y + keyboard.height == server.height && keyboard.width == server.width)
        // The clicks land on the keyboard, not on the xterm beneath, and type into the xterm.
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(5) { session.received == "hi\n" }, "typed: \(session.received)")
        #expect(server.isAbove(session.keyboardWindow, session.xtermWindow))

        // The strut still holds: a maximised window leaves the keyboard's strip free.
        let topLevel = server.topLevelWindows()
        let struts = (topLevel + topLevel.flatMap { WindowTree.children(server.connection, of: $0) })
            .compactMap { server.property(of: $0, "_NET_WM_STRUT_PARTIAL") }
        #expect(struts.contains { $0.count == 12 && $0[3] == keyboard.height }, "no strut for the keyboard: \(struts)")
    }

    /// A window made fullscreen while the kiosk keyboard runs (`_NET_WM_STATE_FULLSCREEN`,
    /// as a kiosk browser asks) goes beneath it too (issue 49).
    @Test func staysAboveAWindowMadeFullscreenWhileItRuns() throws {
        let runtime = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: true, clavierArguments: ["--no-sound", "--kiosk"],
                                          environment: ["XDG_RUNTIME_DIR": runtime.path])
        let server = session.server
        server.askWindowManager("_NET_WM_STATE", about: session.xtermWindow,
                                [1, Int(XInternAtom(server.connection, "_NET_WM_STATE_FULLSCREEN", 0)), 0, 2])
        server.activate(session.xtermWindow)
        #expect(Harness.waitFor(5) {
            let f = server.frame(of: session.xtermWindow)
            return f.width == server.width && f.height == server.height
        }, "xterm is not fullscreen: \(server.frame(of: session.xtermWindow))")
        #expect(Harness.waitFor(5) { server.isAbove(session.keyboardWindow, session.xtermWindow) },
                "the keyboard is below the fullscreen xterm")
        try session.tap(["o", "k", "return"])
        #expect(Harness.waitFor(5) { session.received == "ok\n" }, "typed: \(session.received)")
    }
}
