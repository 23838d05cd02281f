import ClavierTestSupport
import ClavierX11
import CX11

/// What a pager asks of the window manager, and how the window manager stacked the windows.
extension XServer {
    /// Sends the window manager a client message about `window`, as a pager would (EWMH: to
    /// the root, SubstructureRedirect), and waits until the server has passed it on.
    func askWindowManager(_ message: String, about window: Window, _ data: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(connection, message, 0)
        event.xclient.format = 32
        _ = withUnsafeMutableBytes(of: &event.xclient.data.l) { $0.bindMemory(to: Int.self).update(fromContentsOf: data) }
        XSendEvent(connection, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XSync(connection, 0)
    }

    /// Waits until the window manager has handled what reached it before now, a keymap change
    /// among them (openbox reloads its key handling on each, holding the clicks meanwhile): it
    /// answers a `_NET_REQUEST_FRAME_EXTENTS` about a new window, in order, by setting its
    /// `_NET_FRAME_EXTENTS`. False when no answer came within `seconds`.
    func waitForWindowManager(_ seconds: Double = 10, pollingEvery interval: Double = 0.02) -> Bool {
        let window = XCreateSimpleWindow(connection, root, 0, 0, 10, 10, 0, 0, 0)
        defer {
            XDestroyWindow(connection, window)
            XSync(connection, 0)
        }
        askWindowManager("_NET_REQUEST_FRAME_EXTENTS", about: window, [])
        let extents = XInternAtom(connection, "_NET_FRAME_EXTENTS", 0)
        return Harness.waitFor(seconds, pollingEvery: interval) { WindowProperty.values(self.connection, window, extents) != nil }
    }

    /// Activates `window` (`_NET_ACTIVE_WINDOW`; source 2: a pager, obeyed as the user's own wish).
    func activate(_ window: Window) { askWindowManager("_NET_ACTIVE_WINDOW", about: window, [2]) }

    /// Maximises `window` (`_NET_WM_STATE`: add both maximised states; source 2, a pager).
    func maximise(_ window: Window) {
        askWindowManager("_NET_WM_STATE", about: window, [1, Int(XInternAtom(connection, "_NET_WM_STATE_MAXIMIZED_VERT", 0)),
                                                          Int(XInternAtom(connection, "_NET_WM_STATE_MAXIMIZED_HORZ", 0)), 2])
    }

    /// The root's children, bottom to top (`XQueryTree`).
    func topLevelWindows() -> [Window] { WindowTree.children(connection, of: root) }

    /// `window` and its ancestors up to, not including, the root.
    func windowTree(containing window: Window) -> [Window] {
        var chain: [Window] = []
        var current: Window? = window
        while let window = current, window != 0, window != root, chain.count < 32 {
            chain.append(window)
            current = WindowTree.parent(connection, of: window)
        }
        return chain
    }

    /// Whether `a`'s top-level window (itself or its window manager frame) is stacked above `b`'s.
    func isAbove(_ a: Window, _ b: Window) -> Bool {
        let order = topLevelWindows()
        guard let top = windowTree(containing: a).last, let under = windowTree(containing: b).last,
              let i = order.firstIndex(of: top), let j = order.firstIndex(of: under) else { return false }
        return i > j
    }
}
