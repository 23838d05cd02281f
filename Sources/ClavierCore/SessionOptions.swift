extension Session {
    /// What a session is made with, besides its first keyboard.
    public struct Options: Sendable {
        public var kiosk = false
        /// The layer-shell layer asked for (`--layer`); nil: as kiosk mode says (`surfaceLayer`).
        public var layer: SurfaceLayer?
        /// How long the pointer rests on a key to press it; nil: no dwell.
        public var dwell: Duration?
        /// How many scan switches (none: no scanning) and the scan's clock (nil: a step switch).
        public var scanSwitches = 0
        public var scanInterval: Duration?
        /// `--speech`: the scan's highlight spoken; `speechPaced`: the voice tells when a prompt
        /// ends (`SessionEvent.spoken`), and the scan's clock waits for it.
        public var speech = false
        public var speechPaced = false
        /// `--speech-echo`: each letter typed said too (never in a private field).
        public var speechEcho = false
        /// `--speech-rate` and `--speech-volume`, -100 to 100: the voice's (`Speaker`), not the session's.
        public var speechRate = 0
        public var speechVolume = 0
        /// The phrase bank and abbreviations (phrases.txt), offered on the bar.
        public var phrases = Phrases()
        /// `--auto-show`, and whether a kiosk lets it hide the keyboard (`auto-show-in-kiosk`).
        public var autoShow = false
        public var autoShowInKiosk = false
        public var rules: [WindowRule] = []
        /// The name the first layout was asked for by (rules fall back to it).
        public var layoutName = ""
        /// Glide typing (`--glide`; on by the settings' default, off here unless asked).
        public var glide = false
        /// `--auto-capitalize` when suggestions are on; `.never` without them.
        public var capitalize = CapitalizeMode.never
        /// `--autocorrect` when suggestions are on (and a kiosk's config asks for it); `.never` without them.
        public var autocorrect = CapitalizeMode.never
        /// The host tells the focused field without `--auto-show` (input-method-v2 on Wayland).
        public var fieldsTold = false
        /// Whether the focused field's kind is known, so `prose` autocorrection may act:
        /// auto-show's focus watch is on (`autoShow`, acting or not), or the host tells it
        /// (`fieldsTold`). The one place the X and Wayland starts ask it.
        public var knowsFieldKinds: Bool { autoShow || fieldsTold }
        /// The settings in effect and their sources, for the settings page and `clavier status`.
        public var settings: SettingsSources?
        /// Whether the settings page may be opened: not by a greeter's keyboard (`--xid`),
        /// nor a kiosk's (`Options.settingsPageAllowed`).
        public var settingsPage = true
        /// Whether the host offers words (suggestions are on).
        public var words = false
        /// `--clipboard`: the clipboard strip, where kiosk mode lets it be (`keepsClipboard`).
        public var clipboard = false
        /// The texts pinned on the strip before (the pin file's), the latest pinned first;
        /// taken only where there is a strip.
        public var pinnedClips: [String] = []
        public init() {}
    }
}
