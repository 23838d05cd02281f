import ClavierApp
import ClavierCore
import ClavierX11

/// The X connection beside the keyboard window's, for what calls the keyboard back or sends
/// it away: the show button and the tray icon (`ShowButton`), and the watch on hardware keys
/// (`--hide-on-hardware-keys`; from the first correction that a key may take back, to tell
/// that a key was typed where the keyboard cannot see), and the clipboard strip's watch on CLIPBOARD (`ClipboardWatch`,
/// `--clipboard`). Their events never pass through the keyboard window's event
/// reader, which takes every pointer event of its connection as the keyboard's. It opens
/// when first needed, at the earliest once the keyboard is up (`start`); the settings page
/// makes and lets go of the button and the hardware keys' watch as it runs (`follow`).
final class SideConnection {
    /// What the user asked of the keyboard.
    enum Request { case show, toggle, hide }

    private let displayName: String?
    private var display: Display?
    /// The keyboard's own connection and scale, which place and size the show button.
    private let main: Display
    private let scale: DisplayScale
    /// Whether the keyboard is up (`start`): the tray icon and the watches are made from then on.
    private var started = false
    /// Set once opening failed (said once, then the keyboard goes on without it).
    private var failed = false
    private(set) var button: ShowButton?
    /// Whether a hardware key hides the keyboard, whether one is told (`hearKeysTypedElsewhere`),
    /// and the watch once started for either.
    private var hidesOnKeys: Bool
    private var hearsKeys = false
    private var keys: HardwareKeyWatch?
    /// Whether a hardware key was heard since the host last asked (`takeKeysTyped`).
    private var keysTyped = false
    /// Whether to watch the clipboard, and the watch once started.
    private let watchesClipboard: Bool
    private var clipboard: ClipboardWatch?
    /// The texts copied since the host last took them (`takeCopied`); never logged.
    private var copied: [String] = []

    /// The side for the settings; its connection opens only when they ask for something on it.
    init(_ settings: Settings, display main: Display, name: String?, theme: Theme, scale: DisplayScale) {
        displayName = name
        self.main = main
        self.scale = scale
        hidesOnKeys = settings.hidesOnHardwareKeys
        watchesClipboard = settings.watchesClipboard
        button = makeButton(settings, theme: theme)
    }

    private func makeButton(_ settings: Settings, theme: Theme) -> ShowButton? {
        ShowButton.make(settings, display: main, connection: { [unowned self] in self.connection() }, theme: theme, scale: scale)
    }

    /// Takes the settings page's change: the show button (with its tray icon) and the hardware
    /// keys' watch are made or let go as `settings` now ask (their windows destroyed, the raw
    /// keys no longer selected); the connection stays open for the next.
    func follow(_ settings: Settings, theme: Theme) {
        if settings.showsButton != (button != nil) {
            button = settings.showsButton ? makeButton(settings, theme: theme) : nil
            if started { button?.startTray() }
        }
        hidesOnKeys = settings.hidesOnHardwareKeys
        if !hidesOnKeys && !hearsKeys { keys = nil } else if started { watchKeys() }
    }

    /// Hardware keys are told from now on (`takeKeysTyped`): a key may take a correction back,
    /// unless a key was typed meanwhile where the keyboard cannot see it.
    func hearKeysTypedElsewhere() {
        guard !hearsKeys else { return }
        hearsKeys = true
        if started { watchKeys() }
    }

    /// Whether a hardware key was heard since the last call.
    func takeKeysTyped() -> Bool {
        defer { keysTyped = false }
        return keysTyped
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
        started = true
        button?.startTray()
        if watchesClipboard, clipboard == nil, let display = connection() {
            clipboard = ClipboardWatch(display: display)
            if clipboard == nil { Log.warning("no clipboard strip: the X server has no XFixes") } else { Log.debug("clipboard: watching CLIPBOARD") }
        }
        if hidesOnKeys || hearsKeys { watchKeys() }
    }

    private func watchKeys() {
        guard keys == nil, let display = connection() else { return }
        keys = HardwareKeyWatch(display: display)
        if keys == nil {
            Log.warning(hidesOnKeys ? "--hide-on-hardware-keys: the X server has no XInput 2"
                                    : "no XInput 2: a key typed on a hardware keyboard is not heard")
        }
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
            case .selectionArrived(let window, let selection, let target, let property, let time) where window == clipboard?.window:
                // That a copy came is said, never what it holds.
                switch clipboard?.arrived(selection: selection, target: target, property: property, time: time) {
                case .text(let text):
                    Log.debug("clipboard: a copy read")
                    copied.append(text)
                case .secret:
                    Log.debug("clipboard: a copy marked secret, not read")
                case .nothing, nil:
                    break
                }
            case .rawKeyPress(let source) where keys?.isHardware(source: source) == true:
                if hearsKeys { keysTyped = true }
                guard hidesOnKeys else { break }
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
