/// Something the user did to the keyboard, in window coordinates.
public enum InputEvent: Hashable, Sendable {
    /// A pointer button or finger went down; `pointer` tells fingers apart.
    case press(Point, pointer: Int = 0)
    /// That pointer or finger went up.
    case release(Point, pointer: Int = 0)
    /// That pointer or finger moved while down.
    case motion(Point, pointer: Int = 0)
    /// Time passed: the deadline the keyboard asked for (`nextDeadline`) is due.
    case tick
    /// Every press ends at once (the window was hidden, the pointer grab lost …).
    case cancelAll
}

/// What the keyboard asks the outside world to do; the executable carries these out.
public enum Effect: Hashable, Sendable {
    /// Inject one key press and release that produces this keysym, with these modifiers held.
    case type(KeySym, modifiers: ModifierSet)
    /// Play the key click.
    case playClick
    /// A press landed on this key (before it types, on release or by its alternates): what
    /// the frequently used page counts.
    case tapped(Key)
    /// Repaint these keys of the current page (and only them).
    case redraw([Key.ID])
    /// Repaint the whole current page (a page switch, or labels changed with Shift).
    case redrawAll
    /// The current page changed to this one.
    case switchPage(Page.ID)
    /// Hide the keyboard window.
    case hide
    /// Repaint the accessory bar (its completions changed, or a cell was pressed).
    case redrawAccessory
    /// The user took this completion: remember it to rank it first next time.
    case accept(String)
    /// Wrap the focused window's selection in this formatting's delimiters, or type the pair
    /// with the cursor between them when nothing is selected (the X side knows which).
    case format(Formatting)
}

/// The alternates a long press shows: which key and pointer, the texts offered (already in
/// Shift's case), where each is drawn and which one the pointer is on.
public struct AlternatesPopup: Hashable, Sendable {
    public var key: Key.ID
    public var pointer: Int
    public var texts: [String]
    public var cells: [Rect]
    /// The index of the alternate under the pointer, which a release types.
    public var selected: Int?

    /// The alternate under `point`: the cell whose column holds it, within half a cell above
    /// or below the row, so a finger need not land exactly on the small cell.
    func index(at point: Point) -> Int? {
        guard let first = cells.first else { return nil }
        let slack = Double(first.height) / 2
        guard point.y >= Double(first.y) - slack, point.y < Double(first.maxY) + slack else { return nil }
        return cells.firstIndex { point.x >= Double($0.x) && point.x < Double($0.maxX) }
    }

    /// The area the popup covers, for repainting.
    public var bounds: Rect { cells.dropFirst().reduce(cells[0]) { $0.union($1) } }
}

/// How one key looks right now.
public enum KeyState: String, Hashable, Sendable, CaseIterable {
    case normal, pressed, selected, locked, disabled
}

/// The keyboard's state and its reducer: `handle` is a pure function of (state, event,
/// time) that returns effects, so every behaviour is testable without X or a clock.
public struct Keyboard: Sendable {
    public let layout: Layout
    public private(set) var page: Page
    /// How each modifier key stands (absent means off).
    public private(set) var modifiers: [Modifier: ModifierLatch] = [:]
    /// How Shift stands.
    public var shift: ModifierLatch { modifiers[.shift] ?? .off }
    /// The key each pointer holds down, by pointer id.
    public private(set) var pressed: [Int: Key.ID] = [:]
    /// Each pointer's press as it began: counted up (the latest press is the one a preview
    /// shows) and the key's label then (Shift's case before the press used the latch up).
    private var pressesBegun: [Int: (serial: Int, label: KeyLabel)] = [:]
    private var pressCount = 0
    /// The order of `pointer`'s current press among all presses (0 when it has none).
    func pressSerial(_ pointer: Int) -> Int { pressesBegun[pointer]?.serial ?? 0 }
    /// The label `pointer`'s key showed when it was pressed.
    func labelWhenPressed(_ pointer: Int) -> KeyLabel? { pressesBegun[pointer]?.label }
    private var lastModifierTap: [Modifier: ContinuousClock.Instant] = [:]
    /// Two taps on a modifier closer than this lock it (Shift locked is caps lock).
    public var doubleTapInterval: Duration = .milliseconds(400)
    /// The geometry of the current page in the current window.
    public private(set) var geometry: PageGeometry
    /// The accessory bar above the keys, when the layout has one.
    public private(set) var accessory: AccessoryBar?
    /// The word being typed, followed from what the keyboard types, only when the layout
    /// offers completions of it: otherwise nothing needs it, and nothing typed is kept.
    public private(set) var word = CurrentWord()
    private let followsWords: Bool
    /// The completions the bar offers now (set by the executable from the dictionary).
    public private(set) var completions: [String] = []
    /// The accessory cell held down, and by which pointer.
    private var pressedCell: (pointer: Int, cell: AccessoryCell)?
    /// The accessory cell held down now, for drawing.
    public var pressedAccessoryCell: AccessoryCell? { pressedCell?.cell }
    /// How long a repeating key is held before it repeats (the server's XKB repeat delay).
    public var repeatDelay: Duration = .milliseconds(660)
    /// The time between repeats (the server's XKB repeat interval; 40 ms is 25 per second).
    public var repeatInterval: Duration = .milliseconds(40)
    /// The held key that repeats, with what it types and when it types again.
    private var repeating: (pointer: Int, key: Key.ID, effects: [Effect], next: ContinuousClock.Instant)?
    /// How long a key with alternates is held before they show (the system keyboard: about half a second).
    public var longPressDelay: Duration = .milliseconds(500)
    /// The held key with alternates whose popup is not shown yet, and when it shows.
    private var holding: (pointer: Int, key: Key.ID, due: ContinuousClock.Instant)?
    /// The alternates shown now, if a long press opened them.
    public private(set) var popup: AlternatesPopup?
    /// What dwell and switch scanning draw over the keys (set by the executable, never read here).
    public var marks = KeyMarks()

