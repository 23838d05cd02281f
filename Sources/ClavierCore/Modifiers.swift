/// The modifiers an injected key is typed with (X11's `ShiftMask`, `ControlMask` … as a Swift set).
public struct ModifierSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = ModifierSet(rawValue: 1 << 0)
    public static let control = ModifierSet(rawValue: 1 << 1)
    public static let alt = ModifierSet(rawValue: 1 << 2)
    public static let `super` = ModifierSet(rawValue: 1 << 3)
    public static let altGr = ModifierSet(rawValue: 1 << 4)
}

/// A modifier key on the on-screen keyboard.
public enum Modifier: String, CaseIterable, Hashable, Sendable {
    case shift, ctrl, alt, `super`, altgr

    /// The member of `ModifierSet` this key sets.
    public var set: ModifierSet {
        switch self {
        case .shift: .shift
        case .ctrl: .control
        case .alt: .alt
        case .super: .super
        case .altgr: .altGr
        }
    }
}

/// How a modifier key stands: off, latched for the next key, or locked until tapped again.
public enum ModifierLatch: String, Hashable, Sendable {
    case off, latched, locked
}
