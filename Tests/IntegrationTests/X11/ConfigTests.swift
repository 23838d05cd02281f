import ClavierCore
import ClavierTestSupport
import CX11
import Foundation
import Testing

/// The config file, per-application rules and kiosk mode against a running keyboard.
@Suite(.serialized, .needsDisplay) struct ConfigTests {
    /// A private config home and runtime directory; `config` is written to clavier/config.yaml.
    final class Home {
        let root = TemporaryDirectory()
        var env: [String: String] { ["XDG_CONFIG_HOME": root.path, "XDG_RUNTIME_DIR": root.file("run")] }
        var configPath: String { root.file("clavier/config.yaml") }

        init(config: String) throws {
            try FileManager.default.createDirectory(atPath: root.file("clavier"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root.file("run"), withIntermediateDirectories: true)
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        }

        func clavier(_ args: [String], _ session: KeyboardSession) throws -> (status: Int32, out: String, err: String) {
            try Harness.clavier(args, environment: session.server.env.merging(env) { $1 })
        }

        /// The layout the running keyboard shows, from `clavier status --json`.
        func layout(_ session: KeyboardSession) -> String? {
            guard let out = try? clavier(["status", "--json"], session).out else { return nil }
            return (try? JSONDecoder().decode(KeyboardStatus.self, from: Data(out.utf8)))?.layout
        }
    }

    @Test func theConfigFileSetsOptionsAndTheCommandLineOverridesIt() throws {
        let home = try Home(config: "layout: terminal\ndock: top\nsound: false\n")
        let session = try KeyboardSession(windowManager: false, clavierArguments: [], environment: home.env)
        #expect(home.layout(session) == "terminal")
        #expect(session.server.frame(of: session.keyboardWindow).y == 0)
        _ = try home.clavier(["quit"], session)
        #expect(session.clavier.wait(seconds: 10) == 0)

        let overridden = try KeyboardSession(windowManager: false, clavierArguments: ["--layout", "us", "--dock", "bottom"],
                                             environment: home.env)
        #expect(home.layout(overridden) == "us")
        let f = overridden.server.frame(of: overridden.keyboardWindow)
        #expect(f.y + f.height == overridden.server.height)
    }

    /// A broken field is reported and left out, the file's other fields kept (issue 48: one
    /// typo used to lose every setting of the file): the layout is the file's, the dock the default.
    @Test func aBrokenFieldIsReportedAndLeftOutTheRestKept() throws {
        let home = try Home(config: "layout: terminal\ndock: sideways\n")
        let check = try Harness.clavier(["check", home.configPath])
        #expect(check.status != 0)
        #expect(check.out.contains("\(home.configPath):2:7: dock must be top or bottom"), "\(check)")

        let session = try KeyboardSession(windowManager: false, environment: home.env)
        #expect(home.layout(session) == "terminal", "\(session.errors)")
        #expect(session.errors.contains("\(home.configPath):2:7: dock must be top or bottom"), "\(session.errors)")
        #expect(session.server.frame(of: session.keyboardWindow).viewable)
        let f = session.server.frame(of: session.keyboardWindow)
        #expect(f.y + f.height == session.server.height, "docked at the bottom, the default")

        try "layout: terminal\nrules:\n  - class: XTerm\n    layout: us\n".write(toFile: home.configPath, atomically: true, encoding: .utf8)
        let ok = try Harness.clavier(["check", home.configPath])
        #expect(ok.status == 0, "\(ok)")
    }

    /// A rule switches to `terminal` while an xterm is active and back when another window is.
    @Test func aRuleFollowsTheActiveWindow() throws {
        let home = try Home(config: "rules:\n  - class: XTerm\n    layout: terminal\n")
        let session = try KeyboardSession(windowManager: true, environment: home.env)
        let server = session.server
        server.activate(session.xtermWindow)
        #expect(Harness.waitFor(5) { home.layout(session) == "terminal" },
                "\(session.errors)")

