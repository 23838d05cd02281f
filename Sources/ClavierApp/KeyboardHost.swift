import ClavierCore
import ClavierLayouts

/// What `KeyboardApp` needs of the world, and its only way out: the parts chosen at start,
/// each a small protocol with one job. A window system gives its loop, screen and settings
/// (`XHost`, `WaylandHost`: one object over one connection serves the three), a typist, the
/// words (`HostWords`), and, where it has them, a keymap part and a focus part (X's: nil on
/// Wayland, and the app skips what needs them). Another typist on the same window is another
/// `typist` here (RunCommand.swift, RunWayland.swift); the app tests give recording parts.
package struct KeyboardHost {
    /// Events in, the show button, the focused field asked, the click.
    var loop: any HostLoop
    /// The window and its pixels.
    var screen: any HostScreen
    /// Text and keys out.
    var typist: any HostTypist
    /// Suggestions, autocorrection, glide, emoji, learning.
    var words: any KeyboardWords
    /// The settings page's changes carried out, the pins kept.
    var settings: any HostSettings
    /// The window system's keymap (X's); nil: keys are labelled from the default keymap.
    var keymap: (any HostKeymap)?
    /// The desktop's active and focused windows and its hardware keyboard (X's); nil: unknown.
    var focus: (any HostFocus)?
    /// The layout a name or a file names (the bar's slots and the globe as the settings are now).
    var loadLayout: (String) throws(LayoutError) -> Layout
    /// How a new keyboard's keys repeat, from the window system's own rate (nil: they do not).
    var keyRepeat: (KeyRepeat?) -> KeyRepeat?
    /// Without a keymap part: what XKB-named keys produce in the keymap the typist writes
    /// (Wayland's `DefaultKeymap`); none known by default.
    package var defaultKeys: (Set<String>) -> [String: LiveKey] = { _ in [:] }

    /// The host of a window system whose one object is its loop, screen and settings.
    package init(_ system: some HostLoop & HostScreen & HostSettings, typist: any HostTypist, words: any KeyboardWords,
         keymap: (any HostKeymap)? = nil, focus: (any HostFocus)? = nil,
         loadLayout: @escaping (String) throws(LayoutError) -> Layout, keyRepeat: @escaping (KeyRepeat?) -> KeyRepeat?) {
        loop = system
        screen = system
        settings = system
        self.typist = typist
        self.words = words
        self.keymap = keymap
        self.focus = focus
        self.loadLayout = loadLayout
        self.keyRepeat = keyRepeat
    }

    /// Types every `.type` of `effects` first (what the user waits for); at an effect that is
    /// more than the aids' marks, what only presses need is made after it (`HostLoop.pressesBegin`).
    /// What it typed into, when the typist can tell.
    func type(_ effects: [Effect]) -> UInt64? {
        let typed = typist.type(effects)
        if effects.contains(where: { if case .redraw = $0 { false } else { true } }) { loop.pressesBegin() }
        return typed
    }

    /// A keyboard for `layout` at the window's size, repeating as the settings say, labelled
    /// from the live keymap (`defaultKeys` without a keymap part), which the typist is told.
    package func makeKeyboard(_ layout: Layout, page: Page.ID?) -> Keyboard {
        var keyboard = Keyboard(layout: layout, page: page, size: screen.keysSize)
        if let keymap {
            keyboard.keyRepeat = keyRepeat(keymap.serverRepeat)
            keymap.label(&keyboard)
        } else {
            keyboard.keyRepeat = keyRepeat(.standard)
            let names = keyboard.xkbKeyNames
            if !names.isEmpty { _ = keyboard.setLiveKeys(defaultKeys(names)) }
        }
        typist.prepare(for: keyboard)
        return keyboard
    }
}
