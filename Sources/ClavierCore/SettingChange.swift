/// What a change of one of the settings page's settings does, said by its entry in the page's
/// table (`PageSetting.all`) in place of a switch over names: its session part (what the
/// session takes of it at once, Session+Settings.swift) and its host part (what each window
/// system's host carries out, `applySetting`). A new setting that changes like an existing one
/// is its table entry alone.
extension PageSetting {
    /// What the session does as the setting changes.
    public enum SessionPart: Hashable, Sendable {
        /// Nothing of its own: the host carries it out, or the next keyboard reads it.
        case none
        /// Dwell starts, stops or takes its new delay.
        case dwell
        /// Glide typing turns on or off.
        case glide
        /// Words are corrected in other fields (`Settings.autocorrects`), where the host offers words.
        case autocorrect
        /// Auto-show acts or stops (`Settings.autoShowActs`), the field asked or forgotten.
        case autoShow
        /// The layout chosen is loaded, as `clavier layout NAME` loads it.
        case layout
        /// The keys are loaded again, with the languages' globe (or without it).
        case languages
    }

    /// What the host does as the setting changes (each window system as it can).
    public enum HostPart: Hashable, Sendable {
        /// Nothing: the session carries it out, or the host's parts read the settings in effect as they go.
        case none
        /// The click player opens or closes.
        case sound
        /// The click player is opened again, at the new volume.
        case volume
        /// The window is placed again (a docked height follows the key size).
        case place
        /// The keys are painted in another theme.
        case theme
        /// The keyboard is made again (its bar's slots, its keys' repeat).
        case keyboard
        /// The keyboard docks or floats: its window (X) or layer surface (Wayland) is made again.
        case float
        /// Auto-show's focus watch, the show button and the hardware keys' watch are made or
        /// let go as the settings now ask (the last two follow auto-show by default).
        case watches
        /// The scan switches are grabbed or let go (the session's scanner follows them).
        case scan
        /// The keymap's groups are made the languages, or the user's keymap given back (X).
        case languages
        /// The key preview follows the new mode.
        case preview
        /// The predictors learn what is typed, or stop (`Settings.learnsWords`).
        case learning
        /// The voice is made or let go (the app's `Speaker`), and the session told (`SessionEvent.voice`).
        case voice
    }
}
