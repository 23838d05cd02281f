import CX11
import Glibc
import ClavierCore

/// A connection to an X server. Wraps `XOpenDisplay` / `XCloseDisplay`.
public final class Display {
    let raw: OpaquePointer
    /// The same connection as libxcb sees it, for libxkbcommon-x11 (`XGetXCBConnection`).
    let xcb: OpaquePointer
    /// The first event code of the XKB extension.
    public let xkbEventBase: Int32
    /// The first event code of RandR 1.5 (monitors), nil when the server lacks it.
    public let randrEventBase: Int32?
    /// The display name that was opened, for messages.
    public let name: String
    /// The XKB state as followed from events (`followKeyboardState`); nil: ask the server.
    var followedState: KeyboardState?
    /// Where the question "can the server map a file we hand it" stands (`attachesFiles`).
    private var sharedFiles: SharedFiles = .unasked
    /// The keycodes each `WindowEvent.keymapChanged` read so far stands for, in order
    /// (`MappingNotify`'s first and count; 0, 0: the whole keymap): X's own, kept out of Core.
    var keymapChanges: [(first: UInt8, count: Int)] = []
    private enum SharedFiles { case unasked, local, asked(UInt32), known(Bool) }

    /// Opens `name`, or `$DISPLAY` when nil; needs the XTEST extension to type.
    public init(name: String? = nil) throws(X11Error) {
        let shown = name ?? String(cString: XDisplayName(nil))
        guard let raw = XOpenDisplay(name) else { throw .cannotOpenDisplay(shown) }
        self.raw = raw
        self.name = shown
        // Xlib's default handler exits the process on any error (a vanished window, a
        // refused mapping change); ours logs it, so the keyboard keeps running.
        XErrorLog.install()
        ConnectionLoss.watch(displayName: shown)
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(raw, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(raw)
            throw .missingExtension("XTEST")
        }
        xcb = XGetXCBConnection(raw)
        // A file can be handed over only on a local socket; the extension's code is asked
        // for now and read later, so no round trip waits on it.
        if Self.isLocal(clavier_connection_number(raw)) {
            clavier_shm_prefetch(xcb)
            sharedFiles = .local
        }
        var xkbMajor: UInt16 = 0, xkbMinor: UInt16 = 0
        var base: UInt8 = 0, errorBase: UInt8 = 0
        guard xkb_x11_setup_xkb_extension(xcb, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION), UInt16(XKB_X11_MIN_MINOR_XKB_VERSION),
                                          XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, &xkbMajor, &xkbMinor,
                                          &base, &errorBase) != 0 else {
            XCloseDisplay(raw)
            throw .missingExtension("XKEYBOARD")
        }
        xkbEventBase = Int32(base)
        var randrEvent: Int32 = 0, randrError: Int32 = 0, randrMajor: Int32 = 0, randrMinor: Int32 = 0
        if XRRQueryExtension(raw, &randrEvent, &randrError) != 0, XRRQueryVersion(raw, &randrMajor, &randrMinor) != 0,
           randrMajor > 1 || randrMinor >= 5 {
            randrEventBase = randrEvent
            // Screen size, CRTC and output changes: a docked keyboard follows its monitor.
            XRRSelectInput(raw, clavier_root_window(raw), Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        } else {
            randrEventBase = nil
        }
        // Hear about keymap changes; our own mapping changes arrive as MappingNotify too. Group
        // and modifier changes (XkbStateNotify) are selected by `followKeyboardState`, for the
        // keyboard's window, which reads them.
        XkbSelectEvents(raw, UInt32(XkbUseCoreKbd), UInt32(XkbNewKeyboardNotifyMask | XkbMapNotifyMask),
                        UInt32(XkbNewKeyboardNotifyMask | XkbMapNotifyMask))
    }

    deinit { XCloseDisplay(raw) }

    private static func isLocal(_ fd: Int32) -> Bool {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return rc == 0 && Int32(address.ss_family) == AF_UNIX
    }

    /// Sends the question `attachesFiles` answers, without waiting for the answer.
    public func askAboutSharedFiles() {
        guard case .local = sharedFiles else { return }
        sharedFiles = .asked(clavier_shm_ask_version(xcb))
    }

