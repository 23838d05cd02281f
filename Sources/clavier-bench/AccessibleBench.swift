import ClavierTestSupport
import FoundationEssentials
import Glibc

/// The accessible keys' memory (issue 50 item 6): one keyboard on a private session bus with
/// at-spi2-core's accessibility bus, as a desktop session has them, read with accessibility
/// off, then once a client turned it on (`IsEnabled`, as a test tool does; a screen reader sets
/// `ScreenReaderEnabled`) and listed every button through libatspi (python3-gi's Atspi).
extension SpeechBench {
    /// Lists the buttons of the application `clavier`'s window; prints how many (0: not found).
    static let lister = """
    import sys
    import gi
    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is not None and app.get_name() == 'clavier':
            window = app.get_child_at_index(0)
            names = [window.get_child_at_index(j).get_name() for j in range(window.get_child_count())]
            print(len(names))
            sys.exit(0)
    print(0)
    """

    static func accessible(display: String, binary: String, into f: inout Figures) throws(HarnessError) {
        let home = "/tmp/clavier-bench-a11y-bus-\(getpid())"
        mkdir(home, 0o700)
        let bus = try SessionBus(addressFile: home + "/bus-address",
                                 environment: ["DISPLAY": display, "XDG_RUNTIME_DIR": home, "GSETTINGS_BACKEND": "memory"])
        try bus.startAccessibilityBus()
        let live = try LiveKeyboard(display: display, binary: binary, name: "a11y", arguments: ["--no-sound"], adding: bus.environment)
        defer { live.child.stop() }
        let client = bus.environment.merging(["DISPLAY": display, "GSETTINGS_BACKEND": "memory"]) { $1 }
        sleep(ms: Measure.restMs)
        if let m = ProcStats.memory(pid: live.child.pid) { f.memory["a11y off"] = (m.rss, m.uss) }
        let on = try Harness.run(["dbus-send", "--session", "--dest=org.a11y.Bus", "--print-reply", "/org/a11y/bus",
                                  "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
                                  "variant:boolean:true"], environment: client, timeout: 20)
        guard on.status == 0 else { throw HarnessError("accessibility could not be turned on: \(on.err)") }
        var buttons = 0
        _ = Harness.waitFor(20) {
            let listed = try? Harness.run(["/usr/bin/python3", "-c", lister], environment: client, timeout: 20)
            buttons = Int(listed?.out.split(separator: "\n").last ?? "") ?? 0
            return buttons > 0
        }
        guard buttons > 0 else { throw HarnessError("no client found Clavier's buttons (see \(live.home)/log)") }
        f.accessibleButtons = buttons
        sleep(ms: Measure.restMs)
        if let m = ProcStats.memory(pid: live.child.pid) { f.memory["a11y on"] = (m.rss, m.uss) }
        guard live.child.isRunning else { throw HarnessError("clavier exited (see \(live.home)/log)") }
    }
}
