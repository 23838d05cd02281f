import Glibc

/// A private headless KWin (Debian's kwin_wayland 5.27, `--virtual`), for the tests of Clavier
/// on KDE Plasma (issue 49), as `HeadlessSway` is for wlroots: one virtual output of the given
/// size, no lock screen, inside `dbus-run-session` (KWin wants a session bus), as the system
/// user sway runs as (`HeadlessSway.user`) in a runtime directory of its own.
///
/// With `inputMethod`, KWin starts that command itself as its input method (`--inputmethod`,
/// what kwinrc's InputMethod= does on a desktop): it runs as the user, with its connection in
/// `WAYLAND_SOCKET`, and gets input-method-v1 and fake input. Without, nothing is an input
/// method: a program is started by hand with `start`.
///
/// Debian's /usr/bin/kwin_wayland carries the file capability cap_sys_resource=ep, which a
/// container without that capability cannot exec: a copy (cp drops the capability) runs. Every
/// client of the user's gets fake input here (`KWIN_WAYLAND_NO_PERMISSION_CHECKS=1`; a root
/// client does not: KWin cannot read its executable): wl-pointer, run with `runAsUser`, drives
/// KWin's pointer with it, KWin having no virtual pointer.
public final class HeadlessKWin {
    public let width: Int, height: Int
    /// The compositor's socket, an absolute path.
    public let waylandDisplay: String
    /// The user's runtime directory (`XDG_RUNTIME_DIR` of KWin and its input method).
    public let userRuntime: String
    /// KWin's standard error (its log), and the input method's (a wrapper writes it there).
    public let logFile: String, inputMethodLog: String
    private var runtime: TemporaryDirectory?
    private var clientRuntime: TemporaryDirectory?
    private let compositor: ChildProcess
    private var clients: [ChildProcess] = []

    /// Starts KWin with `inputMethod` (arguments, then environment it runs with) as its input
    /// method, and waits until its socket is there.
    /// `environment`: added to KWin's own (e.g. `KWIN_IM_SHOW_ALWAYS=1`, which shows an input
    /// panel without touch input: maliit-keyboard's in `make bench`).
    public init(width: Int = 1280, height: Int = 800, inputMethod: (arguments: [String], environment: [String: String])? = nil,
                environment: [String: String] = [:]) throws(HarnessError) {
        self.width = width
        self.height = height
        try HeadlessSway.ensureUser()
        let user = HeadlessSway.userID
        let runtime = TemporaryDirectory(prefix: "clavier-kwin", in: "/tmp")
        let directory = runtime.path
        guard chown(directory, user.uid, user.gid) == 0, chmod(directory, 0o700) == 0 else {
            throw HarnessError("cannot hand \(directory) to \(HeadlessSway.user): \(String(cString: strerror(errno)))")
        }
        let binary = runtime.file("kwin_wayland")
        let copied = try Harness.run(["cp", "/usr/bin/kwin_wayland", binary])
        guard copied.status == 0 else { throw HarnessError("cannot copy kwin_wayland: \(copied.err)") }
        logFile = runtime.file("kwin.log")
        inputMethodLog = runtime.file("inputmethod.log")
        var arguments = [binary, "--virtual", "--width", "\(width)", "--height", "\(height)", "--no-lockscreen", "--socket", "wayland-kwin"]
        if let inputMethod {
            // A wrapper: KWin runs the command line it is given (split as a shell would), and the
            // input method's environment and standard error are the test's to choose.
            let wrapper = runtime.file("inputmethod")
            let exports = inputMethod.environment.sorted { $0.key < $1.key }.map { "export \($0.key)=\(Self.quoted($0.value))" }
            try TextFile.write(wrapper, (["#!/bin/sh"] + exports + ["exec " + inputMethod.arguments.map(Self.quoted).joined(separator: " ")
                                                                     + " 2>>" + Self.quoted(inputMethodLog)]).joined(separator: "\n") + "\n")
            chmod(wrapper, 0o755)
            arguments += ["--inputmethod", wrapper]
        }
        for path in [binary, runtime.file("inputmethod")] { chown(path, user.uid, user.gid) }
        let compositor = try ChildProcess(["env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET",
                                           "setpriv", "--reuid", HeadlessSway.user, "--regid", HeadlessSway.user, "--init-groups",
                                           "dbus-run-session", "--"] + arguments,
                                          environment: Self.userDirectories(directory).merging([
                                                        "QT_QPA_PLATFORM": "offscreen", "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1",
                                                        "XKB_DEFAULT_LAYOUT": "us"]) { $1 }.merging(environment) { $1 },
                                          stderr: logFile)
        let socket = "\(directory)/wayland-kwin"
        Harness.waitFor(20) { access(socket, F_OK) == 0 || !compositor.isRunning }
        guard access(socket, F_OK) == 0, compositor.isRunning else {
            compositor.stop()
            throw HarnessError("KWin did not come up within 20 s: \((TextFile.read(logFile) ?? "").suffix(800))")
        }
        self.compositor = compositor
        self.runtime = consume runtime
        clientRuntime = TemporaryDirectory(prefix: "clavier-kwin-client", in: "/tmp")
        waylandDisplay = socket
        userRuntime = directory
    }

