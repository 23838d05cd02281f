import Glibc

/// A GTK 4 window on a HeadlessSway (or a HeadlessKWin) holding one focused entry (a `Gtk.Entry`, or a
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
    /// `text`: what the entry holds from the start, the caret after it.
    public convenience init(on kwin: HeadlessKWin, kind: Kind = .text, appID: String = GTK4Entry.defaultAppID,
                            text: String = "") throws(HarnessError) {
        try self.init(kind: kind, appID: appID, text: text, start: { (arguments, environment, log) throws(HarnessError) in
            try kwin.start(arguments, environment: environment, stderr: log)
        }, focused: { (entry) throws(HarnessError) in
            guard Harness.waitFor(20, { TextFile.read(entry.output + ".focused") == "1" }) else {
                throw HarnessError("the GTK 4 entry on KWin did not get the keyboard focus within 20 s")
            }
        })
    }

    private init(kind: Kind, appID: String, text: String = "",
                 start: ([String], [String: String], String) throws(HarnessError) -> ChildProcess,
                 focused: (GTK4Entry) throws(HarnessError) -> Void) throws(HarnessError) {
        self.appID = appID
        output = scratch.file("text")
        let log = scratch.file("gtk.log")
        // GTK_A11Y=none: with no session bus, GTK 4 would wait about 11 s for the accessibility bus.
        let python = try start(["/usr/bin/python3", "-c", Self.script, output, kind.rawValue, appID, text],
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

    /// Waits up to `seconds` until the entry holds `expected`; true once it does.
    @discardableResult
    public func waitFor(text expected: String, seconds: Double = 10) -> Bool {
        Harness.waitFor(seconds) { text == expected }
    }

    /// No Gtk.Application: without a session bus it would not register, and its app_id would
    /// be the script's name. GLib's program name is the app_id of a window without one.
    static let script = """
        import os, sys
        import gi
        gi.require_version("Gtk", "4.0")
        from gi.repository import Gtk, GLib
        output, kind, app_id, initial = sys.argv[1:5]
        GLib.set_prgname(app_id)
        def write(entry):
            with open(output + ".new", "w") as f:
                f.write(entry.get_text())
            os.rename(output + ".new", output)
        window = Gtk.Window(title=app_id)
        entry = Gtk.PasswordEntry() if kind == "password" else Gtk.Entry()
        entry.connect("changed", write)
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
        window.present()
        entry.set_text(initial)
        entry.grab_focus()
        entry.set_position(-1)
        write(entry)
        GLib.MainLoop().run()
        """
}
