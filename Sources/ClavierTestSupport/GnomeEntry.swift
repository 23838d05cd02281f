import Glibc

/// A native (Wayland) GTK 4 window on a HeadlessMutter holding one entry, which writes its
/// text to a file on every change, followed by a line break for each time Return activated
/// it: what a keyboard typed into GNOME's native windows. mutter gives the focus to the first
/// window mapped, so it is started before anything else. Run by Debian's python3 (python3-gi,
/// gir1.2-gtk-4.0) with GDK_BACKEND=wayland and no X display.
public final class GnomeEntry {
    public let output: String
    public let process: ChildProcess
    private let scratch = TemporaryDirectory()

    /// Starts the window on `mutter` and waits until it has written its (empty) text.
    public init(on mutter: HeadlessMutter) throws(HarnessError) {
        output = scratch.file("text")
        let log = scratch.file("gtk.log")
        let python = try mutter.start(["env", "-u", "DISPLAY", "/usr/bin/python3", "-c", Self.script, output],
                                      environment: ["GDK_BACKEND": "wayland", "GTK_A11Y": "none", "LANG": "C.UTF-8"], stderr: log)
        process = python
        let file = output
        guard Harness.waitFor(20, { access(file, F_OK) == 0 || !python.isRunning }), python.isRunning else {
            throw HarnessError("the GTK 4 entry did not start: \((TextFile.read(log) ?? "").suffix(800))")
        }
        // The window is mapped, and focused, a moment after its first write.
        usleep(300_000)
    }

    deinit { process.stop() }

    /// The entry's text now, with a line break per Return.
    public var text: String { TextFile.read(output) ?? "" }

    /// Waits up to `seconds` until the entry holds `expected`; true once it does.
    @discardableResult
    public func waitFor(text expected: String, seconds: Double = 10) -> Bool {
        Harness.waitFor(seconds) { text == expected }
    }

    static let script = """
        import os, sys
        import gi
        gi.require_version("Gtk", "4.0")
        from gi.repository import Gtk, GLib
        output = sys.argv[1]
        GLib.set_prgname("clavier-gnome-entry")
        returns = 0
        def write(*_):
            with open(output + ".new", "w") as f:
                f.write(entry.get_text() + "\\n" * returns)
            os.rename(output + ".new", output)
        def activated(*_):
            global returns
            returns += 1
            write()
        window = Gtk.Window(title="clavier-gnome-entry")
        entry = Gtk.Entry()
        entry.connect("changed", write)
        entry.connect("activate", activated)
        window.set_child(entry)
        window.connect("close-request", lambda *_: sys.exit(0))
        window.present()
        entry.grab_focus()
        write()
        GLib.MainLoop().run()
        """
}
