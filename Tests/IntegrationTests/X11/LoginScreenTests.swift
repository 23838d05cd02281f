import ClavierTestSupport
import CX11
import Foundation
import Testing

/// `clavier --xid` as a greeter uses it: a GTK 3 window (python3-gi) with a password entry and
/// a `GtkSocket` starts `clavier --xid`, reads the window id from its first line of output
/// and embeds it, as lightdm-gtk-greeter's `keyboard=` does; clicks on the embedded keys type
/// into the entry, whose text the window writes to a file.
@Suite(.serialized, .needsDisplay, .needs("python3")) struct LoginScreenTests {
    static let greeter = """
        import os, subprocess, sys
        import gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk
        typed, command = sys.argv[1], sys.argv[2:]
        window = Gtk.Window(title="clavier-greeter-probe")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        entry, socket = Gtk.Entry(), Gtk.Socket()
        entry.set_visibility(False)
        socket.set_size_request(800, 260)
        box.pack_start(entry, False, False, 0)
        box.pack_start(socket, True, True, 0)
        window.add(box)
        window.move(0, 0)
        def changed(field):
            with open(typed + ".new", "w") as f:
                f.write(field.get_text())
            os.rename(typed + ".new", typed)
        entry.connect("changed", changed)
        window.connect("destroy", Gtk.main_quit)
        window.show_all()
        keyboard = subprocess.Popen(command, stdout=subprocess.PIPE)
        line = keyboard.stdout.readline()
        print("keyboard", keyboard.pid, "window", line.decode().strip(), flush=True)
        socket.add_id(int(line))
        entry.grab_focus()
        Gtk.main()
        """

    @Test func typesIntoTheGreetersPasswordField() throws {
        let server = try XServer(windowManager: false)
        let scratch = TemporaryDirectory()
        let typed = scratch.file("typed"), said = scratch.file("greeter.out"), errors = scratch.file("clavier.err")
        let environment = ["XDG_STATE_HOME": scratch.file("state"), "XDG_CONFIG_HOME": scratch.file("config"),
                           "XDG_CACHE_HOME": scratch.file("cache")]
        let greeter = try ChildProcess(["/usr/bin/python3", "-c", Self.greeter, typed, Harness.clavierBinary, "--xid", "--no-sound"],
                                       environment: server.env.merging(environment) { $1 }, stdout: said, stderr: errors)
        defer { greeter.stop() }
        guard let toplevel = server.waitForWindow(named: "clavier-greeter-probe") else {
            Issue.record("the greeter window did not appear: \(TextFile.read(errors) ?? "")")
            return
        }
        // The plug is found inside the greeter's window, viewable once the socket maps it.
        let plug = try #require(server.waitForWindow(named: "Clavier"), "no embedded keyboard: \(TextFile.read(errors) ?? "")")
        var parent: Window = 0, root: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        XQueryTree(server.connection, plug, &root, &parent, &children, &count)
        XFree(children)
        #expect(parent != root, "the keyboard is a top-level window, not embedded")
        let printed = TextFile.read(said) ?? ""
        #expect(printed.contains("window \(plug)\n"), "clavier printed \(printed.debugDescription), its window is \(plug)")
        // No window manager: the greeter's window gets the focus as a greeter has it.
        server.setFocus(toplevel)
        usleep(300_000)
        let frame = server.frame(of: plug)
        #expect(frame.width == 800 && frame.height >= 200, "the socket did not size the plug: \(frame)")
        let geometry = try Harness.clavier(["geometry", "--layout", "us", "--page", "letters", "--size", "\(frame.width)x\(frame.height)"])
        let keys = Dictionary(try JSONDecoder().decode(PrintedGeometry.self, from: Data(geometry.out.utf8)).keys.map { ($0.id, $0) }) { a, _ in a }
        for id in ["p", "a", "s", "s"] {
            let key = try #require(keys[id])
            server.click(x: frame.x + key.midX, y: frame.y + key.midY)
        }
        #expect(Harness.waitFor(5) { TextFile.read(typed) == "pass" },
                "the entry holds \(TextFile.read(typed).debugDescription); clavier said: \(TextFile.read(errors) ?? "")")
        #expect(server.focus == toplevel, "the focus left the greeter's window")

        // The greeter goes away: its socket's save-set gives the plug back to the root, and
        // the keyboard leaves rather than linger on the screen.
        let pid = try #require(printed.split(separator: " ").dropFirst().first.flatMap { pid_t($0) })
        greeter.signal(SIGKILL)
        #expect(Harness.waitFor(5) { kill(pid, 0) != 0 || Self.isZombie(pid) }, "clavier still runs without its greeter")
        #expect(!server.windows(named: "Clavier").contains { server.frame(of: $0).viewable })
    }

    /// A greeter that reads the window id, closes the pipe and exits without embedding the
    /// plug (issue 34, item 8): no socket ever holds it, so no embedder's going away ends it;
    /// the keyboard sees its parent gone and quits rather than live on into the session.
    @Test func aGreeterThatLeavesBeforeEmbeddingTakesTheKeyboardAlong() throws {
        let server = try XServer(windowManager: false)
        let scratch = TemporaryDirectory()
        let said = scratch.file("greeter.out"), errors = scratch.file("clavier.err")
        let environment = ["XDG_STATE_HOME": scratch.file("state"), "XDG_CONFIG_HOME": scratch.file("config"),
                           "XDG_CACHE_HOME": scratch.file("cache")]
        let leaving = """
            import subprocess, sys
            keyboard = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE)
            line = keyboard.stdout.readline()
            keyboard.stdout.close()
            print("keyboard", keyboard.pid, "window", line.decode().strip(), flush=True)
            """
        let greeter = try ChildProcess(["/usr/bin/python3", "-c", leaving, Harness.clavierBinary, "--xid", "--no-sound"],
                                       environment: server.env.merging(environment) { $1 }, stdout: said, stderr: errors)
        defer { greeter.stop() }
        #expect(greeter.wait(seconds: 15) == 0, "the greeter did not leave: \(TextFile.read(errors) ?? "")")
        let printed = TextFile.read(said) ?? ""
        let pid = try #require(printed.split(separator: " ").dropFirst().first.flatMap { pid_t($0) }, "the greeter printed \(printed)")
        #expect(printed.contains(" window "), "\(printed)")
        #expect(Harness.waitFor(10) { kill(pid, 0) != 0 || Self.isZombie(pid) },
                "clavier still runs after its greeter left; it said: \(TextFile.read(errors) ?? "")")
        #expect((TextFile.read(errors) ?? "").contains("is gone: quitting"), "\(TextFile.read(errors) ?? "")")
        if kill(pid, 0) == 0 && !Self.isZombie(pid) { kill(pid, SIGKILL) }
    }

    /// Whether `pid` has exited and waits only to be reaped (its parent, the greeter, was killed).
    static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = TextFile.read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] == "Z"
    }
}
