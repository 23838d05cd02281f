import CX11
import Foundation
import Testing

/// In kiosk mode the keyboard stays above a fullscreen window (openbox stacks fullscreen
/// windows above docks), and still makes room for maximised ones.
@Suite(.serialized) struct KioskStackingTests {
    @Test func staysAboveAFullscreenWindow() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = try KeyboardSession(windowManager: true, clavierArguments: ["--no-sound", "--kiosk"],
                                          environment: ["XDG_RUNTIME_DIR": dir.path], xtermArguments: ["-fullscreen"])
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
        let strut = XInternAtom(server.connection, "_NET_WM_STRUT_PARTIAL", 0)
        let struts = server.topLevelWindows().compactMap { server.property(of: $0, strut) }
            + server.topLevelWindows().flatMap { server.children(of: $0) }.compactMap { server.property(of: $0, strut) }
        #expect(struts.contains { $0.count == 12 && $0[3] == keyboard.height }, "no strut for the keyboard: \(struts)")
    }
}

extension XServer {
    /// The root's children, bottom to top (`XQueryTree`).
    func topLevelWindows() -> [Window] { children(of: XDefaultRootWindow(connection)) }

    /// A window's children, bottom to top (`XQueryTree`).
    func children(of window: Window) -> [Window] {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(connection, window, &root, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    /// Whether `a`'s top-level window (itself or its window manager frame) is stacked above `b`'s.
    func isAbove(_ a: Window, _ b: Window) -> Bool {
        let order = topLevelWindows()
        guard let top = windowTree(containing: a).last, let under = windowTree(containing: b).last,
              let i = order.firstIndex(of: top), let j = order.firstIndex(of: under) else { return false }
        return i > j
    }
}