    /// Whether the server maps files we hand it (MIT-SHM 1.2 `ShmAttachFd`, local connections
    /// only), for putting a kept picture up without sending its pixels.
    public var attachesFiles: Bool {
        askAboutSharedFiles()
        switch sharedFiles {
        case .unasked, .local: return false
        case .asked(let sequence):
            let answer = clavier_shm_attaches_files(xcb, sequence) != 0
            sharedFiles = .known(answer)
            return answer
        case .known(let answer): return answer
        }
    }

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
    /// The window that has the input focus (`XGetInputFocus`: `PointerRoot` is 1, none 0). The
    /// same round trip as `sync` (XSync asks this and drops the answer): every request sent
    /// before has been handled when it returns.
    public func inputFocus() -> Window {
        var window: Window = 0, revert: Int32 = 0
        XGetInputFocus(raw, &window, &revert)
        return window
    }

    /// The server's key repeat delay and interval, or nil when auto-repeat is off
    /// (`XkbGetAutoRepeatRate`, `XGetKeyboardControl`).
    public var keyRepeat: (delay: Duration, interval: Duration)? {
        var control = XKeyboardState()
        XGetKeyboardControl(raw, &control)
        guard control.global_auto_repeat == AutoRepeatModeOn else { return nil }
        var delay: UInt32 = 0, interval: UInt32 = 0
        guard XkbGetAutoRepeatRate(raw, UInt32(XkbUseCoreKbd), &delay, &interval) != 0, interval > 0 else { return nil }
        return (.milliseconds(Int(delay)), .milliseconds(Int(interval)))
    }

    /// Every atom the keyboard's window names, interned together at the first `atom` call:
    /// one `XInternAtoms` round trip instead of one `XInternAtom` each (~20 at start).
    static let knownAtoms = ["WM_DELETE_WINDOW", "WM_PROTOCOLS", "UTF8_STRING", "_MOTIF_WM_HINTS", "_NET_ACTIVE_WINDOW",
                             "_NET_SUPPORTED", "_NET_WM_DESKTOP", "_NET_WM_MOVERESIZE", "_NET_WM_NAME", "_NET_WM_STATE",
                             "_NET_WM_STATE_ABOVE", "_NET_WM_STATE_SKIP_PAGER", "_NET_WM_STATE_SKIP_TASKBAR",
                             "_NET_WM_STATE_STICKY", "_NET_WM_STRUT", "_NET_WM_STRUT_PARTIAL", "_NET_WM_WINDOW_TYPE",
                             "_NET_WM_WINDOW_TYPE_DOCK", "_NET_WM_WINDOW_TYPE_UTILITY", "CLAVIER_SELECTION",
                             BorrowLedger.property, KeymapRecord.property, XKBNames.property]
    private var atoms: [String: Atom] = [:]

    /// The atom for `name`, created if needed (`XInternAtoms`, cached).
    func atom(_ name: String) -> Atom {
        if let known = atoms[name] { return known }
        let names = atoms.isEmpty ? Self.knownAtoms + (Self.knownAtoms.contains(name) ? [] : [name]) : [name]
        var cStrings = names.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var found = [Atom](repeating: 0, count: names.count)
        if XInternAtoms(raw, &cStrings, Int32(names.count), 0, &found) == 0 {
            // Some failed (the server ran out of atoms): each on its own, as before.
            for (i, name) in names.enumerated() where found[i] == 0 { found[i] = XInternAtom(raw, name, 0) }
        }
        for (name, atom) in zip(names, found) { atoms[name] = atom }
        return atoms[name]!
    }

    /// The desktop's `Xft.dpi` (`xrdb -query`; `XResourceManagerString`, as read when the
    /// connection opened), or nil when the desktop sets none.
    public var xftDPI: Double? {
        guard let text = XResourceManagerString(raw) else { return nil }
        return DisplayScale.xftDPI(inResources: String(cString: text))
    }

    /// The keycodes the oldest `WindowEvent.keymapChanged` not yet taken stands for (`first`,
    /// `count`; 0, 0: the whole keymap, also when none is left to take).
    public func takeKeymapChange() -> (first: UInt8, count: Int) {
        keymapChanges.isEmpty ? (0, 0) : keymapChanges.removeFirst()
    }
}
