import ClavierApp
import ClavierCore
import ClavierLayouts
import ClavierRender
import ClavierSound
import ClavierX11

/// The X server's parts of the running keyboard's host, over one connection: the loop
/// (XHost+Loop.swift), the window and its pixels (`KeyboardScreen`, XHost+Events.swift), the
/// settings page's changes (XHost+Settings.swift), the keymap and the desktop's windows
/// (XHost+Keymap.swift), with the preview, the click, the floating frame and the scan
/// switches' grab. `Typist` (XTest) is its typist unless another is given, and `HostWords` the
/// words (`keyboardHost`, XHost+Make.swift).
package final class XHost: HostLoop, HostScreen, HostSettings {
    let display: Display
    package private(set) var screen: KeyboardScreen
    package let typist: Typist
    let previewer: KeyPreviewer
    private(set) var theme: Theme
    /// The settings as the settings page changes them (XHost+Settings.swift).
    let live: LiveSettings
    let placement: (Display) -> Placement
    /// Whether and where the keyboard floats (the settings page docks or floats it, XHost+Watches.swift).
    let float: FloatPlace
    /// Builds the frame of a floating keyboard (nil: docked, or a kiosk's, which cannot move).
    private let makeFrame: (Placement) -> FloatingFrame?
    private let staysOnTop: Bool
    /// `--xid`: the window is an XEmbed plug for a greeter (LoginScreen.swift).
    private let plug: Bool
    /// The show button, tray icon and hardware key watch (SideConnection.swift; served in XHost+Loop.swift).
    let side: SideConnection?
    /// The layout a name or a file names (`KeyboardHost.loadLayout`).
    let load: (String) throws(LayoutError) -> Layout
    /// How keys repeat, from the server's rate (nil: its auto-repeat is off): `Settings.keyRepeat`.
    let keyRepeat: (KeyRepeat?) -> KeyRepeat?
    /// The scan switches' grab on the root, when scanning (made again as the settings page
    /// turns scanning on or off, XHost+Watches.swift).
    var grab: SwitchGrab?
    /// `--xid`: the greeter that started the keyboard, looked for now and then (LoginScreen.swift).
    package var greeter: GreeterWatch?
    /// The loop's wait on X, the signals and the descriptors (made as the keyboard starts).
    var loop: EventLoop?
    /// The suggestion bar's words and learning (the words' part's, `HostWords`); nil: no suggestions.
    let suggester: Suggester?
    /// `--auto-show`'s focus watch; nil until auto-show is first on, or when it could not start;
    /// paused while the settings page turns auto-show off.
    var focus: FocusFollower?
    /// The focus watch could not start, or ended, since the loop last looked: the session is
    /// told (`SessionEvent.fieldWatchEnded`) after this turn of the loop.
    var focusEnded = false
    /// The key click, its player opened at the first press (Click.swift).
    let keyClick: Click
    /// Called once, when the window is first up.
    var shown: (() -> Void)?
    /// Suggestions are on: the focus watch reads the text before the caret, and presses
    /// anywhere on the screen are followed (a click in an application moves the caret).
    var suggestions: Bool { suggester != nil }
    /// The languages the language key switches between, and the keymap's groups made for
    /// them, which the settings page changes (`KeymapGroups`).
    let keymap: KeymapGroups
    struct Parts {
        var display: Display
        var placement: (Display) -> Placement
        var float: FloatPlace
        var theme: Theme
        var staysOnTop: Bool
        var plug = false
        var side: SideConnection?
        var makeFrame: (Placement) -> FloatingFrame?
        var typingFilter: (@Sendable (KeySym, ModifierSet) -> Bool)?
        var loadLayout: (String) throws(LayoutError) -> Layout
        var keyRepeat: (KeyRepeat?) -> KeyRepeat?
        var preview: PreviewMode
        var scanSwitches: [SwitchGrab.Switch]
        var dwell: Bool
        var autoShow: Bool
        var suggester: Suggester?
        /// `languages`, one per group of the keymap.
        var keymap: KeymapGroups
        /// Opens a click player at the volume the settings say now.
        var openClick: () -> ClickPlayer?
        var shown: (() -> Void)?
        var live: LiveSettings
    }

    init(_ parts: Parts) throws {
        display = parts.display
        theme = parts.theme
        placement = parts.placement
        float = parts.float
        makeFrame = parts.makeFrame
        staysOnTop = parts.staysOnTop
        plug = parts.plug
        side = parts.side
        load = parts.loadLayout
        keyRepeat = parts.keyRepeat
        keyClick = Click(live: parts.live, open: parts.openClick)
        live = parts.live
        shown = parts.shown
        focus = parts.autoShow ? FocusFollower() : nil
        typist = Typist(display: display, allow: parts.typingFilter)
        previewer = KeyPreviewer(mode: parts.preview, display: display, theme: theme)
        screen = try Self.makeScreen(display, placement(display), theme: theme, staysOnTop: staysOnTop, plug: plug,
                                     frame: makeFrame)
        if parts.dwell { screen.window.watchHover() }
        suggester = parts.suggester
        keymap = parts.keymap
        grab = parts.scanSwitches.isEmpty ? nil : SwitchGrab(display: display, switches: parts.scanSwitches) { Log.warning($0) }
        // Formatting reads the selection onto the window as it is then (it is made again at times).
        typist.requestor = { [unowned self] in self.screen.window }
    }

    /// Paints with `theme` from now on (the settings page).
    func retheme(_ theme: Theme) {
        self.theme = theme
        screen.retheme(theme)
        previewer.retheme(theme)
    }

    private static func makeScreen(_ display: Display, _ placement: Placement, theme: Theme, staysOnTop: Bool, plug: Bool,
                                   frame: (Placement) -> FloatingFrame?) throws -> KeyboardScreen {
        let window = try KeyboardWindow(display: display, placement: placement, staysOnTop: staysOnTop, plug: plug)
        return try KeyboardScreen(window: window, theme: theme, frame: frame(placement))
    }

    /// Makes what only presses need, once: the injector, the click player and XI2 touches.
    package func pressesBegin() {
        if focus?.start(followText: suggestions) == false {
            focus = nil
            focusEnded = true
        }
        if let shown {
            self.shown = nil
            shown()
        }
        guard keyClick.firstPress() else { return }
        _ = typist.injector
        let touches = screen.window.followTouches()  // Not in Log.debug's autoclosure: run only with CLAVIER_LOG=debug.
        Log.debug(touches ? "XInput 2.2: touches and buttons through XI2, every finger its own pointer"
                          : "no XInput 2.2 on this server: core pointer events only")
        // Raw presses on the root, on this connection; `--hide-on-hardware-keys`' raw key
        // presses are selected on the side connection's, and each client has its own mask.
        if suggestions { screen.window.followPressesElsewhere() }
    }

    package func paint(_ picture: Picture, damaged: [Key.ID], whole: Bool, bar: Bool) {
        screen.paint(picture, damaged: damaged, whole: whole, bar: bar)
    }

    package func paintTrail(_ picture: Picture, at now: ContinuousClock.Instant, whole: Bool) {
        screen.paintTrail(picture, at: now, whole: whole)
    }

    package func followPreview(_ picture: Picture) {
        guard previewer.mode != .never else { return }
        // A round trip for the window's place, only when a preview is to show.
        previewer.follow(picture) {
            let window = self.screen.window.rootRect()
            return (window.x, window.y + (self.screen.frame?.handleHeight ?? 0))
        }
    }

    // The click last: waking its thread sooner put a second busy thread beside the X server
    // and the focused client as the key reached them; it still starts within a millisecond.
    package func click() { keyClick.play() }

    package func prepareToShow(_ picture: Picture) {
        screen.letBackgroundGo()
        screen.settleFirstPicture(check: false, picture: picture)
    }

    package func showWindow() {
        screen.window.show()
        typist.shown()
    }

    package func askField() { focus?.ask() }

    package func hideWindow() {
        screen.window.hide()
        previewer.hide()
        typist.hidden()
    }

    package func recreateWindow(_ picture: Picture) {
        if remakeWindow(picture, show: false) { Log.warning("another program destroyed the keyboard's window: made it again") }
    }

    /// Makes the window again where the placement says now (another program destroyed it, or
    /// the settings page docked or floated it), watching what the old one watched; painted
    /// with `picture` when the keys' size stays (else the session lays them out anew), mapped
    /// when `show`. The old one goes, its strut with it. False when no window could be made.
    @discardableResult
    func remakeWindow(_ picture: Picture?, show: Bool) -> Bool {
        previewer.hide()
        do {
            let next = try Self.makeScreen(display, placement(display), theme: theme, staysOnTop: staysOnTop, plug: plug,
                                           frame: makeFrame)
            if screen.window.watchesHover { next.window.watchHover() }
            screen = next
            if let picture { screen.paintWindow(picture) } else if screen.frame != nil { screen.framePainter.paintHandle(on: screen.handle) }
            if screen.window.followTouches() { Log.debug("the new window reads XI2 touches and buttons") }
            if show { screen.window.show() }
            return true
        } catch {
            Log.error("cannot make the keyboard's window again: \(error)")
            return false
        }
    }

    package func pointerOnKeys() -> Point? {
        guard let point = screen.window.pointerInWindow() else { return nil }
        guard let frame = screen.frame else { return point }
        return frame.keysPoint(point, window: Size(width: screen.window.rect.width, height: screen.window.rect.height))
    }

    package var windowRect: Rect { screen.window.rect }

    package var keysSize: Size { screen.keysSize }
}
