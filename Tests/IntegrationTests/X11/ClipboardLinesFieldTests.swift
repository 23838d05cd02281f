import ClavierTestSupport
import Foundation
import Testing

/// A copy of two lines tapped into GTK 3 fields on a private accessibility bus (issue 48): the
/// text view says it takes several lines (AT-SPI's MULTI_LINE), so the copy's new lines go in
/// as Returns, as written; the one-line entry beside it, where a Return would send the form,
/// gets them as spaces.
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send", "xclip"))
struct ClipboardLinesFieldTests {
    /// An entry over a text view; follows the control file as `FocusProbe` does (`entry-N`,
    /// `view-N` move the focus, `dump-N` prints both texts as Python literals).
    static let script = """
        import sys, time
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk, GLib
        control = sys.argv[1]
        last = [None]
        window = Gtk.Window(title="\(FocusProbe.title)")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        entry, view = Gtk.Entry(), Gtk.TextView()
        box.pack_start(entry, False, False, 0)
        box.pack_start(view, True, True, 0)
        window.add(box)
        window.connect("destroy", Gtk.main_quit)
        window.set_default_size(300, 140)
        window.move(400, 10)
        window.show_all()
        def follow():
            try:
                with open(control) as f:
                    wanted = f.read().strip()
            except OSError:
                return True
            if wanted and wanted != last[0]:
                last[0] = wanted
                if wanted.startswith("dump"):
                    lines = view.get_buffer()
                    shown = lines.get_text(lines.get_start_iter(), lines.get_end_iter(), False)
                    print("text", repr(entry.get_text()), repr(shown), flush=True)
                    return True
                print("focused", wanted, time.monotonic_ns(), flush=True)
                (view if wanted.startswith("view") else entry).grab_focus()
            return True
        GLib.timeout_add(10, follow)
        Gtk.main()
        """

    /// Asks the probe for its texts every 100 ms until it prints `dumped`; true once it has.
    static func waitFor(_ dumped: String, in s: FocusSession) -> Bool {
        var asked = 0
        return Harness.waitFor(10, pollingEvery: 0.1) {
            if TextFile.read(s.probeLog)?.contains(dumped) == true { return true }
            asked += 1
            try? FocusProbe.focus("dump-\(asked)", controlFile: s.control)
            return false
        }
    }

    @Test func aTextViewTakesTheNewLinesAsReturnsAndAnEntryAsSpaces() throws {
        let s = try FocusSession(client: "a GTK 3 entry and text view (python3-gi, gir1.2-gtk-3.0)",
                                 arguments: ["--no-sound", "--auto-show"], focused: "entry-0") { environment, control, log in
            try ChildProcess(["/usr/bin/python3", "-c", Self.script, control], environment: environment, stdout: log, stderr: log + ".err")
        }
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)")
        #expect(Harness.waitFor(10) { s.session.errors.contains("clipboard: watching") }, "\(s.said)")
        let xclip = try ClipboardPinIntegrationTests.copy("echo harmless-looking\ntouch pwned\n", in: s.session)

        try s.focus("view-1")
        #expect(Harness.waitFor(10) { s.session.errors.contains("(prose), multi-line") }, "the watch did not say multi-line; \(s.said)")
        let cell = try SuggestionIntegrationTests.centre(of: "completion-0", in: s.session)
        s.session.server.click(x: cell.x, y: cell.y)
        // The focus moves on once the text view holds the whole copy (typing takes a while).
        #expect(Self.waitFor("text '' 'echo harmless-looking\\ntouch pwned\\n'", in: s), "the text view does not hold the copy's two lines; \(s.said)")
        try s.focus("entry-1")
        #expect(Harness.waitFor(10) {
            let last = s.session.errors.split(separator: "\n").last { $0.contains("auto-show: ") } ?? ""
            return last.contains("textField (prose), ") && !last.contains("multi-line")
        }, "the watch did not say the entry is one-line prose; \(s.said)")
        s.session.server.click(x: cell.x, y: cell.y)

        let expected = "text 'echo harmless-looking touch pwned' 'echo harmless-looking\\ntouch pwned\\n'"
        #expect(Self.waitFor(expected, in: s), "\(s.said)")
        #expect(!s.session.errors.contains("pwned"), "the log holds the copy: \(s.said)")
        #expect(s.session.stopKeyboard() == 0)
        xclip.stop()
    }
}
