import ClavierCore
import ClavierJSON
import FoundationEssentials

/// Any JSON as a Codable value, encoded through Codable's containers (single value, unkeyed,
/// keyed with its members in order), for comparing ClavierJSON with Foundation on random trees.
indirect enum Tree: Codable {
    case null, bool(Bool), int(Int), double(Double), string(String)
    case optional(Int?)
    case array([Tree])
    case object([(String, Tree)])

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        func single(_ value: some Encodable) throws {
            var c = encoder.singleValueContainer()
            try c.encode(value)
        }
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let v): try single(v)
        case .int(let v): try single(v)
        case .double(let v): try single(v)
        case .string(let v): try single(v)
        case .optional(let v): try single(v)
        case .array(let elements):
            var c = encoder.unkeyedContainer()
            for element in elements { try c.encode(element) }
        case .object(let members):
            var c = encoder.container(keyedBy: Key.self)
            for (key, value) in members {
                // Optional members as a struct's synthesized Codable writes them: absent when nil.
                if case .optional(let v) = value { try c.encodeIfPresent(v, forKey: Key(stringValue: key)) } else { try c.encode(value, forKey: Key(stringValue: key)) }
            }
        }
    }

    init(from decoder: any Decoder) throws {
        if let c = try? decoder.container(keyedBy: Key.self) {
            self = .object(try c.allKeys.map { ($0.stringValue, try c.decode(Tree.self, forKey: $0)) })
        } else if var c = try? decoder.unkeyedContainer() {
            var elements: [Tree] = []
            while !c.isAtEnd { elements.append(try c.decode(Tree.self)) }
            self = .array(elements)
        } else {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null
            } else if let v = try? c.decode(Bool.self) { self = .bool(v)
            } else if let v = try? c.decode(Int.self) { self = .int(v)
            } else if let v = try? c.decode(Double.self) { self = .double(v)
            } else { self = .string(try c.decode(String.self)) }
        }
    }
}

/// Random values from a fixed seed: the same cases on every run.
struct Generator {
    var random = SeededGenerator(seed: 26)

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    /// Doubles of every shape: integers, tiny and huge exponents, negatives, random bits.
    mutating func double() -> Double {
        switch int(0...5) {
        case 0: return Double(int(-1_000_000...1_000_000))
        case 1: return Double.random(in: -1...1, using: &random)
        case 2: return Double(sign: chance(0.5) ? .minus : .plus, exponent: int(-1074...1023), significand: Double.random(in: 1..<2, using: &random))
        case 3: return [0.0, -0.0, 1.0, -1.0, 0.1, 1e-7, 1e16, 1e15, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude,
                        123456789012345680000.0, 1e21, 1e22, 9007199254740994, 0.000123, 100, 1e300][int(0...17)]
        case 4: return Double(int(-1000...1000)) / Double([1, 2, 4, 10, 100, 1000][int(0...5)])
        default:
            let bits = random.next()
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : Double(bitPattern: bits & ~(UInt64(0x400) << 52))
        }
    }

    /// Strings with every ASCII character (the escapes and `/` among them) and random Unicode,
    /// astral planes included.
    mutating func string() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<int(0...12) {
            switch int(0...4) {
            case 0, 1: scalars.append(Unicode.Scalar(UInt8(int(0...127))))
            case 2: scalars.append(Unicode.Scalar(UInt32(int(0x80...0xD7FF)))!)
            case 3: scalars.append(Unicode.Scalar(UInt32(int(0xE000...0xFFFD)))!)
            default: scalars.append(Unicode.Scalar(UInt32(int(0x10000...0x10FFFF)))!)
            }
        }
        return String(scalars)
    }

    mutating func tree(depth: Int = 0) -> Tree {
        switch int(0...(depth > 4 ? 5 : 8)) {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2: return .int(chance(0.2) ? [Int.min, Int.max, 0][int(0...2)] : int(-100_000...100_000))
        case 3: return .double(double())
        case 4: return .string(string())
        case 5: return .optional(chance(0.5) ? nil : int(-9...9))
        case 6, 7: return .array((0..<int(0...4)).map { _ in tree(depth: depth + 1) })
        default:
            var members: [(String, Tree)] = []
            for _ in 0..<int(0...4) {
                let key = chance(0.5) ? "k\(int(0...20))" : string()
                if !members.contains(where: { $0.0 == key }) { members.append((key, tree(depth: depth + 1))) }
            }
            return .object(members)
        }
    }
}

/// Foundation's output for the same value and options.
func foundation<T: Encodable>(_ value: T, _ options: JSONOptions) throws -> [UInt8] {
    let encoder = JSONEncoder()
    if options.contains(.prettyPrinted) { encoder.outputFormatting.insert(.prettyPrinted) }
    if options.contains(.sortedKeys) { encoder.outputFormatting.insert(.sortedKeys) }
    if options.contains(.withoutEscapingSlashes) { encoder.outputFormatting.insert(.withoutEscapingSlashes) }
    return Array(try encoder.encode(value))
}

let allOptions: [JSONOptions] = [[], .sortedKeys, .withoutEscapingSlashes, .prettyPrinted,
                                 [.prettyPrinted, .sortedKeys], [.sortedKeys, .withoutEscapingSlashes],
                                 [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]]

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
