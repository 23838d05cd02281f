import CX11
import ClavierCore

/// The borderless, never-focused keyboard window (`XCreateWindow`), and how its pixels
/// get on screen (`XPutImage` of only the damaged rectangles).
public final class KeyboardWindow {
    // Internal where the extensions (KeyboardWindow+Events, +Pixels, +Pointer) need them.
    let display: Display
    public let id: Window
    let gc: GC
    /// The file puts of `setBackground`, to ask `backgroundFailed` about.
    var backgroundPuts: [UInt32] = []
    let depth: Int32
    private let visual: UnsafeMutablePointer<Visual>
    let deleteWindow: Atom
    let activeWindowAtom: Atom
    let xkbNamesAtom: Atom
    public private(set) var placement: Placement
    public internal(set) var rect: Rect
    public private(set) var isMapped = false
    /// The request number of our last map or unmap: a `MapNotify` or `UnmapNotify` older than
    /// it is one that request has undone already (a hide and a show in quick succession).
    var visibilitySerial: UInt = 0
    /// Whether the window keeps itself above every other, fullscreen ones included (kiosk).
    public let staysOnTop: Bool
    /// The X Input extension's opcode once the window reads XI 2.2 touches and buttons
    /// (`XInput2`, after `followTouches`); nil: core pointer events only (an older server, or
    /// not yet asked).
    public internal(set) var touchOpcode: Int32?
    var touchesAsked = false
    /// Whether motion with no button down, and the pointer leaving, are reported (`.hover`).
    public internal(set) var watchesHover = false
    /// The slave device (XI2's `sourceid`) behind each pointer id that holds a press on the
    /// window, to tell when it is taken away (KeyboardWindow+Holders.swift).
    var holders: [Int: Int32] = [:]
    var holdersChecked = ContinuousClock.now
    /// When the window stays on top: the window manager's window that holds the dock type
    /// and the strut, which an override-redirect window cannot (see `init`).
    private let strutHolder: Window?
    /// An XEmbed plug (`--xid`, KeyboardWindow+Plug.swift): the embedder maps and sizes it.
    public let isPlug: Bool
    /// Whether the plug has been put into its embedder's socket.
    var embedded = false
    /// Where the dock type, state and strut go: the holder, else the window itself.
    private var managedWindow: Window { strutHolder ?? id }

