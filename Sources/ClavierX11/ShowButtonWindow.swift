import CX11
import ClavierCore

/// The small window that calls a hidden keyboard back (`--show-button`), on the side
/// connection (`SideEvents`), never the keyboard window's: that window's event reader takes
/// every pointer event of its connection as the keyboard's. It has the
/// keyboard's hints (never focused, above, sticky, off the taskbar, undecorated), so a tap
/// on it leaves the focus where the user was typing.
public final class ShowButtonWindow {
    let display: Display
    public let id: Window
    private let gc: GC
    private let depth: Int32
    /// Where the window is, in root coordinates (moved only by us: `move(to:)`).
    public private(set) var rect: Rect
    public private(set) var isMapped = false

    /// Creates the window at `rect` on the side connection `display`, unmapped (`XCreateWindow`).
    public init(display: Display, rect: Rect) {
        self.display = display
        self.rect = rect
        let d = display.raw
        var attributes = XSetWindowAttributes()
        attributes.event_mask = ExposureMask | ButtonPressMask | ButtonReleaseMask | ButtonMotionMask
        (id, gc, depth) = createSmallWindow(on: display, at: rect, attributes: attributes, mask: CWEventMask)
        display.name(id, title: "Clavier show button", windowClass: "ClavierButton")
        // As the keyboard's: the window manager never gives the button the focus.
        display.neverFocus(id)
        // Our place and size, fixed: the window manager neither places nor resizes it.
        var sizeHints = XSizeHints()
        sizeHints.flags = PPosition | PSize | USPosition | USSize | PMinSize | PMaxSize
        sizeHints.x = Int32(rect.x)
        sizeHints.y = Int32(rect.y)
        (sizeHints.width, sizeHints.min_width, sizeHints.max_width) = (Int32(rect.width), Int32(rect.width), Int32(rect.width))
        (sizeHints.height, sizeHints.min_height, sizeHints.max_height) = (Int32(rect.height), Int32(rect.height), Int32(rect.height))
        XSetWMNormalHints(d, id, &sizeHints)
        setAtoms("_NET_WM_WINDOW_TYPE", ["_NET_WM_WINDOW_TYPE_UTILITY"])
        setAtoms("_NET_WM_STATE", ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_STICKY",
                                   "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"])
        set32("_NET_WM_DESKTOP", type: UInt(XA_CARDINAL), [0xFFFF_FFFF])
        set32("_MOTIF_WM_HINTS", type: display.atom("_MOTIF_WM_HINTS"), [2, 0, 0, 0, 0])
        display.flush()
    }

    deinit { destroySmallWindow(id, gc: gc, on: display) }

    private func setAtoms(_ name: String, _ values: [String]) {
        set32(name, type: UInt(XA_ATOM), values.map { Int(bitPattern: display.atom($0)) })
    }

    private func set32(_ name: String, type: Atom, _ values: [Int]) {
        values.withUnsafeBytes { bytes in
            _ = XChangeProperty(display.raw, id, display.atom(name), type, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    /// Maps the window above the others (`XMapRaised`).
    public func show() {
        guard !isMapped else { return }
        isMapped = true
        XMapRaised(display.raw, id)
        display.flush()
    }

    /// Unmaps the window (`XUnmapWindow`).
    public func hide() {
        guard isMapped else { return }
        isMapped = false
        XUnmapWindow(display.raw, id)
        display.flush()
    }

    /// Moves the window's top left corner to `origin` (root coordinates, `XMoveWindow`).
    public func move(to origin: Point) {
        rect = Rect(x: Int(origin.x), y: Int(origin.y), width: rect.width, height: rect.height)
        XMoveWindow(display.raw, id, Int32(rect.x), Int32(rect.y))
        display.flush()
    }

    /// Puts x8r8g8b8 `pixels` (rows `stride` bytes apart) of the window's size on it.
    public func present(_ pixels: UnsafeMutableRawPointer, stride: Int) {
        let size = Size(width: rect.width, height: rect.height)
        putPixels(pixels, stride: stride, size: size, area: Rect(x: 0, y: 0, width: size.width, height: size.height),
                  origin: (0, 0), on: id, gc: gc, depth: depth, display)
        display.flush()
    }
}
