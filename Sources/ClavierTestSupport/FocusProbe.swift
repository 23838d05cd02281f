import Glibc

/// A small GTK 3 or Qt 5 window with a text entry, a button, a password entry and (GTK 3) a
/// spin button, for auto-show's, the suggestions' and the field keys' tests and bench: it gives
/// the focus to the entry, the button, the password entry or the spin button as a control file
/// says, and prints `focused WHAT NANOSECONDS` (CLOCK_MONOTONIC, just before it moves the
/// focus) for each move; `dump-N` prints what the entries hold (`text ENTRY|PASSWORD|SPIN`, Qt 5's `text ENTRY`); `flood-N-COUNT` moves the focus COUNT times as
/// fast as GTK can, ending on the entry, and prints `flooded COUNT`.
/// Run by Debian's own python3 (python3-gi with gir1.2-gtk-3.0, or python3-pyqt5), with the
/// accessibility bridge on, so the focus changes reach the accessibility bus.
public enum FocusProbe {
    public enum Toolkit: String, Sendable, CaseIterable {
        case gtk3, qt5
    }

    /// The probe window's title.
    public static let title = "clavier-focus-probe"

    /// The command that runs the probe for `toolkit`, reading `controlFile`.
    public static func command(_ toolkit: Toolkit, controlFile: String) -> [String] {
        // Debian's python3, not one of PATH's (pyenv's has no gi or PyQt5).
        ["/usr/bin/python3", "-c", toolkit == .gtk3 ? gtkScript : qtScript, controlFile]
    }

    /// What the probe needs in its environment besides the display and the session bus: GTK 3
    /// always loads its AT-SPI bridge, Qt 5 only when asked or when a screen reader is said to run.
    public static func environment(_ toolkit: Toolkit) -> [String: String] {
        toolkit == .gtk3 ? [:] : ["QT_ACCESSIBILITY": "1", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1"]
    }

    /// Asks the probe to focus the entry (`what` starting with "entry"), the password entry
    /// ("password"), the spin button ("spin") or the button, or to print its entries' text ("dump"); a different `what`
    /// each time (entry-1, entry-2) moves the focus again.
    public static func focus(_ what: String, controlFile: String) throws(HarnessError) {
        try TextFile.write(controlFile + ".new", what + "\n")
        // Renamed into place, so the probe never reads half a word.
        guard rename(controlFile + ".new", controlFile) == 0 else { throw HarnessError("cannot write \(controlFile)") }
    }

    /// The probe's shared part: polls the control file every 10 ms from the toolkit's loop.
    private static let follow = """
        import sys, time
        control = sys.argv[1]
        last = None
        def follow(focus_entry, focus_button, focus_password=None, texts=None, flood=None, others={}):
            global last
            try:
                with open(control) as f:
                    wanted = f.read().strip()
            except OSError:
                return True
            if wanted and wanted != last:
                last = wanted
                if wanted.startswith("dump"):
                    print("text", "|".join(texts()) if texts else "", flush=True)
                    return True
                if wanted.startswith("flood") and flood:
                    flood(int(wanted.split("-")[2]))
                    return True
                print("focused", wanted, time.monotonic_ns(), flush=True)
                if wanted.startswith("entry"):
                    focus_entry()
                elif wanted.startswith("password") and focus_password:
                    focus_password()
                elif wanted.split("-")[0] in others:
                    others[wanted.split("-")[0]]()
                else:
                    focus_button()
            return True

        """

    static let gtkScript = follow + """
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk, GLib
        window = Gtk.Window(title="\(title)")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        entry, button, password = Gtk.Entry(), Gtk.Button(label="button"), Gtk.Entry()
        password.set_visibility(False)
        spin = Gtk.SpinButton.new_with_range(0, 100000, 1)
        box.pack_start(entry, False, False, 0)
        box.pack_start(button, False, False, 0)
        box.pack_start(password, False, False, 0)
        box.pack_start(spin, False, False, 0)
        window.add(box)
        window.connect("destroy", Gtk.main_quit)
        window.set_default_size(300, 140)
        window.move(400, 10)
        window.show_all()
        def flood(count):
            # Moves the focus between the button and the entry `count` times, one move per turn
            # of the main loop (so each reaches the bus), ending on the entry.
            left = [count]
            def step():
                left[0] -= 1
                if left[0] <= 0:
                    entry.grab_focus()
                    print("flooded", count, flush=True)
                    return False
                (button if left[0] % 2 else entry).grab_focus()
                return True
            GLib.idle_add(step)
        GLib.timeout_add(10, follow, entry.grab_focus, button.grab_focus, password.grab_focus,
                         lambda: [entry.get_text(), password.get_text(), spin.get_text()], flood,
                         {"spin": spin.grab_focus})
        Gtk.main()
        """

    static let qtScript = follow + """
        from PyQt5.QtWidgets import QApplication, QWidget, QVBoxLayout, QLineEdit, QPushButton
        from PyQt5.QtCore import QTimer
        app = QApplication([sys.argv[0]])
        window = QWidget()
        window.setWindowTitle("\(title)")
        layout = QVBoxLayout(window)
        entry, button = QLineEdit(), QPushButton("button")
        layout.addWidget(entry)
        layout.addWidget(button)
        window.setGeometry(400, 10, 300, 80)
        window.show()
        timer = QTimer()
        timer.timeout.connect(lambda: follow(entry.setFocus, button.setFocus, None, lambda: [entry.text()]))
        timer.start(10)
        app.exec_()
        """
}
