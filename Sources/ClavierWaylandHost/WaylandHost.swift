import ClavierApp
import ClavierCore
import ClavierLayouts
import ClavierRender
import ClavierSound
import ClavierWayland

/// A Wayland compositor's parts of the running keyboard's host (wlroots': sway, labwc,
/// Wayfire, Hyprland), over one connection: the loop (WaylandHost+Loop.swift), a layer surface
/// docked with its height reserved, or floating on the overlay layer, its pixels through
/// wl_shm (`WaylandScreen`), the settings page's changes (WaylandHost+Settings.swift); the
/// focused field from input-method-v2. `WaylandTypist` (input-method-v2 and virtual-keyboard-v1)
/// is its typist unless another is given, and `HostWords` the words (`WaylandStart.host`).
/// It has no keymap part and no focus part: the keyboard writes its own keymap.
package final class WaylandHost: HostLoop, HostScreen, HostSettings {
    let connection: WaylandConnection
    let typist: WaylandTypist
    /// The surface and its pixels (WaylandScreen.swift).
    package let screen: WaylandScreen
    /// The settings as the settings page changes them (WaylandHost+Settings.swift).
    let live: LiveSettings
    /// The layout a name or a file names, and how keys repeat (`KeyboardHost`'s).
    let load: (String) throws(LayoutError) -> Layout
    let keyRepeat: (KeyRepeat?) -> KeyRepeat?
    var loop: WaylandLoop?
    /// The suggestion bar's words and learning (the words' part's, `HostWords`); nil: no suggestions.
    let suggester: Suggester?
    /// The key click, its player opened at the first press (Click.swift).
    let keyClick: Click
    /// Called once, when the surface is first up.
    var shown: (() -> Void)?
    /// What the host says before it next waits: the window's own events (mapped, unmapped)
    /// and the field's answer to `askField`.
    var pending: [HostEvent] = []
    /// Where the pointer last hovered on the surface (nil: off it).
    var hovered: Point?
    /// The pointer's buttons and the fingers as scanning's switches, while it scans
    /// (WaylandHost+Settings.swift): no key can be grabbed on Wayland.
    package var switches = PointerSwitches()
    /// Whether the show button stands in for the hidden keyboard (`Settings.showsButton`, as
    /// the settings page turns it on and off).
    var showsButton: Bool
    /// Whether a floating keyboard gets its frame (not in kiosk mode), when the settings page floats it.
    let movable: Bool

    struct Parts {
        var connection: WaylandConnection
        var placement: (WaylandConnection) -> (output: String?, place: WaylandPlacement)
        var theme: Theme
        var typingFilter: (@Sendable (KeySym, ModifierSet) -> Bool)?
        var loadLayout: (String) throws(LayoutError) -> Layout
        var keyRepeat: (KeyRepeat?) -> KeyRepeat?
        var suggester: Suggester?
        /// Opens a click player at the volume the settings say now.
        var openClick: () -> ClickPlayer?
        var shown: (() -> Void)?
        var live: LiveSettings
        var showsButton = false
        var floats = FloatPlace(scale: DisplayScale(factor: 1), rows: 4)
        /// A floating keyboard's frame (nil: docked, or a kiosk's, which cannot be moved).
        var frame: WaylandFloat?
        var movable = true
    }

    init(_ parts: Parts) throws {
        connection = parts.connection
        typist = WaylandTypist(connection: connection, allow: parts.typingFilter)
        screen = try WaylandScreen(connection: connection, theme: parts.theme, floats: parts.floats, frame: parts.frame,
                                   placement: parts.placement)
        load = parts.loadLayout
        keyRepeat = parts.keyRepeat
        suggester = parts.suggester
        keyClick = Click(live: parts.live, open: parts.openClick)
        live = parts.live
        shown = parts.shown
        showsButton = parts.showsButton
        movable = parts.movable
    }

    /// What only presses need, once: the click player, opened after the first picture.
    package func pressesBegin() {
        if let shown {
            self.shown = nil
            shown()
        }
        keyClick.firstPress()
    }

    package func click() { keyClick.play() }

    package func askField() {
        // input-method-v2 says which field has the focus as it changes; what it said last is the answer.
        connection.roundtrip()
        pending.append(.focus([fieldReport(moved: true)]))
    }

    /// The focused field as the session's event: its kind and the text before its caret.
    func fieldReport(moved: Bool) -> SessionEvent {
        guard connection.fieldActive else { return .field(.unknown, before: nil, moved: moved) }
        let kind = connection.fieldKind
        return .field(kind, before: kind.keepsText ? connection.textBeforeCaret : nil, moved: moved,
                      multiLine: connection.fieldIsMultiLine)
    }

    package func pointerOnKeys() -> Point? { hovered }

    // MARK: The surface (WaylandScreen)

    package func start(_ picture: Picture) {
        loop = WaylandLoop(connection: connection)
        screen.start(picture)
        pending.append(.window(.mapped))
        // input-method-v2 has said by now which field has the focus, if any: the session's
        // field is private only until that first answer (as the focus watch's on X).
        if connection.hasInputMethod { askField() }
    }

    package func paint(_ picture: Picture, damaged: [Key.ID], whole: Bool, bar: Bool) {
        screen.paint(picture, damaged: damaged, whole: whole, bar: bar)
    }

    package func paintTrail(_ picture: Picture, at now: ContinuousClock.Instant, whole: Bool) {
        screen.paintTrail(picture, at: now, whole: whole)
    }

    package func expose(_ rect: Rect, picture: Picture) { screen.present([rect], handle: true) }

    package func resize(to size: Size, picture: Picture) -> Size? {
        do {
            return try screen.resize(to: size)
        } catch {
            Log.error("\(error)")
            return nil
        }
    }

    package func route(_ input: InputEvent) -> InputEvent? { screen.route(input) }
    package func keysPoint(_ point: Point) -> Point? { screen.keysPoint(point) }
    package func prepareToShow(_ picture: Picture) { screen.shown = picture }

    package func showWindow() {
        guard !screen.isUp else { return }
        screen.makeSurface()
        pending.append(.window(.mapped))
    }

    package func hideWindow() {
        guard screen.isUp else { return }
        screen.takeDown()
        hovered = nil
        pending.append(.window(.unmapped))
    }

    package func recreateWindow(_ picture: Picture) {
        screen.shown = picture
        screen.makeSurface()
    }

    package var keysSize: Size { screen.keysSize }
    package func screenChanged() { screen.outputsChanged() }
    package func followPreview(_ picture: Picture) { screen.followPreview(picture, mode: live.current[.preview]) }
    package var windowRect: Rect { screen.rect }
}
