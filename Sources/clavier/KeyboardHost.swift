import ClavierCore
import ClavierLayouts

/// What the world said, in the order it came (`KeyboardHost.events`): the app turns each into
/// the session's events (KeyboardApp+Loop.swift), the same for every host.
enum HostEvent {
    /// The keyboard window's event.
    case window(WindowEvent)
    /// A deadline passed (the host did its own timed work first: keycodes given back, held
    /// presses whose pointer went, reported as `.window(.pointerLost)` before this).
    case deadline
    /// A signal to quit came (SIGINT, SIGTERM, SIGHUP).
    case signal(Int32)
    /// One of the descriptors the app watches (the control socket's) can be read.
    case readable(Int32)
    /// The focus watch (`--auto-show`) reported: the session's events for it.
    case focus([SessionEvent])
    /// The show button, the tray icon or a hardware key asks this of the keyboard.
    case request(SessionRequest)
    /// The clipboard's watch read this text, copied just now (the session decides whether
    /// to keep it); never logged.
    case copied(String)
    /// A key was pressed on a hardware keyboard (heard once a correction may be taken back,
    /// `KeyboardHost.hearKeysTypedElsewhere`).
    case typedElsewhere
    /// Scan switch `index` went down or up: one the host has of its own (Wayland's pointer
    /// buttons, `PointerSwitches`), not a grabbed key.
    case scanSwitch(Int, down: Bool)
    /// The keyboard is to end: the connection to the window system is gone, or the greeter
    /// that started a plug went away.
    case ended
}

/// What `KeyboardApp` needs of the world, and the only way it reaches it: events in (the
/// window's, the focus watch's, the show button's), and the session's effects out (the window
/// and its pixels, typing, the click, the preview, layouts, words). `XHost` is the X server's;
/// the app tests use a recording one (Tests/ClavierAppTests/RecordingHost.swift), so the app
/// runs whole without X. A new effect that needs the outside world is one more method here.
protocol KeyboardHost: AnyObject {
    // MARK: The loop

    /// Puts the first picture (of `picture`) up and the window on screen; the active window is
    /// followed from now on.
    func start(_ picture: Picture)
    /// Waits until something comes, a descriptor of `watching` can be read, or `deadline`
    /// passes, and says what came, in order. `holding`: the pointers that hold a press now.
    func events(until deadline: ContinuousClock.Instant?, watching: [Int32], holding: Set<Int>) -> [HostEvent]
    /// After each turn of the loop: the show button follows whether the keyboard is `shown`,
    /// and what it asks meanwhile, if anything.
    func follow(shown: Bool) -> SessionRequest?
    /// The keyboard ends: keys given back, grabs let go, the floating place kept.
    func finish()
    /// The loop was idle `Timing.idleBuffers`: the language models' mapped pages leave the
    /// process's memory (the next query faults back in the few it reads; the page cache keeps
    /// them).
    func dropIdlePages()

    // MARK: Translating the window's events

    /// A pointer event in window coordinates in the keys' coordinates; nil when it belongs
    /// to the window itself (a floating keyboard's move or resize).
    func route(_ input: InputEvent) -> InputEvent?
    /// A window point in the keys' coordinates; nil off the keys (a floating keyboard's handle).
    func keysPoint(_ point: Point) -> Point?
    /// Puts `rect` of the window on screen again.
    func expose(_ rect: Rect, picture: Picture)
    /// Takes the window's new size; the keys' new size (nil: no pixels for it, the keyboard ends).
    func resize(to size: Size, picture: Picture) -> Size?
    /// The screen or its monitors changed: the window is placed again.
    func screenChanged()
    /// The active window, unless it is the keyboard's own.
    func activeWindow() -> WindowIdentity?
    /// The keymap changed for `count` keycodes from `first`: what the keys of `keyboard` now
    /// produce, as the session's event.
    func keymapChanged(first: UInt8, count: Int, keyboard: Keyboard) -> SessionEvent
    /// What the keymap-named keys of `keyboard` produce now, and the locks (the group changed).
    func keymap(for keyboard: Keyboard) -> SessionEvent
    /// The switch a grabbed key is, and whether it went down; nil when it is no switch.
    func switchKey(keycode: UInt8, down: Bool) -> (switch: Int, down: Bool)?
    /// Whether the window is a greeter's plug (`--xid`), which ends with its embedder.
    var isPlug: Bool { get }

    // MARK: The session's effects

