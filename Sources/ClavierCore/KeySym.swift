/// An X keysym: the symbol a key produces, independent of any keycode (X11's `KeySym`, 29 bits).
public struct KeySym: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let backSpace = KeySym(rawValue: 0xFF08)
    public static let tab = KeySym(rawValue: 0xFF09)
    public static let `return` = KeySym(rawValue: 0xFF0D)
    public static let escape = KeySym(rawValue: 0xFF1B)
    public static let delete = KeySym(rawValue: 0xFFFF)
    public static let left = KeySym(rawValue: 0xFF51)
    public static let up = KeySym(rawValue: 0xFF52)
    public static let right = KeySym(rawValue: 0xFF53)
    public static let down = KeySym(rawValue: 0xFF54)
    public static let space = KeySym(rawValue: 0x0020)

    /// The keysym of one Unicode scalar: Latin-1 keysyms equal their code point, the rest
    /// use X11's Unicode range `0x01000000 + code point` (keysymdef.h, "Unicode keysyms").
    public init(scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xFF: rawValue = scalar.value
        case 0x08: self = .backSpace
        case 0x09: self = .tab
        case 0x0A, 0x0D: self = .return
        case 0x1B: self = .escape
        case 0x7F: self = .delete
        default: rawValue = 0x0100_0000 + scalar.value
        }
    }

    /// The keysyms that type `text`, one per Unicode scalar.
    public static func sequence(typing text: String) -> [KeySym] {
        text.unicodeScalars.map { KeySym(scalar: $0) }
    }

    /// The Unicode scalar this keysym types, if it types one (the inverse of `init(scalar:)`).
    public var scalar: Unicode.Scalar? {
        switch rawValue {
        case 0x20...0x7E, 0xA0...0xFF: return Unicode.Scalar(rawValue)
        case 0x0100_0100...0x0110_FFFF: return Unicode.Scalar(rawValue - 0x0100_0000)
        default: return nil
        }
    }

    /// The short name of the named keys (`backspace`, `return` …), as actions print them.
    public var name: String? { KeySym.names.first { $0.value == self }?.key }

    /// Named keys by the names layouts and `clavier geometry` use.
    public static let names: [String: KeySym] = [
        "backspace": .backSpace, "tab": .tab, "return": .return, "escape": .escape,
        "delete": .delete, "left": .left, "up": .up, "right": .right, "down": .down,
        "space": .space,
    ]

    public var description: String {
        if let name { return name }
        if let scalar { return String(Character(scalar)) }
        return "0x" + String(rawValue, radix: 16)
    }
}
