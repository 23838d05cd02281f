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
    /// Repaint these keys of the current page (and only them).
    case redraw([Key.ID])
    /// Repaint the whole current page (a page switch, or labels changed with Shift).
    case redrawAll
    /// The current page changed to this one.
    case switchPage(Page.ID)
    /// Hide the keyboard window.
    case hide
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
    private var lastModifierTap: [Modifier: ContinuousClock.Instant] = [:]
    /// Two taps on a modifier closer than this lock it (Shift locked is caps lock).
    public var doubleTapInterval: Duration = .milliseconds(400)
    /// The geometry of the current page in the current window.
    public private(set) var geometry: PageGeometry
    /// How long a repeating key is held before it repeats (the server's XKB repeat delay).
    public var repeatDelay: Duration = .milliseconds(660)
    /// The time between repeats (the server's XKB repeat interval; 40 ms is 25 per second).
    public var repeatInterval: Duration = .milliseconds(40)
    /// The held key that repeats, with what it types and when it types again.
    private var repeating: (pointer: Int, key: Key.ID, effects: [Effect], next: ContinuousClock.Instant)?

    /// When the keyboard wants a `.tick`, if it wants one: only while a key repeats, so an
    /// idle keyboard asks for no timer at all.
    public var nextDeadline: ContinuousClock.Instant? { repeating?.next }

    /// A keyboard showing `page` (the layout's first page by default) in a window of `size`.
    public init(layout: Layout, page: Page.ID? = nil, size: Size) {
        self.layout = layout
        self.page = page.flatMap(layout.page(id:)) ?? layout.defaultPage
        self.geometry = PageGeometry(page: self.page, size: size)
    }

    /// Lays the keys out again for a new window size.
    public mutating func resize(to size: Size) {
        geometry = PageGeometry(page: page, size: size)
    }

    /// Sets Shift directly (for `clavier render --shift` and tests).
    public mutating func setShift(_ latch: ModifierLatch) { modifiers[.shift] = latch }

    /// Marks a key as held down by `pointer` without acting on it (for rendering).
    public mutating func setPressed(_ id: Key.ID, pointer: Int = 0) { pressed[pointer] = id }

    /// The label a key shows now: letters follow Shift.
    public func label(of key: Key) -> KeyLabel {
        if case .text(let text) = key.label, shiftsCase(key) { return .text(shifted(text)) }
        return key.label
    }

    /// How a key is drawn now.
    public func state(of key: Key) -> KeyState {
        if layout.options.showsPressedKeys, pressed.values.contains(key.id) { return .pressed }
        if case .modifier(let modifier) = key.action {
            switch modifiers[modifier] ?? .off {
            case .off: break
            case .latched: return .selected
            case .locked: return .locked
            }
        }
        return .normal
    }

    /// Turns one input event at time `now` into the effects it has.
    public mutating func handle(_ event: InputEvent, at now: ContinuousClock.Instant) -> [Effect] {
        switch event {
        case .press(let point, let pointer):
            guard let key = geometry.key(at: point) else { return [] }
            var effects: [Effect] = []
            if let previous = pressed[pointer] { effects.append(.redraw([previous])) }
            pressed[pointer] = key.id
            effects += [.playClick, .redraw([key.id])]
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
        case .release(_, let pointer):
            if repeating?.pointer == pointer { repeating = nil }
            guard let id = pressed.removeValue(forKey: pointer) else { return [] }
            return page.key(id: id) == nil ? [] : [.redraw([id])]
        case .motion(let point, let pointer):
            // Sliding off a held key ends its press and its repeat: nothing more is typed.
            guard let id = pressed[pointer], geometry.key(at: point)?.id != id else { return [] }
            pressed[pointer] = nil
            if repeating?.pointer == pointer { repeating = nil }
            return [.redraw([id])]
        case .tick:
            guard var r = repeating, now >= r.next else { return [] }
            // Behind schedule (a busy machine) means one repeat now, not a burst.
            r.next = max(r.next + repeatInterval, now + repeatInterval / 2)
            repeating = r
            return r.effects
        case .cancelAll:
            repeating = nil
            let ids = Array(pressed.values)
            pressed.removeAll()
            return ids.isEmpty ? [] : [.redraw(ids)]
        }
    }

    private mutating func act(on key: Key, at now: ContinuousClock.Instant) -> [Effect] {
        switch key.action {
        case .text(let text):
            // Shift is already in the letter's case; the other modifiers are held around it.
            let typed = shiftsCase(key) ? shifted(text) : text
            let held = activeModifiers.subtracting(.shift)
            var effects = KeySym.sequence(typing: typed).map { Effect.type($0, modifiers: held) }
            effects += consumeLatches()
            return effects
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
            geometry = PageGeometry(page: next, size: geometry.size)
            pressed.removeAll()
            repeating = nil
            modifiers[.shift] = nil
            return [.switchPage(id), .redrawAll]
        case .hide:
            pressed.removeAll()
            repeating = nil
            return [.hide]
        }
    }

    /// The modifiers latched or locked now.
    public var activeModifiers: ModifierSet {
        var set: ModifierSet = []
        for (modifier, latch) in modifiers where latch != .off { set.insert(modifier.set) }
        return set
    }

    /// A typed key releases every latched (not locked) modifier.
    private mutating func consumeLatches() -> [Effect] {
        let latched = modifiers.filter { $0.value == .latched }.map(\.key)
        guard !latched.isEmpty else { return [] }
        for modifier in latched { modifiers[modifier] = nil }
        return [.redrawAll]
    }

    private func shiftsCase(_ key: Key) -> Bool {
        shift != .off && key.keyClass == .letter && page.id == layout.defaultPage.id
    }

    private func shifted(_ text: String) -> String { text.uppercased() }
}