    /// Creates the window for `placement` on the default screen; it is shown by `show()`.
    /// `staysOnTop` (kiosk mode) keeps it above every window, fullscreen ones included; a
    /// `plug` is another program's to place (it cannot stay on top of its embedder's windows).
    public init(display: Display, placement: Placement, title: String = "Clavier", staysOnTop: Bool = false,
                plug: Bool = false) throws(X11Error) {
        self.display = display
        self.staysOnTop = staysOnTop && !plug
        isPlug = plug
        // pendingEvents reads every event of the connection, XKB state changes among them.
        display.followKeyboardState()
        let d = display.raw
        depth = clavier_default_depth(d)
        visual = clavier_default_visual(d)
        // The canvas is x8r8g8b8; put it as is only where the server's pixels are the same.
        guard depth == 24 || depth == 32, visual.pointee.red_mask == 0xFF0000,
              visual.pointee.green_mask == 0xFF00, visual.pointee.blue_mask == 0xFF else {
            throw .unsupportedVisual(depth: depth)
        }
        self.placement = placement
        rect = placement.rect
        var attributes = XSetWindowAttributes()
        // No background: the server never clears the window, so nothing flickers before
        // our pixels arrive.
        attributes.background_pixmap = UInt(None)
        attributes.border_pixel = 0
        attributes.bit_gravity = NorthWestGravity
        // ButtonMotionMask: motion only while a button is down, so a pointer passing over
        // the idle keyboard wakes nothing. LeaveWindowMask: another client's grab taking the
        // pointer (`.pointerLost`).
        attributes.event_mask = ExposureMask | ButtonPressMask | ButtonReleaseMask | ButtonMotionMask | LeaveWindowMask
            | StructureNotifyMask
        var mask = UInt(CWBackPixmap | CWBorderPixel | CWBitGravity | CWEventMask)
        if self.staysOnTop {
            // A window manager stacks a focused fullscreen window above docks and "above"
            // windows alike (openbox's fullscreen layer), and turns a managed window's
            // XRaiseWindow into a restack within its own layer. An override-redirect window
            // is not the window manager's: it is raised for real, above everything it
            // stacks. The strut, which only managed windows have, goes on a 1x1 companion.
            attributes.override_redirect = 1
            mask |= UInt(CWOverrideRedirect)
        }
        id = XCreateWindow(d, display.root, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height),
                           0, depth, UInt32(InputOutput), visual, mask, &attributes)
        if self.staysOnTop {
            var holder = XSetWindowAttributes()
            holder.background_pixmap = UInt(None)
            strutHolder = XCreateWindow(d, display.root, Int32(rect.x), Int32(rect.y), 1, 1, 0, depth, UInt32(InputOutput),
                                        visual, UInt(CWBackPixmap), &holder)
            // SubstructureNotify on the root: every map and restack of a top-level window,
            // after which the keyboard goes back on top. The root's mask is per client:
            // add to ours (PropertyChange for the active window), do not replace it.
            var current = XWindowAttributes()
            XGetWindowAttributes(d, display.root, &current)
            XSelectInput(d, display.root, current.your_event_mask | SubstructureNotifyMask)
        } else {
            strutHolder = nil
        }
        gc = XCreateGC(d, id, 0, nil)
        display.askAboutSharedFiles()
        deleteWindow = display.atom("WM_DELETE_WINDOW")
        activeWindowAtom = display.atom("_NET_ACTIVE_WINDOW")
        xkbNamesAtom = display.atom(XKBNames.property)
        setProperties(placement: placement, title: title)
        if plug { becomePlug() }
        if let strutHolder {
            XStoreName(d, strutHolder, title + " strut")
            var wmHints = XWMHints()
            wmHints.flags = InputHint | StateHint
            wmHints.input = 0
            wmHints.initial_state = NormalState
            XSetWMHints(d, strutHolder, &wmHints)
            setAtoms("_NET_WM_WINDOW_TYPE", ["_NET_WM_WINDOW_TYPE_DOCK"], on: strutHolder)
            setAtoms("_NET_WM_STATE", ["_NET_WM_STATE_STICKY", "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"],
                     on: strutHolder)
            setCardinals("_NET_WM_DESKTOP", [0xFFFF_FFFF], on: strutHolder)
        }
    }

    deinit {
        XFreeGC(display.raw, gc)
        if let strutHolder { XDestroyWindow(display.raw, strutHolder) }
        XDestroyWindow(display.raw, id)
        display.flush()
    }

    private func setProperties(placement: Placement, title: String) {
        let d = display.raw
        display.name(id, title: title, windowClass: "Clavier")
        setProperty("_NET_WM_NAME", type: display.atom("UTF8_STRING"), bytes: Array(title.utf8))
        display.neverFocus(id)

        setSizeHints(placement)

        var protocols = [deleteWindow]
        XSetWMProtocols(d, id, &protocols, 1)

        let type: String
        switch placement {
        case .docked: type = "_NET_WM_WINDOW_TYPE_DOCK"
        case .floating: type = "_NET_WM_WINDOW_TYPE_UTILITY"
        }
        setAtoms("_NET_WM_WINDOW_TYPE", [type])
        setAtoms("_NET_WM_STATE", ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_STICKY",
                                   "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"])
        setCardinals("_NET_WM_DESKTOP", [0xFFFF_FFFF])
        // _MOTIF_WM_HINTS flags=MWM_HINTS_DECORATIONS, decorations=0: no title bar or border.
        setProperty32("_MOTIF_WM_HINTS", type: display.atom("_MOTIF_WM_HINTS"), values: [2, 0, 0, 0, 0])
    }

    /// Reserves the docked strip while the window is shown and gives it back while hidden, so
    /// maximised windows shrink to make room instead of being covered, and grow back.
    private func updateStrut() {
        let screen = display.screenSize
        if isMapped, let strut = placement.strut(screen: Size(width: screen.width, height: screen.height)) {
            setCardinals("_NET_WM_STRUT", Array(strut.prefix(4)), on: managedWindow)
            setCardinals("_NET_WM_STRUT_PARTIAL", strut, on: managedWindow)
        } else {
            XDeleteProperty(display.raw, managedWindow, display.atom("_NET_WM_STRUT"))
            XDeleteProperty(display.raw, managedWindow, display.atom("_NET_WM_STRUT_PARTIAL"))
        }
    }

    /// Moves and resizes the window for `placement` (`XMoveResizeWindow`), with its size
    /// hints and strut; the new size arrives as `.resized` from the server.
    public func place(_ placement: Placement) {
        guard placement != self.placement, !isPlug else { return }
        self.placement = placement
        let r = placement.rect
        // Hints first: a window manager clamps the request below to the old min/max.
        setSizeHints(placement)
        XMoveResizeWindow(display.raw, id, Int32(r.x), Int32(r.y), UInt32(r.width), UInt32(r.height))
        updateStrut()
        display.flush()
    }

    /// Tells the window manager where the window goes and how it may be sized
    /// (`XSetWMNormalHints`): a docked window's size is not the user's to change (min = max).
    private func setSizeHints(_ placement: Placement) {
        let r = placement.rect
        var sizeHints = XSizeHints()
        sizeHints.flags = PPosition | PSize | USPosition | USSize
        sizeHints.x = Int32(r.x)
        sizeHints.y = Int32(r.y)
        sizeHints.width = Int32(r.width)
        sizeHints.height = Int32(r.height)
        if case .docked = placement {
            sizeHints.flags |= PMinSize | PMaxSize
            sizeHints.min_width = Int32(r.width)
            sizeHints.max_width = Int32(r.width)
            sizeHints.min_height = Int32(r.height)
            sizeHints.max_height = Int32(r.height)
        }
        Self.setFloatingMinimum(&sizeHints, placement)
        XSetWMNormalHints(display.raw, id, &sizeHints)
    }

    /// A floating window's size is the user's, down to `FloatFrame.minimumSize` (a window
    /// manager's own resize stops there too).
    private static func setFloatingMinimum(_ hints: inout XSizeHints, _ placement: Placement) {
        guard case .floating = placement else { return }
        hints.flags |= PMinSize
        hints.min_width = Int32(FloatFrame.minimumSize.width)
        hints.min_height = Int32(FloatFrame.minimumSize.height)
    }

    /// The window's rectangle in root coordinates as the server has it now
    /// (`XGetGeometry` + `XTranslateCoordinates`): under a reparenting window manager
    /// `rect` is relative to the frame, this never is.
    public func rootRect() -> Rect {
        var root: Window = 0, child: Window = 0
        var x: Int32 = 0, y: Int32 = 0, rx: Int32 = 0, ry: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        XGetGeometry(display.raw, id, &root, &x, &y, &width, &height, &border, &depth)
        XTranslateCoordinates(display.raw, id, display.root, 0, 0, &rx, &ry, &child)
        return Rect(x: Int(rx), y: Int(ry), width: Int(width), height: Int(height))
    }

    private func setAtoms(_ name: String, _ values: [String], on window: Window? = nil) {
        setProperty32(name, type: UInt(XA_ATOM), values: values.map { Int(bitPattern: display.atom($0)) }, on: window)
    }

    private func setCardinals(_ name: String, _ values: [Int], on window: Window? = nil) {
        setProperty32(name, type: UInt(XA_CARDINAL), values: values, on: window)
    }

    /// Format-32 properties travel as C `long`s, whatever their width.
    private func setProperty32(_ name: String, type: Atom, values: [Int], on window: Window? = nil) {
        values.withUnsafeBytes { bytes in
            _ = XChangeProperty(display.raw, window ?? id, display.atom(name), type, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    private func setProperty(_ name: String, type: Atom, bytes: [UInt8]) {
        _ = XChangeProperty(display.raw, id, display.atom(name), type, 8, PropModeReplace, bytes, Int32(bytes.count))
    }

    /// Maps the window (`XMapRaised`).
    public func show() {
        isMapped = true
        // A plug's map is the embedder's, after our `_XEMBED_INFO`: later than this serial too.
        visibilitySerial = XNextRequest(display.raw)
        if isPlug { return setEmbedInfo(mapped: true) }
        // The strut before the map, so the window manager makes room as the window appears.
        updateStrut()
        if let strutHolder { XMapWindow(display.raw, strutHolder) }
        visibilitySerial = XNextRequest(display.raw)
        XMapRaised(display.raw, id)
        display.flush()
    }

    /// Unmaps the window (`XUnmapWindow`).
    public func hide() {
        visibilitySerial = XNextRequest(display.raw)
        if isPlug {
            isMapped = false
            return setEmbedInfo(mapped: false)
        }
        XUnmapWindow(display.raw, id)
        if let strutHolder { XUnmapWindow(display.raw, strutHolder) }
        isMapped = false
        updateStrut()
        display.flush()
    }
}
