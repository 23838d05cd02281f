/// The lock keys that are on in the X server (XKB's locked modifiers), so the keyboard's
/// Caps Lock and Num Lock keys show what a physical keyboard's lights would.
public struct Locks: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let capsLock = Locks(rawValue: 1 << 0)
    public static let numLock = Locks(rawValue: 1 << 1)

    /// The lock a key toggles on the server: one that types Caps_Lock or Num_Lock.
    public init?(toggledBy action: KeyAction) {
        guard case .key(let sym) = action else { return nil }
        switch sym {
        case .capsLock: self = .capsLock
        case .numLock: self = .numLock
        default: return nil
        }
    }
}

extension KeySym {
    public static let capsLock = KeySym(rawValue: 0xFFE5)
    public static let numLock = KeySym(rawValue: 0xFF7F)
}

extension Keyboard {
    /// Whether a key of the layout shows a server lock, so the X side need only follow
    /// the locks for layouts that have one.
    public var showsLocks: Bool {
        layout.pages.contains { $0.keys.contains { Locks(toggledBy: $0.action) != nil } }
    }

    /// Takes the server's locks; says to repaint when they changed (labels follow Caps Lock).
    public mutating func setLocks(_ new: Locks) -> [Effect] {
        guard new != locks else { return [] }
        locks = new
        return [.redrawAll]
    }
}
