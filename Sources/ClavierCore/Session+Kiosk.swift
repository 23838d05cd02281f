/// Kiosk mode, decided here and nowhere else: a kiosk keyboard is always there, cannot be
/// hidden, quit or switched from outside, has no frame to move it, stays above every
/// window, and types only what `Kiosk.allows` (characters, editing and navigation keys).
extension Session {
    /// Why the keyboard refuses `request`; nil: it is carried out.
    public func refusal(of request: SessionRequest) -> String? {
        guard visibility.kiosk else { return nil }
        switch request {
        case .show, .forget: return nil
        case .settings:
            // A kiosk whose config names settings (`kiosk-settings`) opens its page as it does from its gear.
            return pane.opens ? nil : "the keyboard runs in kiosk mode: its settings cannot be changed from it"
        case .hide, .toggle, .quit, .layout:
            return "the keyboard runs in kiosk mode: it cannot be hidden, quit or switched from outside"
        }
    }

    /// Who asks the keyboard to hide.
    enum HideReason { case request, rule, autoShow, hideKey }

    /// Whether the keyboard hides when `reason` asks: never in a kiosk, except by auto-show
    /// where the config allows it (then `autoShow` is set at all).
    func mayHide(_ reason: HideReason) -> Bool {
        !visibility.kiosk || reason == .autoShow
    }

    /// Whether a starting keyboard restores the keymap a killed `languages` keyboard changed
    /// (`_CLAVIER_CHANGED_KEYMAP`): a kiosk without `languages` of its own never does, so that
    /// its own start never changes the kiosk's keymap for another.
    public static func restoresLeftoverKeymap(kiosk: Bool, languages: [String]) -> Bool {
        !kiosk || !languages.isEmpty
    }

    /// Whether the keyboard comes back when its window goes from outside (unmapped,
    /// destroyed) and ignores the window manager's close button.
    public var outlivesItsWindow: Bool { visibility.kiosk }
}

extension Session.Options {
    /// Whether auto-show acts at all: a kiosk keyboard is always shown unless the config lets
    /// auto-show hide it too (`auto-show-in-kiosk`).
    public var autoShowActs: Bool { autoShow && (!kiosk || autoShowInKiosk) }

    /// Whether the settings page may open: never on a greeter's keyboard (`settingsPage`
    /// false, whatever its config), and on a kiosk's only when its builder's config.yaml
    /// names settings its users may change (`kiosk-settings`): its users are strangers, its
    /// settings its builder's.
    public var settingsPageAllowed: Bool {
        settingsPage && (!kiosk || !(settings?.kioskSettings ?? []).isEmpty)
    }

    /// Whether there is a clipboard strip: `--clipboard`, never in a kiosk (its users are
    /// strangers: one's copy must not be offered to the next).
    public var keepsClipboard: Bool { clipboard && !kiosk }

    /// Whether the window stays above every other, fullscreen ones included.
    public var staysOnTop: Bool { kiosk }

    /// The layer-shell layer a docked Wayland keyboard is on: the one asked for, else a
    /// kiosk's is `overlay`, above a fullscreen application (as its X window stays on top),
    /// and any other's `top`.
    public var surfaceLayer: SurfaceLayer { layer ?? (kiosk ? .overlay : .top) }

    /// Whether a floating keyboard gets its handle and grip (a kiosk's cannot be moved).
    public var movable: Bool { !kiosk }

    /// What may be typed, with the modifiers it will really be sent with; nil: anything.
    public var typingFilter: (@Sendable (KeySym, ModifierSet) -> Bool)? { kiosk ? Kiosk.allows : nil }
}

