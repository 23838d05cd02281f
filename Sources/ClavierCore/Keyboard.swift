/// The keys of one layout at one size, and their reducer: `handle` is a pure function of
/// (state, event, time, the session's `Typing`) that returns effects, so every behaviour is
/// testable without X or a clock. What outlives a keyboard (the text before the caret, the
/// bar's words, the field's keys, the aids' marks) is the session's, handed in as it types.
public struct Keyboard: Sendable {
    public let layout: Layout
    /// Whether the layout offers suggestions: only then is the text before the caret followed.
    let followsWords: Bool
    /// What is laid out now (Keyboard+Parts.swift).
    public internal(set) var sheet: Sheet
    /// The pointers' presses (Keyboard+Parts.swift).
    public internal(set) var presses = Presses()
    /// The modifiers, locks and live keys (Keyboard+Parts.swift).
    public internal(set) var latches = Latches()
    /// A key held long: repeat and alternates (Keyboard+Parts.swift).
    public internal(set) var holds = Holds()
    /// Glide's and the space bar's drags (Keyboard+Parts.swift).
    public internal(set) var drags = Drags()

    // The names callers used before the parts (issue 47), each read and written in its part.

    public internal(set) var page: Page { get { sheet.page } set { sheet.page = newValue } }
    /// The geometry of the current page in the current window.
    public internal(set) var geometry: PageGeometry { get { sheet.geometry } set { sheet.geometry = newValue } }
    /// The accessory bar above the keys, when the layout has one.
    public internal(set) var accessory: AccessoryBar? { get { sheet.accessory } set { sheet.accessory = newValue } }
    /// How each modifier key stands (absent means off).
    public internal(set) var modifiers: [Modifier: ModifierLatch] { get { latches.modifiers } set { latches.modifiers = newValue } }
    /// How Shift stands.
    public var shift: ModifierLatch { modifiers[.shift] ?? .off }
    var lastModifierTap: [Modifier: ContinuousClock.Instant] { get { latches.lastTap } set { latches.lastTap = newValue } }
    /// Two taps on a modifier closer than this lock it (Shift locked is caps lock).
    public var doubleTapInterval: Duration { get { latches.doubleTapInterval } set { latches.doubleTapInterval = newValue } }
    /// What each XKB-named key produces in the live keymap's current group, without and
    /// with Shift (set by the X side; see `setLiveKeys`).
    public private(set) var liveKeys: [String: LiveKey] { get { latches.liveKeys } set { latches.liveKeys = newValue } }
    /// The server's locks that are on, which Caps Lock and Num Lock keys show (`setLocks`).
    public internal(set) var locks: Locks { get { latches.locks } set { latches.locks = newValue } }
    /// The key each pointer holds down, by pointer id.
    public internal(set) var pressed: [Int: Key.ID] { get { presses.pressed } set { presses.pressed = newValue } }
    var pressesBegun: [Int: (serial: Int, label: KeyLabel)] { get { presses.begun } set { presses.begun = newValue } }
    var pressCount: Int { get { presses.count } set { presses.count = newValue } }
    var pressedCell: (pointer: Int, cell: AccessoryCell, due: ContinuousClock.Instant?)? {
        get { presses.cell } set { presses.cell = newValue }
    }
    /// The accessory cell held down now, for drawing.
    public var pressedAccessoryCell: AccessoryCell? { pressedCell?.cell }
    /// How a held key repeats (the settings', else the server's XKB rate); nil: it does not.
    public var keyRepeat: KeyRepeat? { get { holds.keyRepeat } set { holds.keyRepeat = newValue } }
    /// How long a repeating key is held before it repeats.
    public var repeatDelay: Duration {
        get { keyRepeat?.delay ?? KeyRepeat.standard.delay }
        set { keyRepeat = KeyRepeat(delay: newValue, interval: repeatInterval) }
    }
    /// The time between repeats.
    public var repeatInterval: Duration {
        get { keyRepeat?.interval ?? KeyRepeat.standard.interval }
        set { keyRepeat = KeyRepeat(delay: repeatDelay, interval: newValue) }
    }
    var repeating: (pointer: Int, key: Key.ID, effects: [Effect], next: ContinuousClock.Instant, since: ContinuousClock.Instant)? {
        get { holds.repeating } set { holds.repeating = newValue }
    }
    /// How long a key with alternates is held before they show.
    public var longPressDelay: Duration { get { holds.longPressDelay } set { holds.longPressDelay = newValue } }
    /// Whether the settings page may open from the keys: a long press on the hide key opens it
    /// (`Effect.openSettings`) and a tap hides, on release, and the bar ends in a gear that
    /// opens it; off (the session has no page to open): the hide key hides as it is pressed
    /// and there is no gear. The session sets it; the bar is laid out again when it changes.
    public var opensSettings: Bool {
        get { sheet.gear }
        set {
            guard newValue != sheet.gear else { return }
            sheet.gear = newValue
            relayBar()
        }
    }
    /// The cells for the sentence before the caret that end the bar, before the gear: Save and
    /// Speak while speech is on (`Session.sentenceCells`), none otherwise; a layout with no bar
    /// (emoji, phone, PIN) shows none. The session sets it; the bar is laid out again when it changes.
    public var sentenceCells: [AccessoryCell] {
        get { sheet.sentence }
        set {
            guard newValue != sheet.sentence else { return }
            sheet.sentence = newValue
            relayBar()
        }
    }
    /// Lays the page and the bar out again for what the bar ends in.
    mutating func relayBar() {
        (geometry, accessory) = Self.lay(page, of: layout, in: geometry.size, gear: opensSettings, sentence: sentenceCells)
    }
    /// Whether the bar shows the settings gear (no bar: emoji, phone, PIN; or no page to open).
    public var showsGear: Bool { (accessory?.rect(of: .settings)?.width ?? 0) > 0 }
    var holding: (pointer: Int, key: Key.ID, due: ContinuousClock.Instant?)? { get { holds.holding } set { holds.holding = newValue } }
    /// The alternates shown now, if a long press opened them.
    public internal(set) var popup: AlternatesPopup? { get { holds.popup } set { holds.popup = newValue } }
    /// Glide typing's drag over the letters and its fading trail.
    public internal(set) var glideDrag: GlideDrag { get { drags.glide } set { drags.glide = newValue } }
    var spaceCursor: SpaceCursor? { get { drags.spaceCursor } set { drags.spaceCursor = newValue } }
    /// How many times a drag on the space bar moved the caret, counted up.
    public internal(set) var caretMoves: Int { get { drags.caretMoves } set { drags.caretMoves = newValue } }
    /// Drops the drag followed now (glide typing went off: a private field).
    mutating func dropGlide() { glideDrag.trace = nil }

