import ClavierTestSupport
import ClavierX11
import CX11
import Glibc

/// The bench's connection to the X server: a focused probe window that receives what the
/// keyboards type, XTest to press and click, and the root's SubstructureNotify to see
/// windows appear. Every timestamp is taken in this one process, on one clock.
final class Probe {
    let d: OpaquePointer
    let root: Window
    let window: Window
    /// DAMAGE, where the server and libXdamage have it.
    let damage: DamageWatch?
    private var event = XEvent()

    init(display name: String, probeRect: (x: Int, y: Int)) throws(HarnessError) {
        guard let d = XOpenDisplay(name) else { throw HarnessError("cannot open \(name)") }
        self.d = d
        // A window that vanishes between MapNotify and our GetImage must not end the bench.
        XErrorLog.install()
        root = XDefaultRootWindow(d)
        damage = DamageWatch(display: d)
        XSelectInput(d, root, SubstructureNotifyMask)
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = 0x202020
        attributes.event_mask = KeyPressMask | KeyReleaseMask | StructureNotifyMask
        window = XCreateWindow(d, root, Int32(probeRect.x), Int32(probeRect.y), 200, 100, 0, Int32(CopyFromParent),
                               UInt32(InputOutput), nil, UInt(CWBackPixel | CWEventMask), &attributes)
        XStoreName(d, window, "clavier-bench-probe")
        XMapRaised(d, window)
        XSync(d, 0)
        drain()
        focus()
    }

    deinit {
        shm = nil  // detached while the connection is still open
        XCloseDisplay(d)
    }

    /// Gives the probe window the keyboard focus (no window manager would).
    func focus() {
        XSetInputFocus(d, window, Int32(RevertToPointerRoot), 0)
        XSync(d, 0)
    }

    /// Gives `other` the keyboard focus, as a window manager would when it is clicked.
    func focus(_ other: Window) {
        XSetInputFocus(d, other, Int32(RevertToPointerRoot), 0)
        XSync(d, 0)
    }

    /// A window's WM_NAME, or nil.
    func name(of w: Window) -> String? {
        var name: UnsafeMutablePointer<CChar>?
        guard XFetchName(d, w, &name) != 0, let name else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }

    var focusedWindow: Window {
        var w: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(d, &w, &revert)
        return w
    }

    /// Throws away every event already queued or in the socket.
    func drain() {
        XSync(d, 0)
        while XPending(d) > 0 { XNextEvent(d, &event) }
    }

    /// Waits up to `timeout` seconds for an event `accept` returns a value for; nil on time-out.
    func waitFor<T>(timeout: Double, _ accept: (inout XEvent) -> T?) -> T? {
        let deadline = Instant.now + timeout
        XFlush(d)
        while true {
            while XPending(d) > 0 {
                XNextEvent(d, &event)
                if let found = accept(&event) { return found }
            }
            let left = deadline - Instant.now
            if left <= 0 { return nil }
            var fds = pollfd(fd: clavier_connection_number(d), events: Int16(POLLIN), revents: 0)
            _ = poll(&fds, 1, Int32(left.rounded(.up)))
        }
    }

    /// Waits for a KeyPress on the probe window; its keycode and the instant it was read.
    func waitForKeyPress(timeout: Double = 1, keycode: UInt32? = nil) -> (keycode: UInt32, at: Instant)? {
        waitFor(timeout: timeout) { e in
            guard e.type == KeyPress, e.xkey.window == window else { return nil }
            if let keycode, e.xkey.keycode != keycode { return nil }
            return (e.xkey.keycode, Instant.now)
        }
    }

    /// The keysym a keycode types without modifiers (`XkbKeycodeToKeysym`, group 0, level 0).
    func keysym(_ keycode: UInt32) -> UInt {
        UInt(XkbKeycodeToKeysym(d, UInt8(truncatingIfNeeded: keycode), 0, 0))
    }

    func keycode(of keysym: UInt32) -> UInt32 { UInt32(XKeysymToKeycode(d, CX11.KeySym(keysym))) }

    func movePointer(x: Int, y: Int) {
        XTestFakeMotionEvent(d, -1, Int32(x), Int32(y), 0)
        XSync(d, 0)
    }