extension Session {
    /// Carries out a control request (kiosk's refusals first).
    mutating func handle(_ request: SessionRequest, at now: ContinuousClock.Instant) -> [Effect] {
        if let refusal = refusal(of: request) { return [.refused(refusal)] }
        switch request {
        case .show: return show(byHand: true, at: now)
        case .hide: return visibility.shown && mayHide(.request) ? hide(at: now) : []
        case .toggle: return visibility.shown ? (mayHide(.request) ? hide(at: now) : []) : show(byHand: true, at: now)
        case .quit: return [.quit]
        case .forget: return forgetLearning()
        case .layout(let name): return [.loadLayout(name, .request(name))]
        case .settings:
            guard pane.opens, pane.sources != nil else { return [.refused("this keyboard has no settings page")] }
            return show(byHand: true, at: now) + openSettings(at: now)
        }
    }
}

/// What kiosk mode decides before there is a session: the settings it changes.
extension Settings {
    /// Whether a hidden keyboard floats its show button: as given, else unless kiosk (always
    /// shown) or auto-show (which brings it back).
    public var showsButton: Bool {
        given.gives(.showButton) ? self[.showButton] : !(self[.kiosk] || self[.autoShow])
    }

    /// Whether auto-show acts (`Session.Options.autoShowActs`): as the settings page turns it
    /// on and off, a kiosk's only where its config says `auto-show-in-kiosk`.
    public var autoShowActs: Bool { self[.autoShow] && (!self[.kiosk] || self[.autoShowInKiosk]) }

    /// Whether what is typed is learned: `--learning`, and in a kiosk only when its config
    /// says `learning: true` (its users are strangers, and without learning no one's learned
    /// words are offered either).
    public var learnsWords: Bool { self[.learning] && (!self[.kiosk] || given.gives(.learning)) }

    /// Where words are corrected as they end: `--autocorrect`, and in a kiosk only where its
    /// config asks (as learning: a stranger's words are not replaced unasked).
    public var autocorrects: CapitalizeMode { !self[.kiosk] || given.gives(.autocorrect) ? self[.autocorrect] : .never }

    /// Whether the host watches the clipboard for the strip: `--clipboard`, never in a kiosk
    /// (as `Session.Options.keepsClipboard`: a stranger's copy is not offered to the next).
    public var watchesClipboard: Bool { self[.clipboard] && !self[.kiosk] }
}

extension SettingsLayer {
    /// The settings a greeter's keyboard (`--xid`) runs with, over these: kiosk mode unless
    /// they say `--no-kiosk` (no shortcut leaves the greeter, nothing outside hides it), never
    /// learning nor a clipboard strip (what is typed there is a password), and none of the session's ways to show
    /// and hide it.
    public func forGreeter() -> SettingsLayer {
        var settings = self
        if !gives(.kiosk) { settings[.kiosk] = true }
        settings[.learning] = false
        settings[.autoShow] = false
        settings[.clipboard] = false
        return settings
    }
}

extension SettingsLayer {
    /// A config file's settings once its `kiosk` could not be read (a value neither true nor
    /// false, or a document that cannot be read at all but names kiosk): kiosk mode. A kiosk
    /// fails closed: a mistake in its builder's file (or an upgrade that refuses an old value)
    /// must never turn it into an ordinary keyboard that `hide` and `quit` reach, with its
    /// settings page, its shortcuts and its clipboard strip.
    public func failingClosedToKiosk() -> SettingsLayer {
        var settings = self
        settings[.kiosk] = true
        return settings
    }
}

extension PageSetting {
    /// The page's settings a kiosk's config may never name in `kiosk-settings`, and why.
    public static let neverInKiosk = [
        Setting.learning.name: "one stranger must not turn on learning that offers their words to the next (the builder's learning: true is the way)",
    ]

    /// What is wrong with naming `name` in config.yaml's `kiosk-settings`; nil: it may be named.
    /// Only the page's settings can be (not `kiosk`, nor `sound-device`: the page has no cell for them).
    public static func kioskRefusal(of name: String) -> String? {
        if let why = neverInKiosk[name] { return "kiosk-settings cannot name '\(name)': \(why)" }
        guard named(name) == nil else { return nil }
        let names = all.map(\.name).filter { neverInKiosk[$0] == nil }.joined(separator: ", ")
        return "kiosk-settings: '\(name)' is not a setting of the settings page (\(names))"
    }
}
