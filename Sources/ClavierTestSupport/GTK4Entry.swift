import Glibc

/// A GTK 4 window on a HeadlessSway (or a HeadlessKWin, or a HeadlessMutter) holding one focused entry (a `Gtk.Entry`, or a
/// `Gtk.PasswordEntry`), which writes its whole text to a file on every change. GTK 4's entries
/// speak text-input-v3, which sway relays to an input-method-v2 client: what Clavier's Wayland
/// host types through. Run by Debian's python3 (python3-gi, gir1.2-gtk-4.0) with GDK_BACKEND=wayland.
public final class GTK4Entry {
    public enum Kind: String, Sendable, CaseIterable {
        case text, password
    }

    /// The app_id (and title) of the entry's window by default.
    public static let defaultAppID = "clavier-gtk4-entry"
    public let appID: String
    /// The file the entry's text goes to (written whole, then renamed into place).
    public let output: String
    /// CLOCK_MONOTONIC nanoseconds from starting python3 to the window having the focus.
    public private(set) var mapNanoseconds: UInt64 = 0
    public let process: ChildProcess
    private let scratch = TemporaryDirectory()

    /// Starts the window on `sway` and waits until it has the focus and has written its (empty) text.
    public convenience init(on sway: HeadlessSway, kind: Kind = .text, appID: String = GTK4Entry.defaultAppID) throws(HarnessError) {
        try self.init(kind: kind, appID: appID, start: { (arguments, environment, log) throws(HarnessError) in
            try sway.start(arguments, environment: environment, stderr: log)
        }, focused: { (_) throws(HarnessError) in try sway.waitForFocus(appID: appID) })
    }

    /// Starts the window on `kwin` and waits until its entry has the keyboard focus (KWin has
    /// no tree to ask: the entry says so in a file of its own).
    /// `text`: what the entry holds from the start, the caret after it. `fullscreen`: the window
    /// asks to be fullscreen (`gtk_window_fullscreen`) as it maps; `window` says when it is.
    public convenience init(on kwin: HeadlessKWin, kind: Kind = .text, appID: String = GTK4Entry.defaultAppID,
                            text: String = "", fullscreen: Bool = false) throws(HarnessError) {
        try self.init(kind: kind, appID: appID, text: text, fullscreen: fullscreen, start: { (arguments, environment, log) throws(HarnessError) in
            try kwin.start(arguments, environment: environment, stderr: log)
        }, focused: { (entry) throws(HarnessError) in
            guard Harness.waitFor(20, { TextFile.read(entry.output + ".focused") == "1" }) else {
                throw HarnessError("the GTK 4 entry on KWin did not get the keyboard focus within 20 s")
            }
        })
    }

    /// Starts the window on `mutter` as a native Wayland client (no X display) and waits until
    /// it has written its text. mutter gives the keyboard focus to the first window mapped, a
    /// moment after that (as GnomeEntry), though headless mutter never marks it active.
    public convenience init(on mutter: HeadlessMutter, appID: String = GTK4Entry.defaultAppID) throws(HarnessError) {
        try self.init(kind: .text, appID: appID, start: { (arguments, environment, log) throws(HarnessError) in
            try mutter.start(["env", "-u", "DISPLAY"] + arguments, environment: environment, stderr: log)
        }, focused: { (_) throws(HarnessError) in usleep(300_000) })
    }

    private init(kind: Kind, appID: String, text: String = "", fullscreen: Bool = false,
                 start: ([String], [String: String], String) throws(HarnessError) -> ChildProcess,
                 focused: (GTK4Entry) throws(HarnessError) -> Void) throws(HarnessError) {
        self.appID = appID
        output = scratch.file("text")
        let log = scratch.file("gtk.log")
        // GTK_A11Y=none: with no session bus, GTK 4 would wait about 11 s for the accessibility bus.
        let python = try start(["/usr/bin/python3", "-c", Self.script, output, kind.rawValue, appID, text, fullscreen ? "1" : "0"],
                               ["GDK_BACKEND": "wayland", "GTK_A11Y": "none", "LANG": "C.UTF-8"], log)
        process = python
        let file = output
        guard Harness.waitFor(20, { access(file, F_OK) == 0 || !python.isRunning }), python.isRunning else {
            throw HarnessError("the GTK 4 entry did not start: \((TextFile.read(log) ?? "").suffix(800))")
        }
        try focused(self)
        mapNanoseconds = Harness.monotonicNanoseconds - python.startedNanoseconds
    }