    /// What each XKB-named key produces in the live keymap's current group, without and
    /// with Shift (set by the X side; see `setLiveKeys`).
    public private(set) var liveKeys: [String: LiveKey] = [:]
    /// The server's locks that are on, which Caps Lock and Num Lock keys show (`setLocks`).
    public internal(set) var locks: Locks = []

    /// When the keyboard wants a `.tick`, if it wants one: only while a key repeats or a key
    /// with alternates is held, so an idle keyboard asks for no timer at all.
    public var nextDeadline: ContinuousClock.Instant? {
        [repeating?.next, holding?.due].compactMap { $0 }.min()
    }

    /// A keyboard showing `page` (the layout's first page by default) in a window of `size`.
    public init(layout: Layout, page: Page.ID? = nil, size: Size) {
        self.layout = layout
        followsWords = layout.options.accessory.contains(.completions)
        self.page = page.flatMap(layout.page(id:)) ?? layout.defaultPage
        (geometry, accessory) = Self.lay(self.page, of: layout, in: size)
    }

    /// The keys of `page` and the layout's accessory bar, if any, in a window of `size`: the
    /// bar takes a strip at the top `AccessoryBar.heightOfRowPitch` of a row tall.
    private static func lay(_ page: Page, of layout: Layout, in size: Size) -> (PageGeometry, AccessoryBar?) {
        guard !layout.options.accessory.isEmpty else { return (PageGeometry(page: page, size: size), nil) }
        let rows = Double(max(page.rows.count, 1))
        let bar = Int((Double(size.height) / (rows + AccessoryBar.heightOfRowPitch) * AccessoryBar.heightOfRowPitch).rounded())
        return (PageGeometry(page: page, size: size, top: bar),
                AccessoryBar(items: layout.options.accessory, width: size.width, height: bar))
    }

    /// Takes the completions to offer for the current word; says to repaint the bar when they changed.
    public mutating func setCompletions(_ words: [String]) -> [Effect] {
        let offered = Array(words.prefix(AccessoryBar.completionSlots))
        guard offered != completions else { return [] }
        completions = offered
        return accessory == nil ? [] : [.redrawAccessory]
    }

    /// Forgets the current word (the focus moved to another window).
    public mutating func resetWord() { word.reset() }

    /// Lays the keys out again for a new window size.
    public mutating func resize(to size: Size) {
        (geometry, accessory) = Self.lay(page, of: layout, in: size)
        pressedCell = nil
        // The popup's cells were placed for the old size; the held press goes on without it.
        holding = nil
        popup = nil
    }

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

    /// The keysym an XKB-named key types now, following Shift and AltGr, and its text.
    private func liveSym(_ name: String) -> KeySym? { liveLevel(name)?.sym }

    private func liveText(_ name: String) -> String? {
        let text = liveLevel(name)?.text
        return text.flatMap { $0.isEmpty || $0.unicodeScalars.allSatisfy({ $0.value < 0x20 }) ? nil : $0 }
    }

    private func liveLevel(_ name: String) -> (sym: KeySym?, text: String?)? {
        liveKeys[name]?.level(shift: shift != .off, altGr: (modifiers[.altgr] ?? .off) != .off)
    }

    /// The label a key shows now: letters follow Shift, XKB-named keys the live keymap.
    public func label(of key: Key) -> KeyLabel {
        if case .xkbKey(let name) = key.action {
            if let text = liveText(name) { return .text(text) }
            if let sym = liveSym(name), let name = sym.name ?? sym.keycapName { return .text(name) }
            return key.label
        }
        if case .text(let text) = key.label, shiftsCase(key) { return .text(shifted(text)) }
        return key.label
    }

