import Glibc

/// A GTK 4 program that copies a text as a password manager does (issue 48): the CLIPBOARD
/// selection offered as UTF-8 text and, with a hint, as `x-kde-passwordManagerHint` too (what
/// KeePassXC offers beside a copied password), which neither xclip nor wl-copy can offer beside
/// a text. It owns the selection until stopped. On X it needs no window; on Wayland a client
/// may set the selection only with the serial of an input event it was sent, so it shows a
/// window, which is clicked (wl-pointer), and copies on that click. Run by Debian's python3
/// (python3-gi, gir1.2-gtk-4.0).
public final class GTK4Copier {
    public let process: ChildProcess
    private let scratch = TemporaryDirectory()

    /// Copies `text` (marked with `hint` when given) on the X server `display`.
    public convenience init(_ text: String, hint: String?, display: String) throws(HarnessError) {
        try self.init(text, hint: hint) { arguments, environment, stderr throws(HarnessError) in
            try ChildProcess(arguments, environment: environment.merging(["DISPLAY": display, "GDK_BACKEND": "x11"]) { $1 },
                             stderr: stderr)
        }
    }

    /// The app_id (and title) of its window on Wayland.
    public static let appID = "clavier-gtk4-copier"

    /// Copies `text` (marked with `hint` when given) on `sway`, from a window that takes the
    /// focus and copies as it is clicked, by `pointer` (the wl-pointer binary).
    public convenience init(_ text: String, hint: String?, on sway: HeadlessSway, pointer: String) throws(HarnessError) {
        try self.init(text, hint: hint) { arguments, environment, stderr throws(HarnessError) in
            let python = try sway.start(arguments, environment: environment.merging(["GDK_BACKEND": "wayland"]) { $1 },
                                        stderr: stderr)
            let window = try sway.waitForFocus(appID: Self.appID, seconds: 20)
            let clicks = ["move \(window.rect.x + window.rect.width / 2) \(window.rect.y + window.rect.height / 2)",
                          "down", "sleep 50", "up"].joined(separator: "\n")
            let clicked = try sway.run(["sh", "-c", "printf '%s\\n' \"$1\" | '\(pointer)' -", "sh", clicks], timeout: 30)
            guard clicked.status == 0 else { throw HarnessError("wl-pointer: \(clicked.err)") }
            return python
        }
    }

    /// Starts the script through `start` and waits until it owns the selection.
    private init(_ text: String, hint: String?,
                 start: ([String], [String: String], String) throws(HarnessError) -> ChildProcess) throws(HarnessError) {
        let ready = scratch.file("copied")
        let log = scratch.file("gtk.log")
        // GTK_A11Y=none: with no session bus, GTK 4 would wait about 11 s for the accessibility bus.
        let python = try start(["/usr/bin/python3", "-c", Self.script, text, hint ?? "", ready],
                               ["GTK_A11Y": "none", "LANG": "C.UTF-8"], log)
        process = python
        guard Harness.waitFor(20, { access(ready, F_OK) == 0 || !python.isRunning }), python.isRunning else {
            throw HarnessError("the GTK 4 copier did not copy: \((TextFile.read(log) ?? "").suffix(800))")
        }
    }

    deinit { process.stop() }

    /// Stops it: the selection has no owner any more.
    public func stop() { process.stop() }

    static let script = """
        import sys
        import gi
        gi.require_version("Gtk", "4.0")
        gi.require_version("Gdk", "4.0")
        from gi.repository import Gtk, Gdk, GLib
        text, hint, ready = sys.argv[1:4]
        def offer(mime, value):
            return Gdk.ContentProvider.new_for_bytes(mime, GLib.Bytes.new(value.encode()))
        offers = [offer("text/plain;charset=utf-8", text)]
        if hint:
            offers.append(offer("x-kde-passwordManagerHint", hint))
        content = Gdk.ContentProvider.new_union(offers)
        def copy():
            Gdk.Display.get_default().get_clipboard().set_content(content)
            open(ready, "w").close()
        GLib.set_prgname("clavier-gtk4-copier")
        Gtk.init()
        if type(Gdk.Display.get_default()).__name__.startswith("X11"):
            copy()
        else:
            window = Gtk.Window(title="clavier-gtk4-copier")
            click = Gtk.GestureClick()
            click.connect("pressed", lambda *_: copy())
            window.add_controller(click)
            window.present()
        GLib.MainLoop().run()
        """
}
