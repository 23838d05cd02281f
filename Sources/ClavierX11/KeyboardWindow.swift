import CX11
import ClavierCore

/// Where the keyboard window lives: docked across an edge of a monitor, or floating.
public enum Placement: Hashable, Sendable {
    /// Full width of `monitor` (root coordinates) along `edge`, reserving its strip
    /// (`_NET_WM_STRUT_PARTIAL`) while shown.
    case docked(DockEdge, monitor: Rect, height: Int)
    /// A free window at this position and size (`--geometry WxH+X+Y`).
    case floating(Rect)

    /// The window's rectangle in root coordinates.
    public var rect: Rect {
        switch self {
        case .docked(let edge, let monitor, let height):
            let h = min(height, monitor.height)
            return Rect(x: monitor.x, y: edge == .top ? monitor.y : monitor.maxY - h, width: monitor.width, height: h)
        case .floating(let r):
            return r
        }
    }

    /// `_NET_WM_STRUT_PARTIAL` for this placement on a root window of `screen`: left, right,
    /// top, bottom (each counted from that edge of the root window, not of the monitor),
    /// then the start and end of each edge's strip; nil when floating.
    public func strut(screen: Size) -> [Int]? {
        guard case .docked(let edge, _, _) = self else { return nil }
        let r = rect
        switch edge {
        case .top: return [0, 0, r.maxY, 0, 0, 0, 0, 0, r.x, r.maxX - 1, 0, 0]
        case .bottom: return [0, 0, 0, screen.height - r.y, 0, 0, 0, 0, 0, 0, r.x, r.maxX - 1]
        }
    }
}

/// What the window reports to the keyboard.
public enum WindowEvent: Hashable, Sendable {
    /// The core pointer's press, release or motion with a button down (`.press`, `.release`,
    /// `.motion` of pointer 0), in window coordinates: what the input sources turn into the
    /// reducer's events.
    case pointer(InputEvent)
    /// Part of the window must be put on screen again.
    case expose(Rect)
    /// The window's size changed.
    case resized(Size)
    /// The screen's size or its monitors changed (RandR): a docked window must be placed again.
    case screenChanged
    /// The window manager made another window active (`_NET_ACTIVE_WINDOW` on the root).
    case activeWindowChanged
    /// The window manager asks the window to close (`WM_DELETE_WINDOW`).
    case close
    /// The server's keyboard mapping changed (`MappingNotify`) for keycodes first…first+count-1.
    case keymapChanged(first: UInt8, count: Int)
    /// The keyboard's group (the active layout of a multi-layout keymap) changed (`XkbStateNotify`).
    case groupChanged
    /// The pointer moved over the window with no button down, to this point; nil: it left
    /// the window. Only after `watchHover()` (dwell).
    case hover(Point?)
    /// A key grabbed on the root (`SwitchGrab`) went down or up.
    case grabbedKey(keycode: UInt8, down: Bool)
    /// A lock of the keyboard (Caps Lock, Num Lock) went on or off (`XkbStateNotify`), from
    /// any keyboard, ours included.
    case locksChanged
}

/// The borderless, never-focused keyboard window (`XCreateWindow`), and how its pixels
/// get on screen (`XPutImage` of only the damaged rectangles).
public final class KeyboardWindow {
    private let display: Display
    public let id: Window
    private let gc: GC
    /// The file puts of `setBackground`, to ask `backgroundFailed` about.
    private var backgroundPuts: [UInt32] = []
    private let depth: Int32
    private let visual: UnsafeMutablePointer<Visual>
    private let deleteWindow: Atom
    private let activeWindowAtom: Atom
    public private(set) var placement: Placement
    public private(set) var rect: Rect
    public private(set) var isMapped = false
    /// Whether the window keeps itself above every other, fullscreen ones included (kiosk).
    public let staysOnTop: Bool
    /// The X Input extension's opcode once the window reads XI 2.2 touches and buttons
    /// (`XInput2`, after `followTouches`); nil: core pointer events only (an older server, or
    /// not yet asked).
    public private(set) var touchOpcode: Int32?
    private var touchesAsked = false
    /// Whether motion with no button down, and the pointer leaving, are reported (`.hover`).
    public private(set) var watchesHover = false
    /// When the window stays on top: the window manager's window that holds the dock type
    /// and the strut, which an override-redirect window cannot (see `init`).
    private let strutHolder: Window?
    /// Where the dock type, state and strut go: the holder, else the window itself.
    private var managedWindow: Window { strutHolder ?? id }