    /// How a key is drawn now.
    public func state(of key: Key) -> KeyState {
        // An XKB-named key the live keymap leaves empty in this group types nothing: say so.
        if case .xkbKey(let name) = key.action, liveKeys[name] != nil, liveSym(name) == nil { return .disabled }
        if layout.options.showsPressedKeys, pressed.values.contains(key.id) { return .pressed }
        if let lock = Locks(toggledBy: key.action), locks.contains(lock) { return .locked }
        if case .modifier(let modifier) = key.action {
            switch modifiers[modifier] ?? .off {
            case .off: break
            case .latched: return .selected
            case .locked: return .locked
            }
        }
        return .normal
    }

    /// Turns one input event at time `now` into the effects it has, and follows the current
    /// word through what they type.
    public mutating func handle(_ event: InputEvent, at now: ContinuousClock.Instant) -> [Effect] {
        let effects = reduce(event, at: now)
        if followsWords { word.follow(effects) }
        return effects
    }

    private mutating func reduce(_ event: InputEvent, at now: ContinuousClock.Instant) -> [Effect] {
        if let handled = handleAccessory(event) { return handled }
        switch event {
        case .press(let point, let pointer):
            guard popup == nil, let key = geometry.key(at: point) else { return [] }
            var effects: [Effect] = []
            if let previous = pressed[pointer] { effects.append(.redraw([previous])) }
            pressed[pointer] = key.id
            pressCount += 1
            // Only pointers holding a key keep theirs: touches come and go with new ids.
            pressesBegun = pressesBegun.filter { pressed[$0.key] != nil }
            pressesBegun[pointer] = (pressCount, label(of: key))
            effects += [.playClick, .redraw([key.id]), .tapped(key)]
            if !key.alternates.isEmpty {
                // The key types on release (a tap) or offers its alternates (a long press), so
                // it never repeats.
                holding = (pointer, key.id, now + longPressDelay)
                if repeating?.pointer == pointer { repeating = nil }
                return effects
            }
            if holding?.pointer == pointer { holding = nil }
            let acted = act(on: key, at: now)
            effects += acted
            // A new press takes over repeating; a key repeats exactly what its press typed.
            let typed = acted.filter { if case .type = $0 { true } else { false } }
            if key.repeats, !typed.isEmpty, pressed[pointer] == key.id {
                repeating = (pointer, key.id, typed, now + repeatDelay)
            } else if repeating?.pointer == pointer {
                repeating = nil
            }
            return effects
        case .release(let point, let pointer):
            if repeating?.pointer == pointer { repeating = nil }
            if let shown = popup, shown.pointer == pointer {
                // Releasing on an alternate types it; releasing anywhere else types nothing.
                popup = nil
                pressed[pointer] = nil
                guard let index = shown.index(at: point) else { return [.redrawAll] }
                return [.redrawAll] + typeText(shown.texts[index])
            }
            guard let id = pressed.removeValue(forKey: pointer) else { return [] }
            var effects: [Effect] = page.key(id: id) == nil ? [] : [.redraw([id])]
            if let held = holding, held.pointer == pointer {
                // A short tap on a key with alternates types the key itself.
                holding = nil
                if let key = page.key(id: held.key) { effects += act(on: key, at: now) }
            }
            return effects
        case .motion(let point, let pointer):
            if var shown = popup, shown.pointer == pointer {
                let selected = shown.index(at: point)
                guard selected != shown.selected else { return [] }
                shown.selected = selected
                popup = shown
                return [.redrawAll]
            }
            // Sliding off a held key ends its press and its repeat: nothing more is typed.
            guard let id = pressed[pointer], geometry.key(at: point)?.id != id else { return [] }
            pressed[pointer] = nil
            if repeating?.pointer == pointer { repeating = nil }
            if holding?.pointer == pointer { holding = nil }
            return [.redraw([id])]
        case .tick:
            var effects: [Effect] = []
            if let held = holding, now >= held.due {
                holding = nil
                if let frame = geometry.frame(id: held.key), !frame.key.alternates.isEmpty {
                    let texts = frame.key.alternates.map { shiftsCase(frame.key) ? shifted($0) : $0 }
                    popup = AlternatesPopup(key: held.key, pointer: held.pointer, texts: texts,
                                            cells: geometry.alternateCells(above: frame, count: texts.count))
                    effects.append(.redrawAll)
                }
            }
            guard var r = repeating, now >= r.next else { return effects }
            // Behind schedule (a busy machine) means one repeat now, not a burst.
            r.next = max(r.next + repeatInterval, now + repeatInterval / 2)
            repeating = r
            return effects + r.effects
        case .cancelAll:
            repeating = nil
            holding = nil
            let hadPopup = popup != nil
            popup = nil
            let bar: [Effect] = pressedCell == nil ? [] : [.redrawAccessory]
            pressedCell = nil
            let ids = Array(pressed.values)
            pressed.removeAll()
            if hadPopup { return [.redrawAll] }
            return bar + (ids.isEmpty ? [] : [.redraw(ids)])
        }
    }

