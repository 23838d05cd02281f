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
        guard let value = property32(root, atom("_NET_ACTIVE_WINDOW"))?.first, value != 0 else { return nil }
        let window = Window(UInt(bitPattern: value))
        var instance = "", windowClass = ""
        var hint = XClassHint()
        if XGetClassHint(raw, window, &hint) != 0 {
            if let name = hint.res_name { instance = String(cString: name); XFree(name) }
            if let klass = hint.res_class { windowClass = String(cString: klass); XFree(klass) }
        }
        var title = propertyText(window, atom("_NET_WM_NAME")) ?? ""
        if title.isEmpty {
            var name: UnsafeMutablePointer<CChar>?
            if XFetchName(raw, window, &name) != 0, let name {
                title = String(cString: name)
                XFree(name)
            }
        }
        return (window, WindowIdentity(instance: instance, windowClass: windowClass, title: title))
    }

    func property32(_ window: Window, _ property: Atom) -> [Int]? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(raw, window, property, 0, 16, 0, UInt(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        // Format-32 data comes back as C longs.
        guard format == 32, count > 0 else { return nil }
        return data.withMemoryRebound(to: Int.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }

    func propertyText(_ window: Window, _ property: Atom, length: Int = 1024) -> String? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(raw, window, property, 0, length, 0, UInt(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 8 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}
