import ClavierCore
import ClavierTestSupport
import CX11
import Foundation
import Glibc
import Testing

/// Issue 23, items 1, 5 and 9: the keyboard's window taken away by someone else (another
/// client unmaps or destroys it, the window manager minimises it) while a key is held, and
/// a keyboard appearing under a still pointer with dwell. A real keyboard beside a real xterm.
@Suite(.serialized, .needsDisplay) final class WindowGoneTests {
    let runtime = TemporaryDirectory()
    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime.path] }

    /// Runs `clavier ARGS` against the running keyboard.
    @discardableResult
    func control(_ session: KeyboardSession, _ arguments: String...) -> String {
        (try? Harness.clavier(arguments, environment: session.server.env.merging(environment) { $1 }).out) ?? ""
    }

    func status(_ session: KeyboardSession) -> KeyboardStatus? {
        try? JSONDecoder().decode(KeyboardStatus.self, from: Data(control(session, "status", "--json").utf8))
    }

    /// Holds `id` down with the mouse until it has repeated (`top`: a floating keyboard's handle).
    func hold(_ id: String, _ session: KeyboardSession, top: Int = 0) throws {
        let f = session.server.frame(of: session.keyboardWindow)
        let key = try #require(try session.geometry(page: "letters", size: (f.width, f.height - top))[id])
        session.server.movePointer(x: f.x + key.midX, y: f.y + top + key.midY)
        session.server.button(down: true, pause: 1_500_000)
    }

    /// Shows the keyboard again, ends the line, waits, ends another: nothing may arrive
    /// between the two Returns (a key left repeating would type there).
    func expectNoRepeat(_ session: KeyboardSession, top: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(control(session, "show").isEmpty, sourceLocation: sourceLocation)
        #expect(Harness.waitFor(5) { session.server.frame(of: session.keyboardWindow).viewable }, "shown again",
                sourceLocation: sourceLocation)
        usleep(300_000)
        try session.tap(["return"], top: top)
        #expect(session.waitForLines(1), "\(session.said)", sourceLocation: sourceLocation)
        let first = session.received
        #expect(first.hasPrefix("xx"), "x repeated while held: \(session.said)", sourceLocation: sourceLocation)
        usleep(1_500_000)
        try session.tap(["return"], top: top)
        #expect(session.waitForLines(2), "\(session.said)", sourceLocation: sourceLocation)
        #expect(session.received == first + "\n", "nothing typed after the window went: \(session.said)",
                sourceLocation: sourceLocation)
    }

    @Test func anUnmapByAnotherClientEndsTheHeldKeyItsRepeatAndItsPreview() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--preview", "always"],
                                          environment: environment)
        try hold("x", session)
        let preview = session.server.windows(named: "Clavier preview").first { session.server.frame(of: $0).viewable }
        #expect(preview != nil, "the held key's preview is up")
        XUnmapWindow(session.server.connection, session.keyboardWindow)
        XSync(session.server.connection, 0)
        usleep(300_000)
        session.server.button(down: false, pause: 1_000_000)
        #expect(status(session)?.visible == false, "status says what is so")
        if let preview { #expect(!session.server.frame(of: preview).viewable, "the preview went with the press") }
        try expectNoRepeat(session)
    }

    @Test(.needs("openbox", "xdotool")) func aFloatingKeyboardMinimisedByTheWindowManagerEndsTheHeldKey() throws {
        let session = try KeyboardSession(windowManager: true, clavierArguments: ["--no-sound", "--float"],
                                          environment: environment)
        try hold("x", session, top: FloatFrame.handleHeight)
        let minimise = try session.server.start(["xdotool", "windowminimize", String(session.keyboardWindow)])
        _ = minimise.wait(seconds: 10)
        #expect(Harness.waitFor(5) { !session.server.frame(of: session.keyboardWindow).viewable }, "minimised")
        usleep(300_000)
        session.server.button(down: false, pause: 1_000_000)
        try expectNoRepeat(session, top: FloatFrame.handleHeight)
    }

    @Test func aKioskKeyboardWhoseWindowWasDestroyedMakesItAgain() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--kiosk"],
                                          environment: environment)
        let old = session.keyboardWindow
        XDestroyWindow(session.server.connection, old)
        XSync(session.server.connection, 0)
        var again: Window?
        #expect(Harness.waitFor(5) {
            again = session.server.windows(named: "Clavier").first { $0 != old && session.server.frame(of: $0).viewable }
            return again != nil
        }, "a new window: \(session.errors)")
        session.keyboardWindow = try #require(again)
        #expect(status(session)?.visible == true)
        // The DestroyNotify comes twice (the window's and the root's): made again once only,
        // or the window found here is destroyed by the second making.
        #expect(session.errors.components(separatedBy: "made it again").count == 2, "\(session.errors)")
        usleep(300_000)
        try session.tap(["h", "i", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "hi\n")
    }

    @Test func dwellWaitsForAMovementWhenTheKeyboardShowsUnderAStillPointer() throws {
        let aid = try AidSession(["--dwell", "300"])
        let h = try aid.centre(of: "h")
        aid.control("hide")
        #expect(Harness.waitFor(5) { !aid.server.frame(of: aid.session.keyboardWindow).viewable })
        aid.server.movePointer(x: h.x, y: h.y)
        aid.control("show")
        #expect(Harness.waitFor(5) { aid.server.frame(of: aid.session.keyboardWindow).viewable })
        // Long enough for five dwells; what lay under the still pointer is spent, not typed.
        usleep(1_500_000)
        try aid.moveOnto("return")
        #expect(aid.waitForStatus("dwell:") { $0 == "dwell: return done" })
        aid.parkPointer()
        #expect(aid.session.waitForLines(1), "\(aid.session.said)")
        #expect(aid.session.received == "\n", "nothing but the Return: \(aid.session.said)")
    }
}
