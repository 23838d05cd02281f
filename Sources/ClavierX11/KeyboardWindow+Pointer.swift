import CX11
import ClavierCore

extension KeyboardWindow {
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

    /// Where the pointer is on the root window now (`XQueryPointer`).
    public func pointerOnRoot() -> (x: Int, y: Int) {
        var root: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(display.raw, id, &root, &child, &rx, &ry, &wx, &wy, &mask)
        return (Int(rx), Int(ry))
    }

    /// Where the pointer is on the window now (`XQueryPointer`); nil: on another screen.
    public func pointerInWindow() -> Point? {
        var root: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(display.raw, id, &root, &child, &rx, &ry, &wx, &wy, &mask) != 0 else { return nil }
        return Point(x: Double(wx), y: Double(wy))
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
}
