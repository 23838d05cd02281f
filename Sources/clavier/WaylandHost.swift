import ClavierCore
import ClavierLayouts
import ClavierRender
import ClavierSound
import ClavierWayland

/// The running keyboard's host on a Wayland compositor (wlroots': sway, labwc, Wayfire,
/// Hyprland): a layer surface docked with its height reserved, or floating on the overlay
/// layer; its pixels through wl_shm; typing through input-method-v2 and virtual-keyboard-v1
/// (`WaylandTypist`); the focused field from input-method-v2. The words are the X host's
/// (HostWords.swift). WaylandHost+Loop.swift waits on the compositor, WaylandHost+Make.swift
/// builds it from the settings, WaylandHost+Paint.swift puts the pixels up.
final class WaylandHost: WordsHost {
    let connection: WaylandConnection
    let typist: WaylandTypist
    var theme: Theme
    /// The settings as the settings page changes them (WaylandHost+Settings.swift).
    let live: LiveSettings
    /// Opens the click player when the settings page turns the click on.
    let makePlayer: () -> ClickPlayer?
    /// Where the surface goes on the output, asked again when outputs change.
    let placement: (WaylandConnection) -> (output: String?, place: WaylandPlacement)
    lazy var painter = KeyboardPainter(theme: theme)
    /// The keys' pixels, copied into a free wl_shm buffer as they are put up.
    var keys: Canvas
    /// What the surface shows; nil while it is down (hidden).
    var placed: (output: String?, place: WaylandPlacement)?
    private let load: (String) throws(LayoutError) -> Layout
    private let keyRepeat: (KeyRepeat?) -> KeyRepeat?
    var loop: WaylandLoop?
    let suggester: Suggester?
    let taps: TapRecorder?
    let emojiSearcher = EmojiSearcher()
    let glides: GlideDecoders
    var player: ClickPlayer?
    var openPlayer: (() -> ClickPlayer?)?
    /// Called once, when the surface is first up.
    var shown: (() -> Void)?
    var trail = TrailOnScreen()
    /// What the host says before it next waits: the window's own events (mapped, unmapped,
    /// a new size) and the field's answer to `askField`.
    var pending: [HostEvent] = []
    /// Where the pointer last hovered on the surface (nil: off it).
    var hovered: Point?
    /// The picture to put up when the surface is made again.
    var picture: Picture?
    /// `--preview`, and the preview on screen now (nil: none).
    /// `--preview`, as the settings page leaves it.
    var previewMode: PreviewMode { live.current[.preview] }
    var previewShown: KeyPreview?
    /// Whether the show button stands in for the hidden keyboard (`Settings.showsButton`).
    let showsButton: Bool
    /// A floating keyboard's handle and grip; nil when docked, or floating in kiosk mode.
    let float: WaylandFloat?
    /// The handle strip's pixels (a frame's; one black pixel without).
    var handle: Canvas
    /// Where the first picture is kept between starts (nil: none kept, as for a PIN pad), and
    /// the first picture while it is still unsettled (WaylandHost+FirstPicture.swift).
    var pictureCache: PictureCache?
    var firstPicture: FirstPicture?
    /// When the keys' canvas gives its pages back, the keyboard having painted nothing since;
    /// and whether it has (its pixels are then the buffer's on screen: `keysBack`).
    var buffersIdleAt: ContinuousClock.Instant?
    var keysDropped = false

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
        var openPlayer: () -> ClickPlayer?
        var shown: (() -> Void)?
        var live: LiveSettings
        var makePlayer: () -> ClickPlayer?
        var showsButton = false
        var float: WaylandFloat?
    }

    init(_ parts: Parts) throws {
        connection = parts.connection
        typist = WaylandTypist(connection: connection, allow: parts.typingFilter)
        theme = parts.theme
        placement = parts.placement
        load = parts.loadLayout
        keyRepeat = parts.keyRepeat
        suggester = parts.suggester
        taps = parts.taps
        glides = parts.glides
        openPlayer = parts.openPlayer
        live = parts.live
        makePlayer = parts.makePlayer
        shown = parts.shown
        showsButton = parts.showsButton
        float = parts.float
        let wanted = placement(connection)
        guard let size = connection.makeSurface(on: wanted.output, wanted.place) else {
            throw WaylandError("the compositor would not place the keyboard's layer surface")
        }
        placed = wanted
        float?.scale = connection.scale
        keys = try Canvas(size: Self.keysSize(size, float: float))
        handle = try Canvas(size: Size(width: 1, height: 1))
        try paintHandle(width: size.width)
    }

    /// The keys' part of a surface of `size`: below the handle when floating.
    static func keysSize(_ size: Size, float: WaylandFloat?) -> Size {
        Size(width: size.width, height: max(1, size.height - (float?.handleHeight ?? 0)))
    }

    /// Paints the handle strip (floating only) for a surface `width` buffer pixels wide.
    func paintHandle(width: Int) throws {
        guard let float else { return }
        let canvas = try Canvas(size: Size(width: width, height: float.handleHeight))
        float.painter.paintHandle(on: canvas)
        handle = consume canvas
    }

    var keymapLayouts: String? { nil }
    var isPlug: Bool { false }

    // MARK: Typing

    func type(_ effects: [Effect]) -> Bool {
        var keys: [(sym: KeySym, modifiers: ModifierSet)] = []
        for case .type(let sym, let modifiers) in effects { keys.append((sym, modifiers)) }
        let typed = typist.type(keys)
        if typed { connection.roundtrip() }
        if effects.contains(where: { if case .redraw = $0 { false } else { true } }) { finishStarting() }
        return typed
    }

    /// What only presses need, once: the click player, opened after the first picture.
    private func finishStarting() {
        if let shown {
            self.shown = nil
            shown()
        }
        guard let open = openPlayer else { return }
        openPlayer = nil
        player = open()
    }

    func format(_ formatting: Formatting) {
        // No selection is read on Wayland: the pair, the caret between.
        for sym in KeySym.sequence(typing: formatting.delimiter + formatting.delimiter) { typist.type(sym, modifiers: []) }
        for _ in formatting.delimiter.unicodeScalars { typist.type(.left, modifiers: []) }
    }

    func click() { player?.play() }

    // MARK: The keyboard

    func makeKeyboard(_ layout: Layout, page: Page.ID?) -> Keyboard {
        var keyboard = Keyboard(layout: layout, page: page, size: keys.size)
        keyboard.keyRepeat = keyRepeat(.standard)
        let names = keyboard.xkbKeyNames
        let live = DefaultKeymap.liveKeys(named: names)
        if !names.isEmpty { _ = keyboard.setLiveKeys(live) }
        // Keys, not text, on the layouts of a PC's keyboard (`pc`, `pc-numpad`).
        typist.keysOnly = layout.isWide
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
        return .field(kind, before: kind.keepsText ? connection.textBeforeCaret : nil, moved: moved)
    }

    func pointerOnKeys() -> Point? { hovered }
}
