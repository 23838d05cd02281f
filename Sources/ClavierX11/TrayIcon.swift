import CX11
import ClavierCore

/// An icon in the desktop's system tray (freedesktop.org's System Tray protocol over XEmbed):
/// the tray is whoever owns the selection `_NET_SYSTEM_TRAY_S<screen>`; we ask it to dock our
/// window with `_NET_SYSTEM_TRAY_OPCODE` `SYSTEM_TRAY_REQUEST_DOCK`, and it reparents, maps
/// and sizes the window. A tray that starts later announces itself with a `MANAGER` message
/// on the root; one that quits is watched (`DestroyNotify`) and the icon waits for the next.
public final class TrayIcon {
    let display: Display
    public let id: Window
    private let gc: GC
    private let depth: Int32
    private let selection: Atom
    private let manager: Atom
    /// The tray's window while we are docked in it (or asked to be); nil: no tray.
    public private(set) var tray: Window?
    /// The icon's size, as the tray last set it.
    public private(set) var size: Size

    /// Creates the icon window on the side connection and docks it in the tray, if there is one.
    public init(display: Display, size: Size) {
        self.display = display
        self.size = size
        let d = display.raw
        selection = display.atom("_NET_SYSTEM_TRAY_S\(clavier_default_screen(d))")
        manager = display.atom("MANAGER")
        var attributes = XSetWindowAttributes()
        attributes.event_mask = ExposureMask | ButtonPressMask | ButtonReleaseMask | StructureNotifyMask
        (id, gc, depth) = createSmallWindow(on: display, at: Rect(x: 0, y: 0, width: size.width, height: size.height),
                                            attributes: attributes, mask: CWEventMask)
        display.name(id, title: "Clavier tray icon", windowClass: "ClavierTrayIcon")
        // The size we ask for: a tray that embeds with GtkSocket (trayer) gives an icon its
        // minimum size, and with none that is one pixel wide.
        var hints = XSizeHints()
        hints.flags = PMinSize | PBaseSize
        (hints.min_width, hints.min_height) = (Int32(size.width), Int32(size.height))
        (hints.base_width, hints.base_height) = (Int32(size.width), Int32(size.height))
        XSetWMNormalHints(d, id, &hints)
        // XEmbed 0 with XEMBED_MAPPED: the tray maps the icon once it has embedded it.
        let info = [0, 1]
        let infoAtom = display.atom("_XEMBED_INFO")
        info.withUnsafeBytes { bytes in
            _ = XChangeProperty(d, id, infoAtom, infoAtom, 32, PropModeReplace, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
        }
        // StructureNotify on the root: a tray's MANAGER announcement is sent there with that mask.
        var current = XWindowAttributes()
        XGetWindowAttributes(d, display.root, &current)
        XSelectInput(d, display.root, current.your_event_mask | StructureNotifyMask)
        dock()
    }

    deinit { destroySmallWindow(id, gc: gc, on: display) }

    /// Asks the tray that owns the selection now, if any, to dock the icon.
    private func dock() {
        let owner = XGetSelectionOwner(display.raw, selection)
        guard owner != 0 else {
            tray = nil
            return
        }
        tray = owner
        // Its DestroyNotify tells us when it quits.
        XSelectInput(display.raw, owner, StructureNotifyMask)
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = owner
        event.xclient.message_type = display.atom("_NET_SYSTEM_TRAY_OPCODE")
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(CurrentTime)
        event.xclient.data.l.1 = 0  // SYSTEM_TRAY_REQUEST_DOCK
        event.xclient.data.l.2 = Int(bitPattern: id)
        XSendEvent(display.raw, owner, 0, NoEventMask, &event)
        display.flush()
    }

    /// Follows the tray through `event`; true when the icon must be painted again (resized).
    public func handle(_ event: SideEvent) -> Bool {
        switch event {
        case .message(_, let type, let data) where type == manager && data.count > 2 && UInt(bitPattern: data[1]) == selection:
            dock()
        case .destroyed(let window) where window == tray:
            // The tray is gone; a save-set gives our icon back to the root, where it must not show.
            tray = nil
            XUnmapWindow(display.raw, id)
            display.flush()
        case .reparented(id, let parent) where parent == display.root:
            XUnmapWindow(display.raw, id)
            display.flush()
        case .resized(id, let newSize) where newSize != size:
            size = newSize
            return true
        default:
            break
        }
        return false
    }

    /// The largest icon painted, in pixels a side. A tray may size the icon's window up to
    /// X's 32767 px; painting and sending that (30000² px is 3.6 GB) stalled the keyboard
    /// until the server dropped it. Beyond this the icon is painted at this size, centred.
    public static let largestPainted = 256

    /// The size the icon is painted at: the window's, at most `largestPainted` a side.
    public var paintedSize: Size {
        Size(width: min(size.width, Self.largestPainted), height: min(size.height, Self.largestPainted))
    }

    /// Puts x8r8g8b8 `pixels` (rows `stride` bytes apart) of `paintedSize` on the icon, centred.
    public func present(_ pixels: UnsafeMutableRawPointer, stride: Int) {
        let painted = paintedSize
        putPixels(pixels, stride: stride, size: painted, area: Rect(x: 0, y: 0, width: painted.width, height: painted.height),
                  origin: ((size.width - painted.width) / 2, (size.height - painted.height) / 2),
                  on: id, gc: gc, depth: depth, display)
        display.flush()
    }
}
