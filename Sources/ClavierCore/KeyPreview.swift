/// When a held character key shows a magnified copy of itself above the finger.
public enum PreviewMode: String, CaseIterable, Hashable, Sendable {
    /// For every pointer, the mouse too.
    case always
    /// For touches only (pointer ids other than 0): a finger hides the key it holds, a mouse
    /// pointer does not.
    case touch
    case never
}

/// The magnified copy of a held character key that stands above the finger, as on a phone.
public struct KeyPreview: Hashable, Sendable {
    public var key: Key.ID
    public var pointer: Int
    /// The key's label as the keyboard shows it now (Shift's case, the live keymap's text).
    public var label: KeyLabel
    public var keyClass: KeyClass
    /// The held key's rectangle, in the keys' coordinates.
    public var keyRect: Rect

    public init(key: Key.ID, pointer: Int, label: KeyLabel, keyClass: KeyClass, keyRect: Rect) {
        self.key = key
        self.pointer = pointer
        self.label = label
        self.keyClass = keyClass
        self.keyRect = keyRect
    }

    /// How much larger than the key the preview is.
    public static let magnification = 1.5

    /// The preview's size in pixels.
    public var size: Size {
        Size(width: Int((Double(keyRect.width) * Self.magnification).rounded()),
             height: Int((Double(keyRect.height) * Self.magnification).rounded()))
    }

    /// Where the preview goes, in the keys' coordinates: centred over the key, its bottom a
    /// tenth of a key above the key's top (the caller moves it where the screen has room).
    public var frame: Rect {
        let s = size
        return Rect(x: keyRect.x + keyRect.width / 2 - s.width / 2, y: keyRect.y - s.height - keyRect.height / 10,
                    width: s.width, height: s.height)
    }

    /// A keyboard of this one key at the preview's size: what the painter draws the preview
    /// from, in the keyboard's own look.
    public func keyboard() -> Keyboard {
        let text: String
        switch label {
        case .text(let t): text = t
        case .icon(let icon): text = icon.rawValue
        }
        let key = Key(id: key, label: label, action: .text(text), keyClass: keyClass)
        return Keyboard(layout: Layout(id: "preview", pages: [Page(id: "preview", rows: [Row([key])])]), size: size)
    }
}

extension Keyboard {
    /// The preview to show now under `mode`: the character key pressed last by a pointer the
    /// mode previews, while no alternates are up; nil on layouts that show no pressed keys
    /// (a PIN pad).
    public func preview(_ mode: PreviewMode) -> KeyPreview? { preview(mode, showingPressed: layout.options.showsPressedKeys) }

    /// The same, nil unless `showingPressed` (a session's private field shows none: `Picture.preview`).
    public func preview(_ mode: PreviewMode, showingPressed: Bool) -> KeyPreview? {
        guard mode != .never, popup == nil, showingPressed else { return nil }
        let held = pressed.filter { mode == .always || $0.key != 0 }.max { pressSerial($0.key) < pressSerial($1.key) }
        guard let (pointer, id) = held, let frame = geometry.frame(id: id),
              frame.key.keyClass == .letter || frame.key.keyClass == .symbol,
              let shown = labelWhenPressed(pointer), case .text = shown else { return nil }
        switch frame.key.action {
        case .text, .xkbKey: break
        default: return nil
        }
        return KeyPreview(key: id, pointer: pointer, label: shown, keyClass: frame.key.keyClass, keyRect: frame.rect)
    }
}