    func button(_ down: Bool) {
        XTestFakeButtonEvent(d, 1, down ? 1 : 0, 0)
        XFlush(d)
    }

    func key(_ keycode: UInt32, _ down: Bool) {
        XTestFakeKeyEvent(d, keycode, down ? 1 : 0, 0)
        XFlush(d)
    }

    /// A top-level window's rectangle and whether it is mapped.
    func frame(of w: Window) -> (x: Int, y: Int, width: Int, height: Int, viewable: Bool)? {
        var a = XWindowAttributes()
        guard XGetWindowAttributes(d, w, &a) != 0 else { return nil }
        return (Int(a.x), Int(a.y), Int(a.width), Int(a.height), a.map_state == IsViewable)
    }

    func moveResize(_ w: Window, x: Int, y: Int, width: Int, height: Int) {
        XMoveResizeWindow(d, w, Int32(x), Int32(y), UInt32(width), UInt32(height))
        XSync(d, 0)
    }

    /// Top-level windows mapped now, other than the probe.
    var mappedTopLevels: [Window] {
        WindowTree.children(d, of: root).filter { $0 != window && frame(of: $0)?.viewable == true }
    }

    private var shm: SharedImage?

    /// The window's pixels now, copied into `into`; false if it could not be read. Through
    /// MIT-SHM where the server has it: a plain XGetImage of a 1920×486 window takes ~6 ms
    /// on Xvfb, too coarse to time a first paint and a load on the server under test.
    func grab(_ w: Window, width: Int, height: Int, into buffer: inout [UInt8]) -> Bool {
        if shm == nil || shm!.width != width || shm!.height != height { shm = SharedImage(d, width: width, height: height) }
        if let shm {
            guard XShmGetImage(d, w, shm.image, 0, 0, UInt.max) != 0 else { return false }
            let bytes = Int(shm.image.pointee.bytes_per_line) * height
            if buffer.count != bytes { buffer = [UInt8](repeating: 0, count: bytes) }
            buffer.withUnsafeMutableBytes { _ = memcpy($0.baseAddress!, shm.image.pointee.data, bytes) }
            return true
        }
        guard let image = XGetImage(d, w, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap) else { return false }
        defer { clavier_destroy_image(image) }
        let bytes = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        if buffer.count != bytes { buffer = [UInt8](repeating: 0, count: bytes) }
        buffer.withUnsafeMutableBytes { _ = memcpy($0.baseAddress!, image.pointee.data, bytes) }
        return true
    }
}

/// An XImage in a System V shared memory segment the server writes into (`XShmCreateImage`,
/// `shmget`, `XShmAttach`).
final class SharedImage {
    let image: UnsafeMutablePointer<XImage>
    let width: Int, height: Int
    private let info: UnsafeMutablePointer<XShmSegmentInfo>
    private let d: OpaquePointer

    init?(_ d: OpaquePointer, width: Int, height: Int) {
        guard XShmQueryExtension(d) != 0 else { return nil }
        self.d = d
        self.width = width
        self.height = height
        info = .allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        let screen = clavier_default_screen(d)
        guard let image = XShmCreateImage(d, XDefaultVisual(d, screen), UInt32(XDefaultDepth(d, screen)), ZPixmap, nil,
                                          info, UInt32(width), UInt32(height)) else {
            info.deallocate()
            return nil
        }
        self.image = image
        let bytes = Int(image.pointee.bytes_per_line) * height
        info.pointee.shmid = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard info.pointee.shmid >= 0, let address = shmat(info.pointee.shmid, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            clavier_destroy_image(image)
            info.deallocate()
            return nil
        }
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        image.pointee.data = info.pointee.shmaddr
        info.pointee.readOnly = 0
        XShmAttach(d, info)
        XSync(d, 0)
        // Marked for removal now: it goes away with the last detach, even if the bench dies.
        shmctl(info.pointee.shmid, IPC_RMID, nil)
    }

    deinit {
        XShmDetach(d, info)
        XSync(d, 0)
        shmdt(info.pointee.shmaddr)
        image.pointee.data = nil
        clavier_destroy_image(image)
        info.deallocate()
    }
}
