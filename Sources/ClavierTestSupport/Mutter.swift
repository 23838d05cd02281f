import Glibc

/// A private headless mutter (GNOME's compositor, Debian's 43) for a test, as HeadlessSway is
/// for sway: `mutter --headless --wayland --virtual-monitor WxH` inside a session bus of its
/// own (`dbus-run-session`), where it offers `org.gnome.Mutter.RemoteDesktop`, with the
/// XWayland it starts for X clients. mutter, like sway, runs as the system user `clavier-wl`;
/// the clients a test starts run as root with `environment`: the Wayland socket, XWayland's
/// display and its cookie, and the session bus, which admits root (a config of its own over
/// Debian's session.conf). Everything is stopped, and the directories removed, by `stop()`.
public final class HeadlessMutter {
    public let width: Int, height: Int
    /// The compositor's socket, an absolute path.
    public let waylandDisplay: String
    /// XWayland's display, `:N`, and the file with its cookie.
    public let xDisplay: String
    public let xAuthority: String
    /// The session bus mutter is on (`DBUS_SESSION_BUS_ADDRESS`).
    public let busAddress: String
    /// mutter's standard error (its log), kept in the runtime directory until `stop()`.
    public let logFile: String
    private var runtime: TemporaryDirectory?
    private var clientRuntime: TemporaryDirectory?
    private let compositor: ChildProcess
    private var clients: [ChildProcess] = []

    /// Starts mutter with one virtual monitor of `width`×`height` and waits until its Wayland
    /// socket, XWayland and its RemoteDesktop on the bus are there.
    public init(width: Int = 1280, height: Int = 800) throws(HarnessError) {
        self.width = width
        self.height = height
        try HeadlessSway.ensureUser()
        let runtime = TemporaryDirectory(prefix: "clavier-mutter", in: "/tmp")
        let directory = runtime.path
        let user = HeadlessSway.userID
        guard chown(directory, user.uid, user.gid) == 0, chmod(directory, 0o700) == 0 else {
            throw HarnessError("cannot hand \(directory) to \(HeadlessSway.user): \(String(cString: strerror(errno)))")
        }
        let bus = runtime.file("bus")
        let config = runtime.file("bus.conf")
        try TextFile.write(config, Self.busConfiguration(socket: bus))
        logFile = runtime.file("mutter.log")
        let compositor = try ChildProcess(["env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "DBUS_SESSION_BUS_ADDRESS",
                                           "setpriv", "--reuid", HeadlessSway.user, "--regid", HeadlessSway.user, "--init-groups",
                                           "dbus-run-session", "--config-file=\(config)", "--",
                                           "mutter", "--headless", "--wayland", "--virtual-monitor", "\(width)x\(height)"],
                                          environment: ["XDG_RUNTIME_DIR": directory, "HOME": directory, "XDG_CONFIG_HOME": directory,
                                                        "XDG_SESSION_TYPE": "wayland"],
                                          stderr: logFile)
        let log = logFile
        var found: (x: String, auth: String)?
        Harness.waitFor(20, pollingEvery: 0.02) {
            let names = HeadlessSway.entries(of: directory)
            if names.contains("wayland-0"), let auth = names.first(where: { $0.hasPrefix(".mutter-Xwaylandauth.") }),
               let x = Self.xDisplay(in: TextFile.read(log) ?? "") {
                found = (x, "\(directory)/\(auth)")
            }
            return found != nil || !compositor.isRunning
        }
        guard let found, compositor.isRunning else {
            compositor.stop()
            throw HarnessError("mutter did not come up within 20 s: \((TextFile.read(logFile) ?? "").suffix(800))")
        }
        waylandDisplay = "\(directory)/wayland-0"
        xDisplay = found.x
        xAuthority = found.auth
        busAddress = "unix:path=\(bus)"
        self.compositor = compositor
        self.runtime = consume runtime
        clientRuntime = TemporaryDirectory(prefix: "clavier-mutter-client", in: "/tmp")
        // RemoteDesktop is on the bus a moment after the sockets.
        let env = environment
        let offered = Harness.waitFor(10) {
            let asked = try? Harness.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                                          "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner",
                                          "org.gnome.Mutter.RemoteDesktop"], environment: env, timeout: 5)
            return asked?.out.hasPrefix("(true,") ?? false
        }
        guard offered else {
            stop()
            throw HarnessError("mutter's RemoteDesktop did not come on the bus within 10 s: \((TextFile.read(log) ?? "").suffix(800))")
        }
    }

    deinit { stop() }

    /// The environment a client of this mutter runs with (as root).
    public var environment: [String: String] {
        ["WAYLAND_DISPLAY": waylandDisplay, "XDG_RUNTIME_DIR": clientRuntime?.path ?? "/nonexistent", "DISPLAY": xDisplay,
         "XAUTHORITY": xAuthority, "DBUS_SESSION_BUS_ADDRESS": busAddress]
    }

    /// Starts a client of this mutter, with `environment` added; it is stopped with the compositor.
    @discardableResult
    public func start(_ arguments: [String], environment: [String: String] = [:], stdout: String? = nil,
                      stderr: String? = nil) throws(HarnessError) -> ChildProcess {
        let client = try ChildProcess(arguments, environment: self.environment.merging(environment) { $1 }, stdout: stdout, stderr: stderr)
        clients.append(client)
        return client
    }

    /// Stops the clients, then mutter (and its XWayland and bus), and removes the directories.
    public func stop() {
        for client in clients.reversed() { client.stop() }
        clients = []
        compositor.stop()
        runtime = nil
        clientRuntime = nil
    }

    /// XWayland's display from mutter's log line "Using public X11 display :N, (using :M for managed services)".
    static func xDisplay(in log: String) -> String? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains("Using public X11 display :") }),
              let start = line.firstRange(of: "display :")?.upperBound else { return nil }
        let number = line[start...].prefix { $0.isNumber }
        return number.isEmpty ? nil : ":\(number)"
    }

    /// Debian's session bus, listening on `socket`, admitting root besides mutter's user.
    static func busConfiguration(socket: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <include>/usr/share/dbus-1/session.conf</include>
          <listen>unix:path=\(socket)</listen>
          <policy context="default"><allow user="root"/></policy>
        </busconfig>

        """
    }
}
