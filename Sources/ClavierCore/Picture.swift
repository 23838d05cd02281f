/// The running keyboard as it is seen: the keys of the keyboard shown and what the session
/// puts on them (the bar's words, the aids' marks, a private field's pressed keys hidden).
/// Read-only; what the painter paints and the input aids aim at (`Session.picture`). A
/// keyboard on its own (`clavier render`, the first picture's key) is `Picture(keyboard)`.
public struct Picture: Sendable {
    public let keyboard: Keyboard
    /// The words the bar offers now.
    public let completions: [String]
    /// What dwell and switch scanning draw over the keys.
    public let marks: KeyMarks
    /// Whether a held key is painted pressed and previewed: not on a PIN pad, nor in a private field.
    public let showsPressedKeys: Bool
    /// Whether the bar's first word is the correction the word before the caret gets as it
    /// ends (painted highlighted; the letters typed are the second).
    public let correcting: Bool
    /// Whether the bar's cells offer copied texts (`completions` are their labels, Session+Clipboard.swift).
    public let offersClips: Bool
    /// How many of the bar's first cells show pinned copied texts (painted with a pin).
    public let pinnedClips: Int
    /// The settings page, painted over the whole keys' area while it is open.
    public let settingsPage: SettingsPage?

    public init(_ keyboard: Keyboard, completions: [String] = [], marks: KeyMarks = KeyMarks(), isPrivate: Bool = false,
                correcting: Bool = false, offersClips: Bool = false, pinnedClips: Int = 0, settingsPage: SettingsPage? = nil) {
        self.keyboard = keyboard
        self.offersClips = offersClips && !completions.isEmpty
        self.pinnedClips = self.offersClips ? min(pinnedClips, completions.count) : 0
        self.settingsPage = settingsPage
        self.completions = completions
        self.correcting = correcting && !completions.isEmpty
        self.marks = marks
        showsPressedKeys = keyboard.layout.options.showsPressedKeys && !isPrivate
    }

    public var geometry: PageGeometry { keyboard.geometry }
    public var accessory: AccessoryBar? { keyboard.accessory }
    public var popup: AlternatesPopup? { keyboard.popup }
    public var pressed: [Int: Key.ID] { keyboard.pressed }
    public var shift: ModifierLatch { keyboard.shift }
    public var pressedAccessoryCell: AccessoryCell? { keyboard.pressedAccessoryCell }
    public func label(of key: Key) -> KeyLabel { keyboard.label(of: key) }
    /// Where an aid's press on `target` goes: on the settings page while it shows, else on the keys.
    public func centre(of target: PressTarget) -> Point? {
        if let settingsPage { return settingsPage.centre(of: target) }
        return keyboard.centre(of: target)
    }

    /// How a key is drawn now.
    public func state(of key: Key) -> KeyState { keyboard.state(of: key, showingPressed: showsPressedKeys) }

    /// The preview to show now under `mode` (`Keyboard.preview`); none in a private field.
    public func preview(_ mode: PreviewMode) -> KeyPreview? { keyboard.preview(mode, showingPressed: showsPressedKeys) }

    /// What resting `pointer` at `point` would press (an empty slot of the bar presses nothing;
    /// the settings page, while it shows, takes every point).
    public func dwellTarget(at point: Point, pointer: Int) -> PressTarget? {
        if let settingsPage { return settingsPage.target(at: point) }
        return keyboard.dwellTarget(at: point, pointer: pointer, offered: completions.count)
    }
}
