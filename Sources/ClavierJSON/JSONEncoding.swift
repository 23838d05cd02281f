/// Codable's `Encoder` over a `JSONValue` tree. Containers are values that outlive the calls
/// that made them (a nested container is filled after it was put in its parent), so what they
/// fill is held by reference until the value is built.
final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What was encoded; nil while nothing was.
    var root: Slot?

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    /// `value` encoded at `path`; an empty object when it encodes nothing, as in Foundation.
    static func slot<T: Encodable>(for value: T, at path: [any CodingKey]) throws -> Slot {
        try encoded(value, at: path) ?? .value(.object([]))
    }

    /// `value` encoded at `path`; nil when it encodes nothing.
    static func encoded<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> Slot? {
        if let scalar = value as? any JSONScalar { return .value(try scalar.json(at: path)) }
        let encoder = ValueEncoder(codingPath: path)
        try value.encode(to: encoder)
        return encoder.root
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: ObjectSlots
        if case .object(let existing) = root {
            object = existing
        } else {
            object = ObjectSlots()
            root = .object(object)
        }
        return KeyedEncodingContainer(KeyedEncoding(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: ArraySlots
        if case .array(let existing) = root {
            array = existing
        } else {
            array = ArraySlots()
            root = .array(array)
        }
        return UnkeyedEncoding(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueEncoding(encoder: self) }
}

/// A place in the tree being built.
enum Slot {
    case value(JSONValue)
    case object(ObjectSlots)
    case array(ArraySlots)
    /// A super encoder's: what it encoded, known only at the end.
    case encoder(ValueEncoder)

    var value: JSONValue {
        switch self {
        case .value(let value): value
        case .object(let object): .object(object.members.map { JSONMember($0.key, $0.slot.value) })
        case .array(let array): .array(array.slots.map(\.value))
        case .encoder(let encoder): encoder.root?.value ?? .object([])
        }
    }
}

/// An object being filled: a key encoded again replaces its value and keeps its place.
final class ObjectSlots {
    private(set) var members: [(key: String, slot: Slot)] = []
    /// Where each key is, once there are more than a few to look through.
    private var index: [String: Int] = [:]

    private func position(of key: String) -> Int? {
        members.count > 8 ? index[key] : members.firstIndex { $0.key == key }
    }

    func set(_ slot: Slot, for key: String) {
        if let i = position(of: key) {
            members[i].slot = slot
            return
        }
        members.append((key, slot))
        if members.count == 9 {
            index = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        } else if members.count > 9 {
            index[key] = members.count - 1
        }
    }

    /// The object or array already at `key`, else a new one put there.
    func nested<T>(_ key: String, _ existing: (Slot) -> T?, _ make: () -> (T, Slot)) -> T {
        if let i = position(of: key), let found = existing(members[i].slot) { return found }
        let (made, slot) = make()
        set(slot, for: key)
        return made
    }
}

final class ArraySlots {
    var slots: [Slot] = []
}

/// An index in an array's coding path: `Index 0`, as Foundation names it.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// `super`, the key of `superEncoder()` and `superDecoder()`.
struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