    private mutating func act(on key: Key, at now: ContinuousClock.Instant) -> [Effect] {
        switch key.action {
        case .text(let text):
            return typeText(shiftsCase(key) ? shifted(text) : text)
        case .key(let sym):
            // Named keys take every modifier, Shift too (Shift+Tab, Shift+arrows).
            return [.type(sym, modifiers: activeModifiers)] + consumeLatches()
        case .modifier(let modifier):
            switch modifiers[modifier] ?? .off {
            case .off: modifiers[modifier] = .latched
            case .latched:
                let quick = lastModifierTap[modifier].map { now - $0 <= doubleTapInterval } ?? false
                modifiers[modifier] = quick ? .locked : .off
            case .locked: modifiers[modifier] = .off
            }
            lastModifierTap[modifier] = now
            return [.redrawAll]
        case .page(let id):
            guard let next = layout.page(id: id) else { return [] }
            page = next
            (geometry, accessory) = Self.lay(next, of: layout, in: geometry.size)
            pressed.removeAll()
            repeating = nil
            holding = nil
            modifiers[.shift] = nil
            return [.switchPage(id), .redrawAll]
        case .xkbKey(let name):
            guard let sym = liveSym(name) else { return [] }
            // Shift and AltGr chose the level already; what is left are shortcuts (Ctrl+C).
            return [.type(sym, modifiers: activeModifiers.subtracting([.shift, .altGr]))] + consumeLatches()
        case .hide:
            pressed.removeAll()
            repeating = nil
            holding = nil
            return [.hide]
        }
    }

    /// The accessory bar's share of `event`, or nil when the event is the keys' business: a
    /// press on a cell holds it, and letting go on the same cell acts on it.
    private mutating func handleAccessory(_ event: InputEvent) -> [Effect]? {
        switch event {
        case .press(let point, let pointer):
            guard let bar = accessory, popup == nil, bar.rect.contains(point) else { return nil }
            guard let cell = bar.cell(at: point) else { return [] }
            if case .completion(let i) = cell, i >= completions.count { return [] }
            pressedCell = (pointer, cell)
            return [.playClick, .redrawAccessory]
        case .release(let point, let pointer):
            guard let held = pressedCell, held.pointer == pointer else { return nil }
            pressedCell = nil
            guard accessory?.cell(at: point) == held.cell else { return [.redrawAccessory] }
            switch held.cell {
            case .completion(let i):
                guard i < completions.count else { return [.redrawAccessory] }
                let chosen = completions[i]
                let rest = String(chosen.dropFirst(word.text.count))
                word.reset()
                let accepted: [Effect] = layout.options.learnsWords ? [.accept(chosen)] : []
                return [.redrawAccessory] + typeText(rest + " ") + accepted
            case .format(let formatting):
                word.reset()
                return [.redrawAccessory, .format(formatting)] + consumeLatches()
            }
        case .motion(_, let pointer):
            return pressedCell?.pointer == pointer ? [] : nil
        case .cancelAll, .tick:
            return nil
        }
    }

    /// Types `text` as it stands (Shift is already in its case) with the other active
    /// modifiers held around it, then lets go of the latched ones.
    private mutating func typeText(_ text: String) -> [Effect] {
        let held = activeModifiers.subtracting(.shift)
        return KeySym.sequence(typing: text).map { Effect.type($0, modifiers: held) } + consumeLatches()
    }

    /// The modifiers latched or locked now.
    public var activeModifiers: ModifierSet {
        var set: ModifierSet = []
        for (modifier, latch) in modifiers where latch != .off { set.insert(modifier.set) }
        return set
    }

    /// A typed key releases every latched (not locked) modifier.
    private mutating func consumeLatches() -> [Effect] {
        // Most presses find nothing latched: say so without building a dictionary.
        guard modifiers.values.contains(.latched) else { return [] }
        let latched = modifiers.filter { $0.value == .latched }.map(\.key)
        for modifier in latched { modifiers[modifier] = nil }
        return [.redrawAll]
    }

    private func shiftsCase(_ key: Key) -> Bool {
        shift != .off && key.keyClass == .letter && page.id == layout.defaultPage.id
    }

    private func shifted(_ text: String) -> String { text.uppercased() }
}