    /// When the keyboard wants a `.tick`, if it wants one: only while a key repeats, a key
    /// with alternates or a copied text's cell is held or a glide's trail fades, so an idle
    /// keyboard asks for no timer at all.
    public var nextDeadline: ContinuousClock.Instant? {
        [repeating?.next, holding?.due, pressedCell?.due, glideDrag.fading?.next].compactMap { $0 }.min()
    }

    /// A keyboard showing `page` (the layout's first page by default) in a window of `size`.
    public init(layout: Layout, page: Page.ID? = nil, size: Size) {
        self.layout = layout
        followsWords = layout.options.accessory.contains(.completions)
        let page = page.flatMap(layout.page(id:)) ?? layout.defaultPage
        let (geometry, accessory) = Self.lay(page, of: layout, in: size, gear: false, sentence: [])
        sheet = Sheet(page: page, geometry: geometry, accessory: accessory)
    }

    /// The keys of `page` and the layout's accessory bar, if any, in a window of `size`: the
    /// bar takes a strip at the top `AccessoryBar.heightOfRowPitch` of a row tall.
    static func lay(_ page: Page, of layout: Layout, in size: Size, gear: Bool, sentence: [AccessoryCell]) -> (PageGeometry, AccessoryBar?) {
        guard !layout.options.accessory.isEmpty else { return (PageGeometry(page: page, size: size), nil) }
        let rows = Double(max(page.rows.count, 1))
        let bar = Int((Double(size.height) / (rows + AccessoryBar.heightOfRowPitch) * AccessoryBar.heightOfRowPitch).rounded())
        return (PageGeometry(page: page, size: size, top: bar),
                AccessoryBar(items: layout.options.accessory, slots: layout.options.suggestions, gear: gear, sentence: sentence,
                             width: size.width, height: bar,
                             rightToLeft: layout.isRightToLeft))
    }

    /// Lays the keys out again for a new window size.
    mutating func resize(to size: Size) {
        (geometry, accessory) = Self.lay(page, of: layout, in: size, gear: opensSettings, sentence: sentenceCells)
        pressedCell = nil
        // The popup's cells were placed for the old size; the held press goes on without it.
        holding = nil
        popup = nil
    }

    // The three public mutators below set a keyboard up before it is handed to the session
    // (the live keymap's labels and locks, by the X side) or for a still picture
    // (`clavier render`); once running, a keyboard changes only through `Session.handle`.

    /// Sets Shift directly (for `clavier render --shift` and tests).
    public mutating func setShift(_ latch: ModifierLatch) { modifiers[.shift] = latch }

    /// Marks a key as held down by `pointer` without acting on it (for rendering).
    public mutating func setPressed(_ id: Key.ID, pointer: Int = 0) { pressed[pointer] = id }

    /// Takes what the XKB-named keys produce now; says to repaint when a label changed.
    public mutating func setLiveKeys(_ keys: [String: LiveKey]) -> [Effect] {
        guard keys != liveKeys else { return [] }
        liveKeys = keys
        return [.redrawAll]
    }

    /// The XKB key names the layout uses, for the X side to look up.
    public var xkbKeyNames: Set<String> {
        var names = Set<String>()
        for page in layout.pages {
            for key in page.keys { if case .xkbKey(let name) = key.action { names.insert(name) } }
        }
        return names
    }

    /// Turns one input event at time `now` into the effects it has, and follows the current
    /// word through what they type in the session's `typing`.
    public mutating func handle(_ event: InputEvent, at now: ContinuousClock.Instant, typing: inout Typing) -> [Effect] {
        var effects = reduce(event, at: now, &typing)
        if followsWords, effects.contains(where: \.isTyping) {
            // Where the press that typed landed, for autocorrection (a tap, a dwell, a repeat's none).
            let point: Point? = switch event {
            case .press(let point, _), .release(let point, _): point
            default: nil
            }
            effects = followTyping(effects, at: now, &typing, tap: point, byKey: !typing.tookSuggestion)
        } else if followsWords, effects.contains(where: { if case .switchPage = $0 { true } else { false } }) {
            effects += followSentence(&typing)  // A new page starts with Shift off.
        }
        typing.glideContext.follow(effects)
        typing.glideContext.keepReplaced()
        return effects
    }

    /// The same for a keyboard on its own, outside a session (a still picture, the bench, a
    /// test of the keys): no field, no glide, and nothing typed is kept.
    public mutating func handle(_ event: InputEvent, at now: ContinuousClock.Instant) -> [Effect] {
        var alone = Typing()
        return handle(event, at: now, typing: &alone)
    }
}
