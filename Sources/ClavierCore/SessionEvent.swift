/// Something that happened to the running keyboard, as `Session.handle` takes it. A new
/// input source (a suggestion bar's taps, glide strokes) is a new case here, handled in
/// `Session.handle`, never a new object in the executable's loop.
public enum SessionEvent: Sendable {
    /// A real pointer's or finger's press, motion or release on the keys, in the keys'
    /// coordinates (a floating keyboard's handle and grip are the host's), or its loss
    /// (`.lost`: another client took it; its press ends typing nothing).
    case input(InputEvent)
    /// The pointer hovers at this point with no button down (dwell); nil: it left the keys.
    case hover(Point?)
    /// Scan switch `index` (0 steps when there are two) went down or up.
    case switchKey(Int, down: Bool)
    /// The host grabs this many scan switches now (0: none, no scanning), after the settings
    /// page changed a setting: scanning starts, stops or takes the page's interval.
    case scanSwitches(Int)
    /// Time passed: the deadline `Session.nextDeadline` asked for is due.
    case tick
    /// `clavier show|hide|toggle|quit|layout NAME`, or a second `clavier`.
    case request(SessionRequest)
    /// The accessibility bus says the focus moved (`--auto-show`).
    case focus(AutoShow.Focus)
    /// Another window became active (the window rules; the text before the caret is forgotten).
    case activeWindow(WindowIdentity)
    /// The keyboard for a layout `Effect.loadLayout` asked for, or the shown one refreshed
    /// (frequently used keys refilled, a PIN pad dealt anew), made by the host.
    case keyboardReady(Keyboard, LayoutChange)
    /// The suggestions for the text before the caret, for the accessory bar, and what the
    /// word before the caret would be corrected to as it ends (nil: nothing, Typing+Correction.swift).
    case completions([String], correction: String? = nil)
    /// The words a glide (`Effect.decodeGlide`) was decoded to, best first: the first is typed.
    case glided([String])
    /// The emoji that the search field's words (the first) find, best first (`Effect.searchEmoji`).
    case emojiMatches(String, [String])
    /// The focus watch's report: a field of `kind` has the focus, with its text before the
    /// caret when the bus gave it; `moved` false: the same field, only its text or caret changed.
    /// `multiLine`: the field is described as taking several lines (a text view: AT-SPI's
    /// MULTI_LINE state, text-input-v3's multiline hint), where a new line is not a command's end.
    case field(FieldKind, before: String?, moved: Bool, multiLine: Bool = false)
    /// The focus watch could not start or has ended (no accessibility bus): no field is told
    /// from now on, nor asked for (Session+Field.swift).
    case fieldWatchEnded
    /// The CLIPBOARD selection holds this text now (the host's clipboard watch): the clipboard
    /// strip keeps it, unless a private field has the focus (Session+Clipboard.swift).
    case copied(String)
    /// A press the keys never see: XI2's raw press anywhere on the screen (`elsewhere`: the
    /// user may have clicked in an application, unless the window's own press follows within
    /// `Timing.ownPressWait`), or one on a floating keyboard's frame.
    case press(elsewhere: Bool)
    /// The window that has the window system's input focus, as an opaque id (X: the focus
    /// window): told after the keys typed, and before an event that may type while a key may
    /// take a correction back (`Session.asksFocusedWindow(before:)`). Another window than the
    /// last told: the text before the caret is forgotten, and with it the correction's undo.
    case focusedWindow(UInt64)
    /// A key was pressed that the keyboard did not type (X: a raw key press from a device
    /// other than XTest's, a hardware keyboard): what it did to the text is unseen, so the
    /// text before the caret is forgotten, and with it the correction's undo.
    case typedElsewhere
    /// The keyboard ends: what was typed goes to learning.
    case finishTyping
    /// What the live keymap's XKB-named keys produce now, and its locks (nil: not asked).
    case keymap(live: [String: LiveKey]?, locks: Locks?)
    /// The keys' area has this size now.
    case resized(Size)
    /// The X server mapped the window, with the pointer at this point of the keys (nil: not
    /// on them); asked only when dwell needs it.
    case windowMapped(pointer: Point?)
    /// The X server unmapped the window: not by our hide (another client, the window
    /// manager iconifying it).
    case windowUnmapped
    /// Another program destroyed the window.
    case windowDestroyed
    /// The window manager's close button (`WM_DELETE_WINDOW`).
    case closeAsked
    /// The voice said the last prompt to its end, or dropped it (`--speech`, when it tells:
    /// `Options.speechPaced`): a scan's clock held for it steps (Session+Speech.swift).
    case spoken
    /// The settings page turned speech on (the app made its voice, which tells when a prompt
    /// ends, `paced`, or not) or off (nil: the voice is gone).
    case voice(paced: Bool?)
}

/// What the control socket asks of the running keyboard (`status` is answered by the host).
public enum SessionRequest: Hashable, Sendable {
    case show, hide, toggle, quit
    /// `clavier forget`: what was typed and not yet learned is dropped, and every word learned is forgotten.
    case forget
    case layout(String)
    /// `clavier settings`: show the keyboard with its settings page open.
    case settings
}

/// Why a new keyboard comes: a window rule's layout, `clavier layout NAME`, or the shown
/// layout made again as the keyboard shows.
public enum LayoutChange: Hashable, Sendable {
    case rule(String)
    case request(String)
    case refresh
}