    deinit { process.stop() }

    /// The entry's text now.
    public var text: String { TextFile.read(output) ?? "" }

    /// How many times the entry was activated (Return pressed in it).
    public var activations: Int { Int(TextFile.read(output + ".activated") ?? "") ?? 0 }

    /// When the text changed and when a preedit came (a keyboard holding a word back shows it so),
    /// each `(what, CLOCK_MONOTONIC ms)`, `what` being `text` or `preedit`, in order.
    public var changes: [(what: String, ms: Double)] {
        (TextFile.read(output + ".times") ?? "").split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 2, let ms = Double(words[1]) else { return nil }
            return (String(words[0]), ms)
        }
    }

    /// Whether the window is fullscreen and its size in the compositor's logical pixels, as
    /// GTK last said (nil before it did).
    public var window: (fullscreen: Bool, width: Int, height: Int)? {
        let words = (TextFile.read(output + ".window") ?? "").split(separator: " ").compactMap { Int($0) }
        return words.count == 3 ? (words[0] == 1, words[1], words[2]) : nil
    }

    /// Asks the window to leave fullscreen if it is, or to go fullscreen if not (SIGUSR1 to the script).
    public func toggleFullscreen() { kill(process.pid, SIGUSR1) }

    /// Waits up to `seconds` until the entry holds `expected`; true once it does.
    @discardableResult
    public func waitFor(text expected: String, seconds: Double = 10) -> Bool {
        Harness.waitFor(seconds) { text == expected }
    }

    /// No Gtk.Application: without a session bus it would not register, and its app_id would
    /// be the script's name. GLib's program name is the app_id of a window without one.
    static let script = """
        import os, signal, sys, time
        import gi
        gi.require_version("Gtk", "4.0")
        from gi.repository import Gtk, GLib
        output, kind, app_id, initial, fullscreen = sys.argv[1:6]
        GLib.set_prgname(app_id)
        def stamp(what):
            with open(output + ".times", "a") as f:
                f.write("%s %.3f\\n" % (what, time.clock_gettime_ns(time.CLOCK_MONOTONIC) / 1e6))
        def write(entry):
            stamp("text")
            with open(output + ".new", "w") as f:
                f.write(entry.get_text())
            os.rename(output + ".new", output)
        window = Gtk.Window(title=app_id)
        entry = Gtk.PasswordEntry() if kind == "password" else Gtk.Entry()
        entry.connect("changed", write)
        entry.get_delegate().connect("preedit-changed", lambda _, text: stamp("preedit") if text else None)
        activated = [0]
        def activate(*_):
            activated[0] += 1
            with open(output + ".activated", "w") as f:
                f.write(str(activated[0]))
        entry.connect("activate", activate)
        def focus(*_):
            with open(output + ".focused", "w") as f:
                f.write("1" if window.is_active() else "0")
        window.connect("notify::is-active", focus)
        window.set_child(entry)
        window.connect("close-request", lambda *_: sys.exit(0))
        said = [None]
        def size():
            now = "%d %d %d" % (window.is_fullscreen(), window.get_width(), window.get_height())
            if now != said[0]:
                said[0] = now
                with open(output + ".window.new", "w") as f:
                    f.write(now)
                os.rename(output + ".window.new", output + ".window")
            return True
        GLib.timeout_add(50, size)
        def toggle():
            window.unfullscreen() if window.is_fullscreen() else window.fullscreen()
            return True
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, toggle)
        if fullscreen == "1":
            window.fullscreen()
        window.present()
        entry.set_text(initial)
        entry.grab_focus()
        entry.set_position(-1)
        write(entry)
        GLib.MainLoop().run()
        """
}
