import ClavierTestSupport
import Glibc

/// The GNOME row's floor: no keyboard, the desktop's own path alone. A Python client of
/// mutter's RemoteDesktop (the D-Bus session Clavier types through) sends keysym `h` pressed,
/// 10 ms, released, 100 ms apart, stamping CLOCK_MONOTONIC just before each press is sent;
/// the same GTK 4 entry stamps its changes. Press → change is D-Bus, mutter, Wayland, GTK and
/// Python: what any keyboard typing into GNOME this way pays before its own work.
enum GnomeFloor {
    static func measure(mutter: HeadlessMutter, entry: GTK4Entry, warmup: Int, presses: Int, logs: String) throws(HarnessError) -> (Samples, Int) {
        let script = "\(logs)/gnome-floor.py"
        try TextFile.write(script, Self.script)
        let before = entry.changes.count
        let out = try Harness.run(["/usr/bin/python3", script, String(warmup + presses)], environment: mutter.environment,
                                  timeout: Double(warmup + presses) * 0.3 + 30)
        guard out.status == 0 else { throw HarnessError("the RemoteDesktop floor: \(out.err.suffix(400))") }
        Harness.waitFor(2) { entry.changes.count >= before + warmup + presses }
        let downs = out.out.split(separator: "\n").compactMap { Double($0) }
        let changes = entry.changes.dropFirst(before).map(\.ms)
        try? TextFile.write("\(logs)/gnome-floor-press.txt",
                            downs.map { "down \($0)" }.joined(separator: "\n") + "\n--\n" + changes.map { "text \($0)" }.joined(separator: "\n"))
        var samples = Samples()
        var misses = 0
        for i in warmup..<downs.count {
            let until = i + 1 < downs.count ? downs[i + 1] : .infinity
            if let first = changes.first(where: { $0 >= downs[i] && $0 < until }) { samples.add(first - downs[i]) } else { misses += 1 }
        }
        return (samples, misses)
    }

    /// A session as Clavier opens it (CreateSession, Start, a Shift pressed and released first:
    /// mutter drops a new session's first key), then the keys.
    static let script = """
        import sys, time
        import gi
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        name = "org.gnome.Mutter.RemoteDesktop"
        def call(path, interface, method, args=None):
            return bus.call_sync(name, path, interface, method, args, None, Gio.DBusCallFlags.NONE, 5000, None)
        session = call("/org/gnome/Mutter/RemoteDesktop", name, "CreateSession").unpack()[0]
        iface = name + ".Session"
        call(session, iface, "Start")
        def key(keysym, down):
            call(session, iface, "NotifyKeyboardKeysym", GLib.Variant("(ub)", (keysym, down)))
        key(0xffe1, True); key(0xffe1, False)
        time.sleep(0.5)
        for _ in range(int(sys.argv[1])):
            print("%.3f" % (time.clock_gettime_ns(time.CLOCK_MONOTONIC) / 1e6), flush=True)
            key(0x68, True)
            time.sleep(0.01)
            key(0x68, False)
            time.sleep(0.1)
        call(session, iface, "Stop")
        """
}
