/// What the keyboard's window reports, on any window system: the host turns its own events
/// (X's, Wayland's) into these, and the app turns them into the session's events
/// (KeyboardApp+Loop.swift), the same for every host.
public enum WindowEvent: Hashable, Sendable {
    /// The core pointer's press, release or motion with a button down (`.press`, `.release`,
    /// `.motion` of pointer 0), in window coordinates: what the input sources turn into the
    /// reducer's events.
    case pointer(InputEvent)
    /// Part of the window must be put on screen again.
    case expose(Rect)
    /// The window's size changed.
    case resized(Size)
    /// The screen's size or its monitors changed (RandR): a docked window must be placed again.
    case screenChanged
    /// Another window became the active one (the host asks which: `HostFocus.activeWindow`);
    /// on X the window manager says so (`_NET_ACTIVE_WINDOW` on the root).
    case activeWindowChanged
    /// The window manager asks the window to close (`WM_DELETE_WINDOW`).
    case close
    /// The keymap changed: what keys produce is to be read again. Which keys changed stays
    /// with the host that reads the keymap (X: `MappingNotify`'s keycodes, `Display.takeKeymapChange`).
    case keymapChanged
    /// The keyboard's group (the active layout of a multi-layout keymap) changed (`XkbStateNotify`).
    case groupChanged
    /// `setxkbmap` recorded other layouts for the keymap (`_XKB_RULES_NAMES` on the root): the
    /// language each group writes may have changed with them.
    case layoutsNamed
    /// The pointer moved over the window with no button down, to this point; nil: it left
    /// the window. Only after `watchHover()` (dwell).
    case hover(Point?)
    /// Scan switch `index` went down or up, as the host made it one: X's grabbed key
    /// (`SwitchGrab`, translated as it is read), Wayland's pointer button (`PointerSwitches`).
    case switchPressed(Int, down: Bool)
    /// A lock of the keyboard (Caps Lock, Num Lock) went on or off (`XkbStateNotify`), from
    /// any keyboard, ours included.
    case locksChanged
    /// The window was mapped (`MapNotify`): by our `show`, or by another client or the
    /// window manager (de-iconified). Never one our later hide has undone.
    case mapped
    /// The window was unmapped (`UnmapNotify`): by our `hide`, or from outside (another
    /// client, the window manager iconifying it). Never one our later show has undone.
    case unmapped
    /// Another client destroyed the window (`DestroyNotify`).
    case destroyed
    /// The plug's embedder went away (`--xid`; KeyboardWindow+Plug.swift).
    case embedderGone
    /// The pointer or finger with this id (as in `.pointer`) is no longer delivered to the
    /// window: another client's grab took it (a crossing in `NotifyGrab` mode), or its device
    /// was floated or removed (KeyboardWindow+Holders.swift). Its release will never come.
    case pointerLost(pointer: Int)
    /// A button or a finger went down somewhere other than on the window (XI2's raw events,
    /// after `followPressesElsewhere()`): the user clicked in an application.
    case pressedElsewhere
}