        try server.start(["xterm", "-class", "Other", "-title", "other-window", "-geometry", "40x5+400+10"])
        server.activate(try #require(server.waitForWindow(named: "other-window")))
        #expect(Harness.waitFor(5) { home.layout(session) == "us" })
        server.activate(session.xtermWindow)
        #expect(Harness.waitFor(5) { home.layout(session) == "terminal" })
    }

    /// An X protocol error does not end the keyboard, and `CLAVIER_LOG=debug` shows it. With no
    /// window manager the test names a window that no longer exists as the active one, and the
    /// keyboard, following its rules, asks for that window's class (BadWindow).
    @Test func anXErrorIsLoggedAndSurvived() throws {
        let home = try Home(config: "rules:\n  - class: XTerm\n    layout: terminal\n")
        let session = try KeyboardSession(windowManager: false, environment: home.env.merging(["CLAVIER_LOG": "debug"]) { $1 })
        let server = session.server
        let gone = XCreateSimpleWindow(server.connection, server.root, 0, 0, 1, 1, 0, 0, 0)
        XDestroyWindow(server.connection, gone)
        var active = [Int(gone)]
        active.withUnsafeMutableBytes {
            _ = XChangeProperty(server.connection, server.root, XInternAtom(server.connection, "_NET_ACTIVE_WINDOW", 0), XA_WINDOW, 32,
                                PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        XSync(server.connection, 0)
        let logged = "X error: BadWindow (invalid Window parameter) in request X_GetProperty (20.0) on resource 0x\(String(gone, radix: 16))"
        #expect(Harness.waitFor(5) { session.errors.contains(logged) }, "clavier said: \(session.errors)")
        #expect(session.clavier.isRunning)
        #expect(try home.clavier(["status"], session).status == 0)
    }

    /// Kiosk mode: no quit or hide from outside, the hide key does nothing, and Ctrl+Alt+F2
    /// is not typed while ordinary keys are.
    @Test func kioskModeHoldsOn() throws {
        let home = try Home(config: "kiosk: true\n")
        let layout = home.root.file("kiosk.yaml")
        try """
            pages:
              - id: letters
                rows:
                  - - {id: ctrl, label: ctrl, action: {modifier: ctrl}, class: function}
                    - {id: alt, label: alt, action: {modifier: alt}, class: function}
                    - {id: f2, label: F2, action: {keysym: F2}, class: function}
                    - {id: hide, icon: hide, action: hide, class: function}
                  - [a, b, c]
                  - - {id: return, icon: return, action: {keysym: return}, class: function}
            """.write(toFile: layout, atomically: true, encoding: .utf8)
        let session = try KeyboardSession(windowManager: true, clavierArguments: ["--no-sound", "--layout", layout],
                                          environment: home.env.merging(["CLAVIER_LOG": "debug"]) { $1 })
        let quit = try home.clavier(["quit"], session)
        #expect(quit.status == 2 && quit.err.contains("kiosk"), "\(quit)")
        let hide = try home.clavier(["hide"], session)
        #expect(hide.status == 2 && hide.err.contains("kiosk"), "\(hide)")
        #expect(try home.clavier(["layout", "us"], session).status == 2)
        try session.tap(["hide"])
        usleep(300_000)
        #expect(session.clavier.isRunning)
        #expect(session.server.frame(of: session.keyboardWindow).viewable)

        // Ctrl and Alt latch, F2 would switch to VT 2. xterm cannot tell (the keymap turns
        // Ctrl+Alt+F2 into XF86Switch_VT_2, which it ignores), so the keyboard's own word is
        // the evidence that nothing was injected, and the keys after it still type.
        try session.tap(["ctrl", "alt", "f2", "a", "return"])
        #expect(Harness.waitFor(5) { session.received.hasSuffix("\n") }, "typed: \(session.received.debugDescription)")
        #expect(session.received == "a\n", "typed: \(session.received.debugDescription)")
        #expect(session.errors.contains("kiosk mode: not typing a blocked combination"), "\(session.errors)")
    }
}
