import CX11
import ClavierTestSupport
import ClavierX11
import Glibc

/// The GNOME bench's connection to mutter's XWayland: it sees top-level windows created and
/// drawn into (DAMAGE), and clicks by XTest, which only X clients see: mutter's focus stays
/// on the native window. No window of its own (one mapped would take mutter's focus).
final class XWaylandWatch {
    let d: OpaquePointer
    let root: Window
    private let damage: DamageWatch?

    init(display: String, authority: String) throws(HarnessError) {
        setenv("XAUTHORITY", authority, 1)
        guard let d = XOpenDisplay(display) else { throw HarnessError("cannot open XWayland's \(display)") }
        self.d = d
        XErrorLog.install()
        root = XDefaultRootWindow(d)
        damage = DamageWatch(display: d)
        XSelectInput(d, root, SubstructureNotifyMask)
        XSync(d, 0)
    }

    private var open = true

    deinit { close() }

    /// Closes the connection: before XWayland goes, or Xlib would end the bench.
    func close() {
        if open { XCloseDisplay(d) }
        open = false
    }

    /// Waits for the first drawing into a top-level window named `name` created from now on,
    /// and says when it was read (CLOCK_MONOTONIC); nil after `timeout` seconds or without DAMAGE.
    func waitForDrawing(named name: String, timeout: Double) -> (window: Window, at: Instant)? {
        guard let damage else { return nil }
        let deadline = Instant.now + timeout
        var event = XEvent()
        var fd = pollfd(fd: XConnectionNumber(d), events: Int16(POLLIN), revents: 0)
        while Instant.now < deadline {
            while XPending(d) > 0 {
                XNextEvent(d, &event)
                let at = Instant.now
                if event.type == CreateNotify, event.xcreatewindow.parent == root {
                    damage.watch(event.xcreatewindow.window, on: d)
                } else if event.type == damage.notifyType, self.name(of: event.xany.window) == name {
                    return (event.xany.window, at)
                }
            }
            _ = poll(&fd, 1, 5)
        }
        return nil
    }

    func name(of w: Window) -> String? {
        var name: UnsafeMutablePointer<CChar>?
        guard XFetchName(d, w, &name) != 0, let name else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// A window's rectangle on the root, wherever it was reparented.
    func frame(of w: Window) -> (x: Int, y: Int, width: Int, height: Int)? {
        var a = XWindowAttributes()
        guard XGetWindowAttributes(d, w, &a) != 0 else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(d, w, root, 0, 0, &x, &y, &child) != 0 else { return nil }
        return (Int(x), Int(y), Int(a.width), Int(a.height))
    }

    func movePointer(x: Int, y: Int) {
        XTestFakeMotionEvent(d, -1, Int32(x), Int32(y), 0)
        XFlush(d)
    }

    /// Button 1 pressed, 10 ms, released; gives when the press was sent (CLOCK_MONOTONIC ms,
    /// stamped just before XTestFakeButtonEvent).
    func click() -> Double {
        let at = Double(Instant.now.nanoseconds) / 1e6
        XTestFakeButtonEvent(d, 1, 1, 0)
        XFlush(d)
        sleep(ms: 10)
        XTestFakeButtonEvent(d, 1, 0, 0)
        XFlush(d)
        return at
    }
}
