import ClavierTestSupport
import Foundation
import Testing

/// `--auto-show` on a private session bus with at-spi2-core's accessibility bus, started first
/// as a desktop session does: a GTK 3 or Qt 5 window (FocusProbe) under openbox moves the focus between its entry and its
/// button, and `clavier status` says what the keyboard did.
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send")) struct AutoShowTests {
    @Test(arguments: FocusProbe.Toolkit.allCases)
    func theKeyboardComesWithATextFieldAndGoesWithoutOne(toolkit: FocusProbe.Toolkit) throws {
        let runtime = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: true, clavierArguments: nil,
                                          environment: ["XDG_RUNTIME_DIR": runtime.path])
        let bus = try SessionBus(addressFile: session.directory.appendingPathComponent("bus-address").path,
                                 environment: session.server.env.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
        try bus.startAccessibilityBus()
        let control = session.directory.appendingPathComponent("focus").path
        try FocusProbe.focus("button-0", controlFile: control)
        let probeLog = session.directory.appendingPathComponent("probe.log").path
        let probe = try ChildProcess(FocusProbe.command(toolkit, controlFile: control),
                                     environment: session.server.env.merging(bus.environment) { $1 }
                                         .merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
                                         .merging(FocusProbe.environment(toolkit)) { $1 },
                                     stdout: probeLog, stderr: probeLog + ".err")
        defer { probe.stop() }
        guard let window = session.server.waitForWindow(named: FocusProbe.title) else {
            throw HarnessError("the \(toolkit) probe window did not appear (python3-gi, gir1.2-gtk-3.0, python3-pyqt5): "
                               + (TextFile.read(probeLog) ?? ""))
        }
        session.server.setFocus(window)
        // Toolkits tell the accessibility bus of focus moves only in their active window.
        #expect(Harness.waitFor(5) { session.server.focus == window }, "the probe window did not get the focus")
        try session.startKeyboard(arguments: ["--no-sound", "--auto-show"],
                                  environment: bus.environment.merging(["CLAVIER_LOG": "debug"]) { $1 })
        #expect(Harness.waitFor(15) { session.errors.contains("auto-show: listening") }, "clavier said: \(session.errors)")

        /// Moves the probe's focus, and waits until the probe has moved it.
        func focus(_ what: String) throws {
            try FocusProbe.focus(what, controlFile: control)
            #expect(Harness.waitFor(10) { TextFile.read(probeLog)?.contains("focused \(what) ") == true }, "the probe did not focus \(what)")
        }
        func status() -> String {
            let result = try? Harness.clavier(["status"], environment: session.server.env.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
            return result?.out.split(separator: "\n").first.map(String.init) ?? "no answer"
        }
        // It starts shown, as asked, and stays so until the focus moves.
        #expect(status() == "visible")
        for round in 1...2 {
            try focus("entry-\(round)")
            #expect(Harness.waitFor(10) { status() == "visible" }, "round \(round): the entry has the focus; clavier said: \(session.errors)")
            try focus("button-\(round)")
            #expect(Harness.waitFor(10) { status() == "hidden" },
                    "round \(round): the button has the focus; clavier said: \(session.errors); the probe: \(TextFile.read(probeLog) ?? "") \(TextFile.read(probeLog + ".err") ?? "")")
        }
        // Shown by hand with the button focused, it stays until the focus moves again.
        _ = try Harness.clavier(["show"], environment: session.server.env.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
        usleep(1_000_000)
        #expect(status() == "visible", "hidden with no focus change after clavier show")
        try focus("entry-4")
        try focus("button-4")
        #expect(Harness.waitFor(10) { status() == "hidden" }, "the next focus change hides it again")
    }

    /// Without a bus, one line says auto-show is off, and the keyboard types as ever.
    @Test func withoutABusItSaysSoOnceAndTypes() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        try session.startKeyboard(arguments: ["--no-sound", "--auto-show"],
                                  environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(session.directory.path)/no-bus"])
        #expect(Harness.waitFor(10) { session.errors.contains("auto-show is off") })
        try session.tap(["h", "i", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "hi\n")
        let lines = session.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("clavier: warning: auto-show is off: no accessibility bus"), "\(lines)")
    }
}
