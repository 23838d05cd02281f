import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// A keyboard session (openbox, an xterm) with a private session bus and its accessibility bus
/// up, a FocusProbe window of `toolkit` holding the X focus, and clavier started with
/// `arguments` (and `CLAVIER_LOG=debug`, so the test sees when it listens). The probe's button
/// has the window's focus, or `focused` (`entry-0`, `password-0`), which the probe has then
/// said it focused before clavier starts.
final class FocusSession {
    let runtime = TemporaryDirectory()
    let session: KeyboardSession
    let bus: SessionBus
    let probe: ChildProcess
    let control: String, probeLog: String

    convenience init(_ toolkit: FocusProbe.Toolkit, arguments: [String], config: String? = nil, focused: String? = nil) throws {
        try self.init(client: "the \(toolkit) probe window (python3-gi, gir1.2-gtk-3.0, python3-pyqt5)", arguments: arguments,
                      config: config, focused: focused) { environment, control, log in
            try ChildProcess(FocusProbe.command(toolkit, controlFile: control),
                             environment: environment.merging(FocusProbe.environment(toolkit)) { $1 }, stdout: log, stderr: log + ".err")
        }
    }

    /// The same with another client, started by `start(ENVIRONMENT, CONTROL_FILE, LOG)`: its
    /// window is named `window` (WM_CLASS class or WM_NAME), it follows the control file as the
    /// probe does and prints `focused WHAT ` and `text …` lines into LOG.
    init(client: String, window name: String = FocusProbe.title, arguments: [String], config: String? = nil,
         focused: String? = nil,
         start: (_ environment: [String: String], _ control: String, _ log: String) throws -> ChildProcess) throws {
        session = try KeyboardSession(windowManager: true, clavierArguments: nil, environment: ["XDG_RUNTIME_DIR": runtime.path])
        if let config, let home = session.environment["XDG_CONFIG_HOME"] {
            try FileManager.default.createDirectory(atPath: home + "/clavier", withIntermediateDirectories: true)
            try TextFile.write(home + "/clavier/config.yaml", config)
        }
        bus = try SessionBus(addressFile: session.directory.appendingPathComponent("bus-address").path,
                             environment: session.server.env.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
        try bus.startAccessibilityBus()
        control = session.directory.appendingPathComponent("focus").path
        probeLog = session.directory.appendingPathComponent("probe.log").path
        try FocusProbe.focus(focused ?? "button-0", controlFile: control)
        probe = try start(session.server.env.merging(bus.environment) { $1 }.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 },
                          control, probeLog)
        guard let window = session.server.waitForWindow(named: name, seconds: 30) else {
            throw HarnessError("\(client) did not appear: " + (TextFile.read(probeLog + ".err") ?? "") + (TextFile.read(probeLog) ?? ""))
        }
        session.server.setFocus(window)
        // Toolkits tell the accessibility bus of focus moves only in their active window.
        #expect(Harness.waitFor(5) { self.session.server.focus == window }, "the probe window did not get the focus")
        if let focused {
            #expect(Harness.waitFor(10) { TextFile.read(self.probeLog)?.contains("focused \(focused) ") == true },
                    "the probe did not focus \(focused)")
        }
        try session.startKeyboard(arguments: arguments, environment: bus.environment.merging(["CLAVIER_LOG": "debug"]) { $1 })
    }

    deinit { probe.stop() }

    /// Moves the probe's focus (`entry-N` or `button-N`), once the keyboard has taken the clicks
    /// sent before (`settle`), and waits until the probe has moved it.
    func focus(_ what: String) throws {
        settle()
        try FocusProbe.focus(what, controlFile: control)
        #expect(Harness.waitFor(10) { TextFile.read(self.probeLog)?.contains("focused \(what) ") == true },
                "the probe did not focus \(what)")
    }

    /// Waits until the keyboard has handled every click sent so far. Openbox holds a click it
    /// grabs until it has dealt with it, so a focus the probe moves by hand (no click) could
    /// overtake a click still held, which the keyboard would then read on the next field's keys
    /// (seen under load: a phone pad's 0 typed as the letters' space into the next entry). The
    /// window manager's answer (`waitForWindowManager`) says the click is passed on; a
    /// `clavier status` answered says the keyboard took it, as it reads X events before its
    /// control socket.
    func settle() {
        _ = session.server.waitForWindowManager()
        _ = fullStatus()
    }

    /// Moves the focus to `what`, then waits until the focus watch names the field `kind` (within
    /// `seconds`) and the keyboard shows `shown` (`layout/page`).
    func focus(_ what: String, kind: String, shows shown: String, within seconds: Double = 10) throws {
        try focus(what)
        #expect(Harness.waitFor(seconds) { self.session.errors.contains("(\(kind))") }, "the watch did not say \(kind) for \(what); \(said)")
        #expect(Harness.waitFor(10) { self.shown() == shown }, "\(what): \(self.shown()), not \(shown); \(said)")
    }

    /// Runs `clavier ARGS` against this session's keyboard.
    func clavier(_ arguments: String...) throws -> (status: Int32, out: String, err: String) {
        try Harness.clavier(arguments, environment: session.server.env.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
    }

    /// `visible` or `hidden`, as `clavier status --json` says.
    func status() -> String {
        guard let status = fullStatus() else { return "no answer" }
        return status.visible ? "visible" : "hidden"
    }

    /// What `clavier status --json` says; nil when it does not answer.
    func fullStatus() -> KeyboardStatus? {
        guard let out = (try? clavier("status", "--json"))?.out else { return nil }
        return try? JSONDecoder().decode(KeyboardStatus.self, from: Data(out.utf8))
    }

    /// Waits until the probe says its entries hold a text for which `holds` is true (the line
    /// after `text `), asking it anew every 100 ms: it says its text once for each `dump-N`, and
    /// keys still on their way when it was asked (a busy client, taps a window manager held)
    /// are not in that one.
    func waitForText(_ seconds: Double = 10, _ holds: @escaping (String) -> Bool) -> Bool {
        Harness.waitFor(seconds) {
            self.dumps += 1
            try? FocusProbe.focus("dump-asked-\(self.dumps)", controlFile: self.control)
            usleep(100_000)
            return (TextFile.read(self.probeLog) ?? "").split(separator: "\n").contains { $0.hasPrefix("text ") && holds(String($0.dropFirst(5))) }
        }
    }
    private var dumps = 0

    /// `LAYOUT/PAGE` shown now, as `clavier status --json` says.
    func shown() -> String {
        fullStatus().map { $0.layout + "/" + $0.page } ?? "no answer"
    }

    /// What clavier and the probe said, for a test's message.
    var said: String {
        "clavier said: \(session.errors); the probe: \(TextFile.read(probeLog) ?? "") \(TextFile.read(probeLog + ".err") ?? "")"
    }
}
