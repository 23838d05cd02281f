import CX11
import ClavierTestSupport
import Glibc

/// A `clavier` started for a live bench (glide, autocorrect) on the bench's Xvfb, beside a
/// focused probe window that receives what it types: its own XDG directories under `home`,
/// and its window's place on screen once mapped.
struct LiveKeyboard {
    let probe: Probe
    let child: ChildProcess
    /// The keyboard's environment, for `clavier status` and `clavier geometry` beside it.
    let environment: [String: String]
    /// Its XDG directories and log (`home/log`).
    let home: String
    /// Its window on screen.
    let frame: (x: Int, y: Int, width: Int, height: Int)

    /// Starts `binary` with `arguments` and waits (30 s at most) for its window; `name` names
    /// its directory, `/tmp/clavier-bench-NAME-PID`; `adding` joins its environment.
    init(display: String, binary: String, name: String, arguments: [String], adding: [String: String] = [:]) throws(HarnessError) {
        probe = try Probe(display: display, probeRect: (10, 10))
        home = "/tmp/clavier-bench-\(name)-\(getpid())"
        mkdir(home, 0o700)
        var environment = ["DISPLAY": display, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_RUNTIME_DIR": home]
        for variable in ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] { environment[variable] = home }
        if let log = getenv("CLAVIER_LOG") { environment["CLAVIER_LOG"] = String(cString: log) }
        environment.merge(adding) { $1 }
        self.environment = environment
        probe.drain()
        child = try ChildProcess([binary] + arguments, environment: environment, stdout: "\(home)/log", stderr: "\(home)/log")
        let (probe, root) = (probe, probe.root)
        guard let window = probe.waitFor(timeout: 30, { e -> Window? in
            guard e.type == MapNotify, e.xmap.event == root, e.xmap.window != probe.window else { return nil }
            return e.xmap.window
        }), let f = probe.frame(of: window) else {
            child.stop()
            throw HarnessError("clavier mapped no window (see \(home)/log)")
        }
        frame = (f.x, f.y, f.width, f.height)
        usleep(500_000)
        probe.focus()
    }
}
