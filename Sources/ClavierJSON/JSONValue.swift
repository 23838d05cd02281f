/// A JSON document as a tree: what the encoder builds and writes, and what the parser reads.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as its text, valid JSON: as formatted for writing, or as read.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// The members in the order they were encoded or read; no key twice.
    case object([JSONMember])

    /// How the value is named in a type mismatch ("found a string instead").
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` of an object.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue
    public init(_ key: String, _ value: JSONValue) { (self.key, self.value) = (key, value) }
}

/// How JSON is written, as FoundationEssentials' `JSONEncoder.OutputFormatting` writes it.
public struct JSONOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Two spaces a level, `"key" : value`, each member and element on its own line.
    public static let prettyPrinted = JSONOptions(rawValue: 1 << 0)
    /// An object's keys in the order of their UTF-8 bytes; without it, in the order encoded.
    public static let sortedKeys = JSONOptions(rawValue: 1 << 1)
    /// `/` as itself; without it, `\/`.
    public static let withoutEscapingSlashes = JSONOptions(rawValue: 1 << 2)
}