    /// Creates the window for `placement` on the default screen; it is shown by `show()`.
    /// `staysOnTop` (kiosk mode) keeps it above every window, fullscreen ones included.
    public init(display: Display, placement: Placement, title: String = "Clavier", staysOnTop: Bool = false) throws(X11Error) {
        self.display = display
        self.staysOnTop = staysOnTop
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
        // the idle keyboard wakes nothing.
        attributes.event_mask = ExposureMask | ButtonPressMask | ButtonReleaseMask | ButtonMotionMask | StructureNotifyMask
        var mask = UInt(CWBackPixmap | CWBorderPixel | CWBitGravity | CWEventMask)
        if staysOnTop {
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
        if staysOnTop {
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
        setProperties(placement: placement, title: title)
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

    /// Reads touches and buttons through XInput 2.2 from now on, when the server has it; the
    /// core pointer events selected at creation serve until then, and on older servers. Asked
    /// once the first picture is up: finding the extension and its version takes seven round
    /// trips (0.3 ms on Xvfb) that the start need not wait for. Returns whether XI2 is read.
    @discardableResult
    public func followTouches() -> Bool {
        guard !touchesAsked else { return touchOpcode != nil }
        touchesAsked = true
        touchOpcode = XInput2.touchOpcode(display)
        // XI2 selections take the place of the core ones of the same kinds for this client.
        if touchOpcode != nil { XInput2.select(on: id, display, hover: watchesHover) }
        return touchOpcode != nil
    }

    /// Reports the pointer's motion over the window with no button down, and its entering
    /// and leaving (`.hover`), for dwell: selected only then. (XInput 2 motion is selected
    /// always, see `XInput2.select`; without dwell, motion with no button is dropped.)
    public func watchHover() {
        watchesHover = true
        if touchOpcode != nil {
            XInput2.select(on: id, display, hover: true)
        } else {
            var current = XWindowAttributes()
            XGetWindowAttributes(display.raw, id, &current)
            XSelectInput(display.raw, id, current.your_event_mask | PointerMotionMask | EnterWindowMask | LeaveWindowMask)
        }
    }

    private func setProperties(placement: Placement, title: String) {
        let d = display.raw
        XStoreName(d, id, title)
        setProperty("_NET_WM_NAME", type: display.atom("UTF8_STRING"), bytes: Array(title.utf8))

        "clavier".withCString { instance in
            "Clavier".withCString { klass in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: instance),
                                      res_class: UnsafeMutablePointer(mutating: klass))
                XSetClassHint(d, id, &hint)
            }
        }
        // input=False: the window manager never gives us the focus, so typing keeps going
        // to the window the user was typing in.
        var wmHints = XWMHints()
        wmHints.flags = InputHint | StateHint
        wmHints.input = 0
        wmHints.initial_state = NormalState
        XSetWMHints(d, id, &wmHints)

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
        guard placement != self.placement else { return }
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

    /// Where the pointer is on the root window now (`XQueryPointer`).
    public func pointerOnRoot() -> (x: Int, y: Int) {
        var root: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(display.raw, id, &root, &child, &rx, &ry, &wx, &wy, &mask)
        return (Int(rx), Int(ry))
    }

    /// Hands a move (or a resize from the bottom-right corner) that button `button` started
    /// to the window manager with `_NET_WM_MOVERESIZE`; false, doing nothing, when no window
    /// manager lists it in `_NET_SUPPORTED`.
    public func beginWindowManagerMoveResize(resize: Bool, button: Int = 1) -> Bool {
        let moveResize = display.atom("_NET_WM_MOVERESIZE")
        guard supportedByWindowManager().contains(moveResize) else { return false }
        let pointer = pointerOnRoot()
        // EWMH: give up the press's implicit grab first, or the window manager cannot grab
        // the pointer for its own move.
        XUngrabPointer(display.raw, UInt(CurrentTime))
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = id
        event.xclient.message_type = moveResize
        event.xclient.format = 32
        // _NET_WM_MOVERESIZE_SIZE_BOTTOMRIGHT = 4, _NET_WM_MOVERESIZE_MOVE = 8; source 1 = an application.
        event.xclient.data.l = (pointer.x, pointer.y, resize ? 4 : 8, button, 1)
        XSendEvent(display.raw, display.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        display.flush()
        return true
    }

    /// The root's `_NET_SUPPORTED`: what the running EWMH window manager implements (empty
    /// without one).
    private func supportedByWindowManager() -> [Atom] {
        let values = WindowProperty.values(display.raw, display.root, display.atom("_NET_SUPPORTED"), type: Atom(XA_ATOM), limit: 4096)
        return (values ?? []).map { Atom(bitPattern: $0) }
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
        // The strut before the map, so the window manager makes room as the window appears.
        updateStrut()
        if let strutHolder { XMapWindow(display.raw, strutHolder) }
        XMapRaised(display.raw, id)
        display.flush()
    }

    /// Unmaps the window (`XUnmapWindow`).
    public func hide() {
        XUnmapWindow(display.raw, id)
        if let strutHolder { XUnmapWindow(display.raw, strutHolder) }
        isMapped = false
        updateStrut()
        display.flush()
    }

    /// Puts `area` of an x8r8g8b8 pixel buffer of `size` on screen at the same place
    /// (`XPutImage`), without copying the buffer.
    /// `origin` is where the buffer's top left lies in the window (a floating keyboard's keys
    /// sit below its handle).
    public func present(pixels: UnsafeMutableRawPointer, stride: Int, size: Size, area: Rect,
                        origin: (x: Int, y: Int) = (0, 0)) {
        put(pixels: pixels, stride: stride, size: size, area: area, origin: origin, on: id)
        display.flush()
    }

    /// One buffer for `setBackground`: x8r8g8b8 pixels of `size`, whose top left lies at
    /// `origin` in the window.
    public struct Picture {
        public var pixels: UnsafeMutableRawPointer
        public var stride: Int
        public var size: Size
        public var origin: (x: Int, y: Int)
        /// The same pixels in a file (rows `size.width * 4` bytes apart from `offset`), which
        /// the server can read itself where it maps files we hand it.
        public var file: (fd: Int32, offset: Int)?
        public init(pixels: UnsafeMutableRawPointer, stride: Int, size: Size, origin: (x: Int, y: Int) = (0, 0),
                    file: (fd: Int32, offset: Int)? = nil) {
            self.pixels = pixels
            self.stride = stride
            self.size = size
            self.origin = origin
            self.file = file
        }
    }

    /// Makes `pictures` the window's background (`XCreatePixmap`, `XPutImage`,
    /// `XSetWindowBackgroundPixmap`), so that the server paints them itself as it maps the
    /// window, and the window never shows what lay under it before an Expose is answered.
    /// `clearBackground` lets the server's copy go once the window is up.
    /// A picture with a `file` goes up through the server's own mapping of the file (MIT-SHM
    /// `ShmAttachFd`) where it can: its pixels never cross the socket, and are not read here.
    public func setBackground(_ pictures: [Picture]) {
        let pixmap = XCreatePixmap(display.raw, id, UInt32(rect.width), UInt32(rect.height), UInt32(depth))
        let fromFiles = pictures.allSatisfy { $0.file != nil } && display.attachesFiles
        backgroundPuts = []
        for picture in pictures {
            if fromFiles, let file = picture.file, picture.stride == picture.size.width * 4 {
                // libxcb hands Xlib's queued requests (the pixmap) to the server before these.
                let put = clavier_shm_put_file(display.xcb, UInt32(pixmap), UInt32(XGContextFromGC(gc)), file.fd, UInt32(file.offset),
                                               UInt16(picture.size.width), UInt16(picture.size.height),
                                               Int16(picture.origin.x), Int16(picture.origin.y), UInt8(depth))
                if put != 0 {
                    backgroundPuts.append(put)
                    continue
                }
            }
            put(pixels: picture.pixels, stride: picture.stride, size: picture.size,
                area: Rect(x: 0, y: 0, width: picture.size.width, height: picture.size.height), origin: picture.origin, on: pixmap)
        }
        XSetWindowBackgroundPixmap(display.raw, id, pixmap)
        // The window holds the pixmap while it is its background.
        XFreePixmap(display.raw, pixmap)
    }

    /// Whether a picture `setBackground` put from a file failed (the server could not map the
    /// file): then the window shows none of it, and it must be presented the usual way. Asked
    /// once the window is up, when the server has answered already.
    public func backgroundFailed() -> Bool {
        defer { backgroundPuts = [] }
        return backgroundPuts.map { clavier_shm_failed(display.xcb, $0) != 0 }.contains(true)
    }

    /// No background again: the server never clears the window (what `setBackground` undoes).
    public func clearBackground() {
        XSetWindowBackgroundPixmap(display.raw, id, UInt(None))
        display.flush()
    }

    private func put(pixels: UnsafeMutableRawPointer, stride: Int, size: Size, area: Rect,
                     origin: (x: Int, y: Int), on drawable: Drawable) {
        putPixels(pixels, stride: stride, size: size, area: area, origin: origin, on: drawable, gc: gc, depth: depth, display)
    }

    /// Adds `event`, where a motion replaces the same pointer's motion just before it: only
    /// the latest position of a run of motion events matters.
    private func append(_ event: WindowEvent, to events: inout [WindowEvent]) {
        if case .pointer(.motion(_, let pointer)) = event, case .pointer(.motion(_, let last)) = events.last, last == pointer {
            events.removeLast()
        }
        if case .hover(.some) = event, case .hover(.some) = events.last { events.removeLast() }
        events.append(event)
    }

    /// Reads every queued X event without blocking and turns those for this window into
    /// `WindowEvent`s.
    public func pendingEvents() -> [WindowEvent] {
        var events: [WindowEvent] = []
        var event = XEvent()
        var raise = false
        defer {
            if raise {
                XRaiseWindow(display.raw, id)
                display.flush()
            }
        }
        while XPending(display.raw) > 0 {
            XNextEvent(display.raw, &event)
            switch event.type {
            case ButtonPress where event.xbutton.button <= 3:
                events.append(.pointer(.press(Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)))))
            case ButtonRelease where event.xbutton.button <= 3:
                events.append(.pointer(.release(Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)))))
            case MotionNotify:
                let point = Point(x: Double(event.xmotion.x), y: Double(event.xmotion.y))
                let buttons = UInt32(Button1Mask | Button2Mask | Button3Mask)
                append(event.xmotion.state & buttons == 0 ? .hover(point) : .pointer(.motion(point)), to: &events)
            case EnterNotify:
                append(.hover(Point(x: Double(event.xcrossing.x), y: Double(event.xcrossing.y))), to: &events)
            case LeaveNotify:
                events.append(.hover(nil))
            case KeyPress, KeyRelease:
                events.append(.grabbedKey(keycode: UInt8(truncatingIfNeeded: event.xkey.keycode), down: event.type == KeyPress))
            case GenericEvent where event.xcookie.extension == touchOpcode:
                guard XGetEventData(display.raw, &event.xcookie) != 0 else { break }
                if let translated = XInput2.windowEvent(cookie: event.xcookie, hover: watchesHover) { append(translated, to: &events) }
                XFreeEventData(display.raw, &event.xcookie)
            case Expose:
                let e = event.xexpose
                events.append(.expose(Rect(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height))))
            case ConfigureNotify where event.xconfigure.window != id, MapNotify where event.xmap.window != id:
                // Another top-level window appeared or moved in the stack (SubstructureNotify
                // on the root, selected only to stay on top): go back above it.
                raise = staysOnTop && isMapped
            case ConfigureNotify:
                let e = event.xconfigure
                let size = Size(width: Int(e.width), height: Int(e.height))
                let moved = Rect(x: Int(e.x), y: Int(e.y), width: size.width, height: size.height)
                if size != Size(width: rect.width, height: rect.height) { events.append(.resized(size)) }
                rect = moved
            case PropertyNotify where event.xproperty.window == display.root:
                if event.xproperty.atom == activeWindowAtom, !events.contains(.activeWindowChanged) {
                    events.append(.activeWindowChanged)
                }
            case MappingNotify:
                XRefreshKeyboardMapping(&event.xmapping)
                if event.xmapping.request != MappingPointer {
                    events.append(.keymapChanged(first: UInt8(truncatingIfNeeded: event.xmapping.first_keycode),
                                                 count: Int(event.xmapping.count)))
                }
            case ClientMessage where UInt(event.xclient.data.l.0) == deleteWindow:
                events.append(.close)
            case display.xkbEventBase:
                let kind = withUnsafePointer(to: &event) {
                    $0.withMemoryRebound(to: XkbAnyEvent.self, capacity: 1) { $0.pointee.xkb_type }
                }
                if kind == XkbStateNotify {
                    let state = withUnsafePointer(to: &event) {
                        $0.withMemoryRebound(to: XkbStateNotifyEvent.self, capacity: 1) { $0.pointee }
                    }
                    let changed = display.noteState(state)
                    if changed.group { events.append(.groupChanged) }
                    if changed.locks { events.append(.locksChanged) }
                }
                if kind == XkbNewKeyboardNotify { events.append(.keymapChanged(first: 0, count: 0)) }
            case let type where display.randrEventBase.map({ type == $0 + RRScreenChangeNotify }) == true:
                // Xlib's idea of the screen size (DisplayWidth) changes only through this call.
                XRRUpdateConfiguration(&event)
                if !events.contains(.screenChanged) { events.append(.screenChanged) }
            case let type where display.randrEventBase.map({ type == $0 + RRNotify }) == true:
                if !events.contains(.screenChanged) { events.append(.screenChanged) }
            default:
                break
            }
        }
        return events
    }
}
