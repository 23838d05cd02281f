import CX11

/// A connection to an X server. Wraps `XOpenDisplay` / `XCloseDisplay`.
public final class Display: @unchecked Sendable {
    let raw: OpaquePointer
    /// The display name that was opened, for messages.
    public let name: String

    /// Opens `name`, or `$DISPLAY` when nil; needs the XTEST extension to type.
    public init(name: String? = nil) throws(X11Error) {
        let shown = name ?? String(cString: XDisplayName(nil))
        guard let raw = XOpenDisplay(name) else { throw .cannotOpenDisplay(shown) }
        self.raw = raw
        self.name = shown
        // Xlib's default handler exits the process on any error (a vanished window, a
        // refused mapping change); ours only counts, so the keyboard keeps running.
        clavier_install_x_error_handler()
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(raw, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(raw)
            throw .missingExtension("XTEST")
        }
    }

    deinit { XCloseDisplay(raw) }

    /// The file descriptor of the connection, to sleep on with poll(2) (`ConnectionNumber`).
    public var fileDescriptor: Int32 { clavier_connection_number(raw) }
    /// The root window of the default screen (`DefaultRootWindow`).
    public var root: Window { clavier_root_window(raw) }
    /// The default screen's size in pixels (`DisplayWidth`, `DisplayHeight`).
    public var screenSize: (width: Int, height: Int) {
        (Int(clavier_display_width(raw)), Int(clavier_display_height(raw)))
    }

    /// Sends queued requests (`XFlush`).
    public func flush() { XFlush(raw) }
    /// Sends queued requests and waits until the server has handled them (`XSync`).
    public func sync() { XSync(raw, 0) }

    /// The atom for `name`, created if needed (`XInternAtom`).
    func atom(_ name: String) -> Atom { XInternAtom(raw, name, 0) }
}
