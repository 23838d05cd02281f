/// The parts `Keyboard` is made of, each one job's state (issue 47: no part holds more than
/// ~8 stored properties). `Keyboard` keeps its layout and reads and writes these through the
/// names its callers used before the split.
extension Keyboard {
    /// What is laid out now: the page, its keys in the window, the bar, and whether it has the gear.
    public struct Sheet: Sendable {
        public internal(set) var page: Page
        /// The geometry of the current page in the current window.
        public internal(set) var geometry: PageGeometry
        /// The accessory bar above the keys, when the layout has one.
        public internal(set) var accessory: AccessoryBar?
        /// Whether the bar ends in the settings gear and the hide key opens the page (`Keyboard.opensSettings`).
        public internal(set) var gear = false
        /// The cells for the sentence that end the bar before the gear (`Keyboard.sentenceCells`).
        public internal(set) var sentence: [AccessoryCell] = []
    }

    /// The pointers' presses: the key each holds, when and how each began, the bar's cell held.
    public struct Presses: Sendable {
        /// The key each pointer holds down, by pointer id.
        public internal(set) var pressed: [Int: Key.ID] = [:]
        /// Each pointer's press as it began: counted up (the latest press is the one a preview
        /// shows) and the key's label then (Shift's case before the press used the latch up).
        var begun: [Int: (serial: Int, label: KeyLabel)] = [:]
        var count = 0
        /// The accessory cell held down, by which pointer, and when holding it pins (a copied
        /// text's cell; nil: never).
        var cell: (pointer: Int, cell: AccessoryCell, due: ContinuousClock.Instant?)?
    }

    /// The modifiers and locks, and what the live keymap's keys produce.
    public struct Latches: Sendable {
        /// How each modifier key stands (absent means off).
        public internal(set) var modifiers: [Modifier: ModifierLatch] = [:]
        var lastTap: [Modifier: ContinuousClock.Instant] = [:]
        /// Two taps on a modifier closer than this lock it (Shift locked is caps lock).
        public internal(set) var doubleTapInterval = Timing.doubleTap
        /// What each XKB-named key produces in the live keymap's current group (`setLiveKeys`).
        public internal(set) var liveKeys: [String: LiveKey] = [:]
        /// The server's locks that are on, which Caps Lock and Num Lock keys show (`setLocks`).
        public internal(set) var locks: Locks = []
    }

    /// A key held long: its repeat, and a key with alternates until and while its popup shows.
    public struct Holds: Sendable {
        /// How a held key repeats (the settings', else the server's XKB rate); nil: it does not.
        public internal(set) var keyRepeat: KeyRepeat? = .standard
        /// The held key that repeats, with what it types, when it types again and when it was
        /// pressed (a BackSpace held long deletes faster: Keyboard+Pointers.swift).
        var repeating: (pointer: Int, key: Key.ID, effects: [Effect], next: ContinuousClock.Instant, since: ContinuousClock.Instant)?
        /// How long a key with alternates is held before they show.
        public internal(set) var longPressDelay = Timing.longPress
        /// The held key with alternates whose popup is not shown yet, and when it shows (nil:
        /// never, the finger moved off on a glide; let go on the key, it still types it).
        var holding: (pointer: Int, key: Key.ID, due: ContinuousClock.Instant?)?
        /// The alternates shown now, if a long press opened them.
        public internal(set) var popup: AlternatesPopup?
    }

    /// The drags over the keys: glide typing's, and the space bar's as a cursor.
    public struct Drags: Sendable {
        /// Glide typing's drag over the letters and its fading trail (whether a drag glides is
        /// the session's `Typing.mayGlide`).
        public internal(set) var glide = GlideDrag()
        /// A press on the space bar followed as a cursor drag (Keyboard+SpaceCursor.swift).
        var spaceCursor: SpaceCursor?
        /// How many times a drag on the space bar moved the caret, counted up: the session forgets
        /// the text before the caret when it changes, as after a click in the application.
        public internal(set) var caretMoves = 0
    }
}
