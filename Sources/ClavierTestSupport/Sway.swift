import Glibc

/// A private headless sway (Debian's 1.7, wlroots' headless backend with the pixman renderer),
/// for a test to run Wayland clients on as Xvfb is for X11: one output, HEADLESS-1, at the given
/// size, no bar, no idle, no XWayland, no borders. sway refuses to run as root, so it runs as the
/// system user `clavier-wl` (made once with useradd) in a runtime directory of its own under /tmp;
/// the clients a test starts run as root (which may connect to any socket) with `environment`.
/// Everything started here is stopped, and both directories removed, by `stop()` or at deinit.
public final class HeadlessSway {
    /// The user sway runs as.
    public static let user = "clavier-wl"
    public let width: Int, height: Int
    /// The compositor's socket, an absolute path: clients find it whatever their `XDG_RUNTIME_DIR`.
    public let waylandDisplay: String
    /// sway's IPC socket (`SWAYSOCK`), which swaymsg talks to.
    public let ipcSocket: String
    /// CLOCK_MONOTONIC nanoseconds from starting sway to its output answering on IPC.
    public let startNanoseconds: UInt64
    /// sway's standard error (its log), kept in the runtime directory until `stop()`.
    public let logFile: String
    private var runtime: TemporaryDirectory?
    private var clientRuntime: TemporaryDirectory?
    private let compositor: ChildProcess
    private var clients: [ChildProcess] = []

    /// Starts sway with an output of `width`×`height` and `configuration` lines after the
    /// harness's own, and waits until its Wayland and IPC sockets answer.
    public init(width: Int = 1280, height: Int = 800, configuration: [String] = []) throws(HarnessError) {
        self.width = width
        self.height = height
        try Self.ensureUser()
        let runtime = TemporaryDirectory(prefix: "clavier-wl", in: "/tmp")
        let directory = runtime.path
        guard chown(directory, Self.userID.uid, Self.userID.gid) == 0, chmod(directory, 0o700) == 0 else {
            throw HarnessError("cannot hand \(directory) to \(Self.user): \(String(cString: strerror(errno)))")
        }
        let config = runtime.file("config")
        try TextFile.write(config, (Self.baseConfiguration(width: width, height: height) + configuration).joined(separator: "\n") + "\n")
        logFile = runtime.file("sway.log")
        // setpriv (util-linux, in every Debian) execs sway in place, so the pid and process group
        // are sway's own and stop() reaches it. DISPLAY and WAYLAND_DISPLAY are taken away: with
        // either, wlroots would nest in that server instead of going headless.
        let compositor = try ChildProcess(["env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "SWAYSOCK",
                                           "setpriv", "--reuid", Self.user, "--regid", Self.user, "--init-groups",
                                           "sway", "--config", config],
                                          environment: ["XDG_RUNTIME_DIR": directory, "HOME": directory, "XDG_CONFIG_HOME": directory,
                                                        "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman",
                                                        "WLR_LIBINPUT_NO_DEVICES": "1"],
                                          stderr: logFile)
        var found: (wayland: String, ipc: String)?
        Harness.waitFor(10, pollingEvery: 0.005) {
            let names = Self.entries(of: directory)
            if let w = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
               let i = names.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }) {
                found = ("\(directory)/\(w)", "\(directory)/\(i)")
            }
            return found != nil || !compositor.isRunning
        }
        guard let found, compositor.isRunning else {
            compositor.stop()
            throw HarnessError("sway did not come up within 10 s: \((TextFile.read(logFile) ?? "").suffix(800))")
        }
        // The IPC socket exists a moment before sway answers on it, its output configured.
        let answered = Harness.waitFor(10) {
            (try? Self.swaymsg(found.ipc, ["-t", "get_outputs"]))?.contains("\"HEADLESS-1\"") ?? false
        }
        guard answered else {
            compositor.stop()
            throw HarnessError("sway's IPC did not answer within 10 s: \((TextFile.read(logFile) ?? "").suffix(800))")
        }
        startNanoseconds = Harness.monotonicNanoseconds - compositor.startedNanoseconds
        self.compositor = compositor
        self.runtime = consume runtime
        clientRuntime = TemporaryDirectory(prefix: "clavier-wl-client", in: "/tmp")
        waylandDisplay = found.wayland
        ipcSocket = found.ipc
    }

    deinit { stop() }

    /// The environment a client of this sway runs with (as root): the compositor's socket, a
    /// runtime directory private to root, and `SWAYSOCK`. `start` and `run` also take `DISPLAY`
    /// away, so no client reaches an X server instead.
    public var environment: [String: String] {
        ["WAYLAND_DISPLAY": waylandDisplay, "XDG_RUNTIME_DIR": clientRuntime?.path ?? "/nonexistent", "SWAYSOCK": ipcSocket]
    }

    /// Starts a client on this sway, with `environment` added; it is stopped with the compositor.
    @discardableResult
    public func start(_ arguments: [String], environment: [String: String] = [:], stdout: String? = nil,
                      stderr: String? = nil) throws(HarnessError) -> ChildProcess {
        let client = try ChildProcess(Self.withoutX + arguments, environment: self.environment.merging(environment) { $1 },
                                      stdout: stdout, stderr: stderr)
        clients.append(client)
        return client
    }

    /// Runs a client of this sway to its end (stopped after `timeout` seconds), as `Harness.run`.
    public func run(_ arguments: [String], environment: [String: String] = [:],
                    timeout: Double = 10) throws(HarnessError) -> (status: Int32, out: String, err: String) {
        try Harness.run(Self.withoutX + arguments, environment: self.environment.merging(environment) { $1 }, timeout: timeout)
    }

    /// Runs `swaymsg ARGUMENTS` against this sway and returns what it printed; throws when it fails.
    public func swaymsg(_ arguments: [String]) throws(HarnessError) -> String {
        try Self.swaymsg(ipcSocket, arguments)
    }

    private static func swaymsg(_ socket: String, _ arguments: [String]) throws(HarnessError) -> String {
        let result = try Harness.run(["swaymsg", "--socket", socket] + arguments, timeout: 10)
        guard result.status == 0 else { throw HarnessError("swaymsg \(arguments.joined(separator: " ")): \(result.err)\(result.out)") }
        return result.out
    }

    /// Stops the clients, then sway, and removes the runtime directories; again does nothing.
    public func stop() {
        for client in clients.reversed() { client.stop() }
        clients = []
        compositor.stop()
        runtime = nil
        clientRuntime = nil
    }

    private static let withoutX = ["env", "-u", "DISPLAY"]

    private static func baseConfiguration(width: Int, height: Int) -> [String] {
        ["# Written by ClavierTestSupport's HeadlessSway.",
         "output HEADLESS-1 resolution \(width)x\(height) position 0 0",
         "default_border none",
         "default_floating_border none",
         "xwayland disable",
         "focus_follows_mouse no"]
    }

    /// The uid and gid of `user`, made by `ensureUser` (HeadlessKWin runs as the same user).
    static var userID: (uid: uid_t, gid: gid_t) {
        guard let entry = getpwnam(user) else { return (0, 0) }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    /// Makes the system user sway runs as, unless it is there already; a system user, without a
    /// home or a login shell.
    static func ensureUser() throws(HarnessError) {
        if getpwnam(user) != nil { return }
        let made = try Harness.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user])
        // Exit status 9: made meanwhile by a suite running beside this one.
        guard made.status == 0 || made.status == 9, getpwnam(user) != nil else {
            throw HarnessError("cannot make the user \(user) sway runs as (useradd: \(made.err))")
        }
    }

    /// The names in a directory, without `.` and `..`.
    static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
