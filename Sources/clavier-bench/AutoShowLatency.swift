import ClavierTestSupport
import CX11
import Glibc

/// `--auto-show`'s focus → mapped time: a GTK 3 window (FocusProbe) on the bench's X server,
/// on a private session bus with the accessibility bus, moves its focus from its button to its
/// entry; the time runs from just before its `grab_focus` (the probe's CLOCK_MONOTONIC, the
/// bench's clock) to the MapNotify of Clavier's window that the Probe reads. Between runs the
/// button takes the focus back and the keyboard hides (300 ms later).
enum AutoShowLatency {
    enum Outcome {
        case unavailable(String)
        case failed(String)
        case measured(Samples)
    }

    static func measure(binary: String, probe: Probe, environment: [String: String], logs: String, runs: Int) -> Outcome {
        guard Harness.which("dbus-daemon") != nil, access("/usr/bin/python3", X_OK) == 0 else {
            return .unavailable("n/a (no dbus-daemon or /usr/bin/python3: tools/install-deps test)")
        }
        do throws(HarnessError) {
            return .measured(try run(binary: binary, probe: probe, environment: environment, logs: logs, runs: runs))
        } catch {
            return .failed(error.description)
        }
    }

    private static func run(binary: String, probe: Probe, environment: [String: String], logs: String, runs: Int)
        throws(HarnessError) -> Samples {
        let runtime = "\(logs)/auto-show-runtime"
        mkdir(runtime, 0o700)
        let bus = try SessionBus(addressFile: "\(logs)/auto-show-bus", environment: environment.merging(["XDG_RUNTIME_DIR": runtime]) { $1 })
        try bus.startAccessibilityBus()
        let control = "\(logs)/auto-show-focus", probeLog = "\(logs)/auto-show-probe.log", clavierLog = "\(logs)/auto-show.log"
        try FocusProbe.focus("entry-start", controlFile: control)
        probe.drain()
        let window = try ChildProcess(FocusProbe.command(.gtk3, controlFile: control),
                                      environment: environment.merging(bus.environment) { $1 }, stdout: probeLog)
        defer { window.stop() }
        guard let probeWindow: Window = probe.waitFor(timeout: 20, { e in
            e.type == MapNotify && e.xmap.event == probe.root && probe.name(of: e.xmap.window) == FocusProbe.title ? e.xmap.window : nil
        }) else { throw HarnessError("the GTK probe window did not appear (python3-gi, gir1.2-gtk-3.0)") }
        // No window manager here: the probe window gets the focus from us, which makes it active.
        probe.focus(probeWindow)
        let keyboard = try ChildProcess([binary, "--auto-show", "--no-sound"],
                                        environment: environment.merging(bus.environment) { $1 }.merging(["CLAVIER_LOG": "debug"]) { $1 },
                                        stderr: clavierLog)
        defer { keyboard.stop() }
        guard let clavierWindow: Window = probe.waitFor(timeout: 20, { e in
            e.type == MapNotify && e.xmap.event == probe.root && e.xmap.window != probeWindow ? e.xmap.window : nil
        }) else { throw HarnessError("clavier mapped no window (see \(clavierLog))") }
        guard Harness.waitFor(20, { TextFile.read(clavierLog)?.contains("auto-show: listening") == true }) else {
            throw HarnessError("clavier did not listen on the accessibility bus (see \(clavierLog))")
        }
        /// When the probe moved its focus to `what`, on the bench's clock (it writes the line
        /// after the move, so this is read once the keyboard has answered).
        func focused(_ what: String) throws(HarnessError) -> Instant {
            var at: Instant?
            _ = Harness.waitFor(5) {
                let line = TextFile.read(probeLog)?.split(separator: "\n").last { $0.hasPrefix("focused \(what) ") }
                at = line.flatMap { $0.split(separator: " ").last }.flatMap { UInt64($0) }.map { Instant(nanoseconds: $0) }
                return at != nil
            }
            guard let at else { throw HarnessError("the probe did not focus \(what) (see \(probeLog))") }
            return at
        }
        var samples = Samples()
        // Run 0 warms up: libatspi's caches of the probe's objects fill on the first events.
        for run in 0...runs {
            probe.drain()
            try FocusProbe.focus("button-\(run)", controlFile: control)
            guard probe.waitFor(timeout: 5, { e in e.type == UnmapNotify && e.xunmap.window == clavierWindow ? true : nil }) != nil else {
                throw HarnessError("clavier did not hide when the button took the focus (see \(clavierLog))")
            }
            // The MapNotify is waited for at once, so its instant is when it came, not when looked at.
            try FocusProbe.focus("entry-\(run)", controlFile: control)
            guard let mapped: Instant = probe.waitFor(timeout: 5, { e in
                e.type == MapNotify && e.xmap.window == clavierWindow ? Instant.now : nil
            }) else { throw HarnessError("clavier did not show when the entry took the focus (see \(clavierLog))") }
            if run > 0 { samples.add(mapped - (try focused("entry-\(run)"))) }
        }
        withExtendedLifetime(bus) {}
        return samples
    }
}