    /// Types every `.type` of `effects` (the session's typing filter applied) and waits
    /// until the server has them. What it typed into, when anything was typed and the host
    /// can tell: the window with the input focus (X, asked in that wait), as `focusedWindow`.
    func type(_ effects: [Effect]) -> UInt64?
    /// The window that has the input focus now, as an opaque id (X's focus window); nil where
    /// the host cannot tell (Wayland: input-method-v2's activation and text say it instead).
    func focusedWindow() -> UInt64?
    /// A key may take a correction back: from now on a key typed on a hardware keyboard is
    /// told (`HostEvent.typedElsewhere`), where the host can hear it (X's raw key events).
    func hearKeysTypedElsewhere()
    /// Wraps the focused window's selection in `formatting`, or types the pair.
    func format(_ formatting: Formatting)
    /// Repaints what changed of `picture` (the session's keys and what it puts on them) and
    /// puts it on screen.
    func paint(_ picture: Picture, damaged: [Key.ID], whole: Bool, bar: Bool)
    /// Repaints the glide's trail as it stands at `now` (`GlideDrag.trail`): its new segment
    /// while it grows, the whole of it when keys under it were just repainted (`whole`), as
    /// it fades and once it is gone.
    func paintTrail(_ picture: Picture, at now: ContinuousClock.Instant, whole: Bool)
    /// Brings the preview of a held key in line with `picture` (gone when nothing is held).
    func followPreview(_ picture: Picture)
    func click()
    /// About to show: what is painted from here on is what the window shows.
    func prepareToShow(_ picture: Picture)
    func showWindow()
    /// Unmaps the window and takes the preview down.
    func hideWindow()
    /// Makes the window again (another program destroyed it), painted with `picture`, unmapped.
    func recreateWindow(_ picture: Picture)
    /// A keyboard for `layout` at the window's size, repeating as the settings say, labelled
    /// from the live keymap.
    func makeKeyboard(_ layout: Layout, page: Page.ID?) -> Keyboard
    /// The layout a name or a file names.
    func loadLayout(_ name: String) throws(LayoutError) -> Layout
    /// `layout` as it is to be shown again (the frequently used page refilled from the taps
    /// counted); nil: as it is.
    func refreshLayout(_ layout: Layout) -> Layout?
    /// A press landed on `key` (emoji taps are counted, `TapRecorder`).
    func tapped(_ key: Key)
    /// Asks the focus watch which field has the focus (`Effect.askField`); its answer comes
    /// as a focus report. Nothing without one.
    func askField()
    /// Locks the keymap's group for `languages` entry `index`, or the next one (nil).
    func switchLanguage(_ index: Int?)
    /// Keeps the clipboard strip's pinned texts (`Effect.keepPins`; none: the pin file goes).
    func keepPins(_ texts: [String])
    /// Keeps the settings page's settings (settings.yaml, `SettingsSources.keptLines`).
    func keepSettings(_ lines: [(name: String, text: String)])
    /// Carries out the settings page's change of the setting `name` to `settings` at once
    /// (the click, the window's place, the theme, whose repaint shows `picture`, the window
    /// docked or floating, the focus watch, the show button, the hardware keys' watch, the scan
    /// switches' grab); true when the keyboard is to be made again (its bar's slots, its keys'
    /// repeat, a window of another size).
    func applySetting(_ name: String, _ settings: Settings, picture: Picture) -> Bool
    /// How many scan switches the host grabs now (0: none, no scanning), which the session's
    /// scanner follows after each change of the settings page.
    var scanSwitches: Int { get }
    /// Where the pointer is on the keys now; nil: not on them.
    func pointerOnKeys() -> Point?
    /// The window's place on the screen, for `clavier status`.
    var windowRect: Rect { get }

    // MARK: Words

    /// The words `points`, drawn on `keyboard` after the text `before` (what glides were
    /// decoded in, `GlideContext.before`), mean, best first (glide typing's decoder).
    func glideWords(_ keyboard: Keyboard, _ points: [Point], after before: String) -> [String]
    /// The words the bar of `keyboard` offers after `context`; none while their model loads
    /// (the host says so with `wordsChanged` once it is there) or without suggestions.
    func suggestions(for keyboard: Keyboard, after context: TypingContext) -> [String]
    /// What the word whose `taps` (the letters and where their presses landed) were typed on
    /// `keyboard` after `before` is corrected to as it ends; nil: it stays. Never kept or logged.
    func correction(of taps: [WordTap], on keyboard: Keyboard, before: String) -> String?
    /// Whether the bar is to be asked again: a model it waited for is there, or the keymap's
    /// language changed since the keyboard came up (with nothing typed yet after `context`).
    /// Asked after each turn of the loop.
    func wordsChanged(on keyboard: Keyboard, after context: TypingContext) -> Bool
    /// The keymap's group or its layouts changed: suggestions follow its language; true when
    /// it changed (the bar is to be asked again).
    func followKeymapLanguage(on keyboard: Keyboard) -> Bool
    /// Learns `text`, typed on `layout` and committed by the session, where learning is on.
    func learn(_ text: String, on layout: Layout)
    /// Forgets every word learned (`clavier forget`).
    func forgetLearned()
    /// Saves what was learned (the keyboard hides or ends).
    func saveLearning()
    /// The emoji that `query` (the emoji search's own field) finds on `layout`, best first, in
    /// the keymap's language and English (`EmojiSearcher`). Never kept or logged.
    func emojiMatches(for query: String, on layout: Layout) -> [String]
    /// Whether suggestions are on (a bar to fill at all).
    var suggests: Bool { get }
}

extension KeyboardHost {
    /// Every model this process mapped (`LanguageModels`: the suggestions' and glide's), X and
    /// Wayland alike.
    func dropIdlePages() {
        LanguageModels.shared.dropResidentPages()
    }
}
