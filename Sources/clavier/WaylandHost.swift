import ClavierCore
import ClavierLayouts
import ClavierRender
import ClavierSound
import ClavierWayland

/// The running keyboard's host on a Wayland compositor (wlroots': sway, labwc, Wayfire,
/// Hyprland): a layer surface docked with its height reserved, or floating on the overlay
/// layer; its pixels through wl_shm; typing through input-method-v2 and virtual-keyboard-v1
/// (`WaylandTypist`); the focused field from input-method-v2. The words are the X host's
/// (HostWords.swift). WaylandHost+Loop.swift waits on the compositor, WaylandStart.swift builds
/// it from the settings, `WaylandScreen` puts the pixels up.
final class WaylandHost: WordsHost {
    let connection: WaylandConnection
    let typist: WaylandTypist
    /// KWin's input method's typist (issue 49; to be re-plugged as the host's typist part):
    /// when KWin started Clavier as its input method it types instead of `typist`.
    let kwinTypist: KWinTypist?
    /// The surface and its pixels (WaylandScreen.swift).
    let screen: WaylandScreen
    /// The settings as the settings page changes them (WaylandHost+Settings.swift).
    let live: LiveSettings
    private let load: (String) throws(LayoutError) -> Layout
    private let keyRepeat: (KeyRepeat?) -> KeyRepeat?
    var loop: WaylandLoop?
    let suggester: Suggester?
    let taps: TapRecorder?
    let emojiSearcher = EmojiSearcher()
    let glides: GlideDecoders
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
    var switches = PointerSwitches()
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
        var taps: TapRecorder?
        var glides = GlideDecoders()
        /// Opens a click player at the volume the settings say now.
        var openClick: () -> ClickPlayer?
        var shown: (() -> Void)?
        var live: LiveSettings
        var showsButton = false
        var floats = WaylandFloatPlace()
        var movable = true
    }

    init(_ parts: Parts) throws {
        connection = parts.connection
        typist = WaylandTypist(connection: connection, allow: parts.typingFilter)
        kwinTypist = KWinTypist(connection: connection, allow: parts.typingFilter)  // KWin (issue 49)
        if let kwinTypist { Log.note(kwinTypist.way) }
        screen = try WaylandScreen(connection: connection, theme: parts.theme, floats: parts.floats, placement: parts.placement)
        load = parts.loadLayout
        keyRepeat = parts.keyRepeat
        suggester = parts.suggester
        taps = parts.taps
        glides = parts.glides
        keyClick = Click(live: parts.live, open: parts.openClick)
        live = parts.live
        shown = parts.shown
        showsButton = parts.showsButton
        movable = parts.movable
    }

    var keymapLayouts: String? { nil }
    var isPlug: Bool { false }

    // MARK: Typing

    func type(_ effects: [Effect]) -> UInt64? {
        var keys: [(sym: KeySym, modifiers: ModifierSet)] = []
        for case .type(let sym, let modifiers) in effects { keys.append((sym, modifiers)) }
        let typed = kwinTypist?.type(keys) ?? typist.type(keys)  // KWin (issue 49)
        // A round trip, as XSync on X: the paint waits until the compositor has taken the keys,
        // so it does not compete with the compositor and the focused client for the two cores
        // just as the key reaches them (press → key 0.23–0.30 ms with it, 0.59–0.70 without:
        // BENCHMARKS.md, issue 37).
        if typed { connection.roundtrip() }
        if effects.contains(where: { if case .redraw = $0 { false } else { true } }) { finishStarting() }
        return nil
    }

    // input-method-v2 tells the field's activation and its text (`.field` reports): no window
    // to tell, and no other keyboard's keys to hear.
    func focusedWindow() -> UInt64? { nil }
    func hearKeysTypedElsewhere() {}

    /// What only presses need, once: the click player, opened after the first picture.
    private func finishStarting() {
        if let shown {
            self.shown = nil
            shown()
        }
        keyClick.firstPress()
    }

    func format(_ formatting: Formatting) {
        // No selection is read on Wayland: the pair, the caret between.
        let type = { (sym: KeySym) in _ = self.kwinTypist?.type(sym, modifiers: []) ?? self.typist.type(sym, modifiers: []) }  // KWin (issue 49)
        for sym in KeySym.sequence(typing: formatting.delimiter + formatting.delimiter) { type(sym) }
        for _ in formatting.delimiter.unicodeScalars { type(.left) }
    }

    func click() { keyClick.play() }

    // MARK: The keyboard

    func makeKeyboard(_ layout: Layout, page: Page.ID?) -> Keyboard {
        var keyboard = Keyboard(layout: layout, page: page, size: screen.keysSize)
        keyboard.keyRepeat = keyRepeat(.standard)
        let names = keyboard.xkbKeyNames
        let live = DefaultKeymap.liveKeys(named: names)
        if !names.isEmpty { _ = keyboard.setLiveKeys(live) }
        // Keys, not text, on the layouts of a PC's keyboard (`pc`, `pc-numpad`).
        typist.keysOnly = layout.isWide
        kwinTypist?.keysOnly = layout.isWide  // KWin (issue 49)
        // Every key of the layout has its keycode before the first is typed: a client given a
        // new keymap may lose the key that follows it (GTK 4 does).
        typist.prepare(WaylandTypist.keysyms(of: layout, live: live))
        return keyboard
    }

    func loadLayout(_ name: String) throws(LayoutError) -> Layout { try load(name) }

    func keymapChanged(first: UInt8, count: Int, keyboard: Keyboard) -> SessionEvent { keymap(for: keyboard) }
    func keymap(for keyboard: Keyboard) -> SessionEvent { .keymap(live: nil, locks: nil) }
    func switchKey(keycode: UInt8, down: Bool) -> (switch: Int, down: Bool)? { nil }
    func activeWindow() -> WindowIdentity? { nil }

    /// `languages` switches the X keymap's group: nothing on Wayland (said once at the start).
    func switchLanguage(_ index: Int?) {}

    func askField() {
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

    func pointerOnKeys() -> Point? { hovered }

    // MARK: The surface (WaylandScreen)

    func start(_ picture: Picture) {
        loop = WaylandLoop(connection: connection)
        screen.start(picture)
        pending.append(.window(.mapped))
        // input-method-v2 has said by now which field has the focus, if any: the session's
        // field is private only until that first answer (as the focus watch's on X).
        if connection.hasInputMethod { askField() }
    }

    func paint(_ picture: Picture, damaged: [Key.ID], whole: Bool, bar: Bool) {
        screen.paint(picture, damaged: damaged, whole: whole, bar: bar)
    }

    func paintTrail(_ picture: Picture, at now: ContinuousClock.Instant, whole: Bool) {
        screen.paintTrail(picture, at: now, whole: whole)
    }

    func expose(_ rect: Rect, picture: Picture) { screen.present([rect], handleToo: true) }

    func resize(to size: Size, picture: Picture) -> Size? {
        do {
            return try screen.resize(to: size)
        } catch {
            Log.error("\(error)")
            return nil
        }
    }

    func route(_ input: InputEvent) -> InputEvent? { screen.route(input) }
    func keysPoint(_ point: Point) -> Point? { screen.keysPoint(point) }
    func prepareToShow(_ picture: Picture) { screen.picture = picture }

    func showWindow() {
        guard !screen.isUp else { return }
        screen.makeSurface()
        pending.append(.window(.mapped))
    }

    func hideWindow() {
        guard screen.isUp else { return }
        screen.takeDown()
        hovered = nil
        pending.append(.window(.unmapped))
    }

    func recreateWindow(_ picture: Picture) {
        screen.picture = picture
        screen.makeSurface()
    }

    func screenChanged() { screen.outputsChanged() }
    func followPreview(_ picture: Picture) { screen.followPreview(picture, mode: live.current[.preview]) }
    var windowRect: Rect { screen.rect }
}
