import ClavierCore
import ClavierX11

/// The X connection beside the keyboard window's, for what calls the keyboard back or sends
/// it away: the show button and the tray icon (`ShowButton`), and the watch on hardware keys
/// (`--hide-on-hardware-keys`), and the clipboard strip's watch on CLIPBOARD (`ClipboardWatch`,
/// `--clipboard`). Their events never pass through the keyboard window's event
/// reader, which takes every pointer event of its connection as the keyboard's. It opens
/// when first needed, at the earliest once the keyboard is up (`start`).
final class SideConnection {
    /// What the user asked of the keyboard.
    enum Request { case show, toggle, hide }

    private let displayName: String?
    private var display: Display?
    /// Set once opening failed (said once, then the keyboard goes on without it).
    private var failed = false
    private(set) var button: ShowButton?
    /// Whether to watch hardware keys, and the watch once started.
    private let watchesKeys: Bool
    private var keys: HardwareKeyWatch?
    /// Whether to watch the clipboard, and the watch once started.
    private let watchesClipboard: Bool
    private var clipboard: ClipboardWatch?
    /// The texts copied since the host last took them (`takeCopied`); never logged.
    private var copied: [String] = []

    /// A side for the settings, or nil when they ask for nothing on it.
    init?(_ settings: Settings, display main: Display, name: String?, theme: Theme, scale: DisplayScale) {
        displayName = name
        watchesKeys = settings.hidesOnHardwareKeys
        watchesClipboard = settings.watchesClipboard
        button = ShowButton.make(settings, display: main, connection: { [unowned self] in self.connection() }, theme: theme,
                                 scale: scale)
        if button == nil && !watchesKeys && !watchesClipboard { return nil }
    }

    /// The connection's descriptor, for the loop to poll; nil before it is open.
    var fd: Int32? { display?.fileDescriptor }

    /// The connection, opened at the first call.
    private func connection() -> Display? {
        if let display { return display }
        guard !failed else { return nil }
        do {
            display = try SideEvent.connect(displayName)
        } catch {
            Log.warning("no show button, tray icon, hardware key or clipboard watch: \(error)")
            failed = true
        }
        return display
    }

    /// What waits until the keyboard is up: the tray icon, the clipboard and hardware key watches.
    func start() {
        button?.startTray()
        if watchesClipboard, clipboard == nil, let display = connection() {
            clipboard = ClipboardWatch(display: display)
            if clipboard == nil { Log.warning("no clipboard strip: the X server has no XFixes") } else { Log.debug("clipboard: watching CLIPBOARD") }
        }
        guard watchesKeys, keys == nil, let display = connection() else { return }
        keys = HardwareKeyWatch(display: display)
        if keys == nil { Log.warning("--hide-on-hardware-keys: the X server has no XInput 2") }
    }

    /// The texts copied since the last call, oldest first.
    func takeCopied() -> [String] {
        defer { copied = [] }
        return copied
    }

    /// Shows the button while the keyboard is hidden (ShowButton.follow).
    func follow(keyboardShown: Bool) { button?.follow(keyboardShown: keyboardShown) }

    /// Handles what the connection heard since the last look.
    func serve() -> Request? {
        guard let display else { return nil }
        let events = SideEvent.pending(display, xiOpcode: keys?.opcode, xfixesBase: clipboard?.eventBase)
        var request = button?.serve(events)
        for event in events {
            switch event {
            case .selectionOwner(let selection, let owner, let time) where clipboard?.watches(selection) == true:
                clipboard?.ownerChanged(to: owner, at: time)
            case .selectionArrived(let window, let selection, let property) where window == clipboard?.window:
                // That a copy came is said, never what it holds.
                if let text = clipboard?.arrived(selection: selection, property: property) {
                    Log.debug("clipboard: a copy read")
                    copied.append(text)
                }
            case .rawKeyPress(let source) where keys?.isHardware(source: source) == true:
                Log.debug("a key on a hardware keyboard (device \(source)): hiding")
                request = .hide
            case .devicesChanged:
                keys?.findXTestDevices()
            default:
                break
            }
        }
        return request
    }
}
