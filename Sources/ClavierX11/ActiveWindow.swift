import CX11
import ClavierCore

extension Display {
    /// Asks for PropertyNotify on the root window, where the window manager announces the
    /// active window (`_NET_ACTIVE_WINDOW`); those events arrive as `WindowEvent.activeWindowChanged`.
    public func watchActiveWindow() {
        // The root's event mask is per client: this adds to, and does not disturb, RandR's
        // or a kiosk keyboard's SubstructureNotify.
        var current = XWindowAttributes()
        XGetWindowAttributes(raw, root, &current)
        XSelectInput(raw, root, current.your_event_mask | PropertyChangeMask)
        flush()
    }

    /// The active window's `WM_CLASS` and title (`_NET_WM_NAME`, else `WM_NAME`), or nil with
    /// no window manager or no active window.
    public func activeWindow() -> (id: Window, identity: WindowIdentity)? {
        guard let value = WindowProperty.values(raw, root, atom("_NET_ACTIVE_WINDOW"))?.first, value != 0 else { return nil }
        let window = Window(UInt(bitPattern: value))
        var instance = "", windowClass = ""
        var hint = XClassHint()
        if XGetClassHint(raw, window, &hint) != 0 {
            if let name = hint.res_name { instance = String(cString: name); XFree(name) }
            if let klass = hint.res_class { windowClass = String(cString: klass); XFree(klass) }
        }
        var title = WindowProperty.text(raw, window, atom("_NET_WM_NAME")) ?? ""
        if title.isEmpty {
            var name: UnsafeMutablePointer<CChar>?
            if XFetchName(raw, window, &name) != 0, let name {
                title = String(cString: name)
                XFree(name)
            }
        }
        return (window, WindowIdentity(instance: instance, windowClass: windowClass, title: title))
    }
}