    deinit { stop() }

    /// The environment a client of this KWin runs with (as root): the compositor's socket and a
    /// runtime directory private to root.
    public var environment: [String: String] {
        ["WAYLAND_DISPLAY": waylandDisplay, "XDG_RUNTIME_DIR": clientRuntime?.path ?? "/nonexistent"]
    }

    /// Starts a client on this KWin (as root, without X), with `environment` added; stopped with KWin.
    @discardableResult
    public func start(_ arguments: [String], environment: [String: String] = [:], stdout: String? = nil,
                      stderr: String? = nil) throws(HarnessError) -> ChildProcess {
        let client = try ChildProcess(["env", "-u", "DISPLAY"] + arguments, environment: self.environment.merging(environment) { $1 },
                                      stdout: stdout, stderr: stderr)
        clients.append(client)
        return client
    }

    /// Starts `arguments` as the user KWin runs as, with the environment `runAsUser` gives (a
    /// program started by hand on this desktop: KWin grants it fake input, a root one not);
    /// stopped with KWin.
    @discardableResult
    public func startAsUser(_ arguments: [String], environment: [String: String] = [:],
                            stderr: String? = nil) throws(HarnessError) -> ChildProcess {
        let client = try ChildProcess(["env", "-u", "DISPLAY", "setpriv", "--reuid", HeadlessSway.user, "--regid", HeadlessSway.user,
                                       "--init-groups"] + arguments,
                                      environment: environment.merging(userEnvironment) { $1 }, stderr: stderr)
        clients.append(client)
        return client
    }

    /// Runs a client of this KWin to its end (as root), as `Harness.run`.
    public func run(_ arguments: [String], environment: [String: String] = [:],
                    timeout: Double = 10) throws(HarnessError) -> (status: Int32, out: String, err: String) {
        try Harness.run(["env", "-u", "DISPLAY"] + arguments, environment: self.environment.merging(environment) { $1 }, timeout: timeout)
    }

    /// Runs `arguments` as the user KWin and its input method run as, with their runtime
    /// directory, HOME, XDG directories and WAYLAND_DISPLAY as KWin gives them (`clavier
    /// status` reaches the input method's control socket, named after the display, so).
    public func runAsUser(_ arguments: [String], environment: [String: String] = [:],
                          timeout: Double = 10) throws(HarnessError) -> (status: Int32, out: String, err: String) {
        try Harness.run(["env", "-u", "DISPLAY", "setpriv", "--reuid", HeadlessSway.user, "--regid", HeadlessSway.user, "--init-groups"]
                        + arguments,
                        environment: environment.merging(userEnvironment) { $1 }, timeout: timeout)
    }

    /// The user's directories and KWin's display, as KWin gives them to its clients.
    private var userEnvironment: [String: String] {
        Self.userDirectories(userRuntime).merging(["WAYLAND_DISPLAY": "wayland-kwin"]) { $1 }
    }

    /// What the input method wrote to its standard error.
    public var inputMethodErrors: String { TextFile.read(inputMethodLog) ?? "" }

    /// Stops the clients, then KWin (and its input method), and removes the directories.
    public func stop() {
        for client in clients.reversed() { client.stop() }
        clients = []
        compositor.stop()
        // KWin outlives dbus-run-session's end on SIGTERM (seen: it and its input method stayed):
        // whatever is left of the group goes.
        kill(-compositor.pid, SIGKILL)
        runtime = nil
        clientRuntime = nil
    }

    /// HOME and every XDG directory in the user's runtime directory: none of the test's own
    /// (root's, which the user cannot write) reaches KWin or its input method.
    static func userDirectories(_ directory: String) -> [String: String] {
        ["XDG_RUNTIME_DIR": directory, "HOME": directory, "XDG_CONFIG_HOME": directory, "XDG_STATE_HOME": "\(directory)/state",
         "XDG_CACHE_HOME": "\(directory)/cache", "XDG_DATA_HOME": "\(directory)/data"]
    }

    static func quoted(_ word: String) -> String { "'" + word.replacingText("'", with: "'\\''") + "'" }
}

private extension String {
    /// Every `target` replaced (no Foundation, no regex runtime needed).
    func replacingText(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
