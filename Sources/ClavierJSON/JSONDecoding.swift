/// Codable's `Decoder` over a parsed `JSONValue`. As Foundation's JSONDecoder: keys the type
/// does not know are ignored, a missing key or a null is nil for `decodeIfPresent`, and a
/// value of another kind is a `typeMismatch` (a null where a value must be, `valueNotFound`).
struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at path: [any CodingKey]) throws -> T {
        if let scalar = type as? any JSONScalar.Type, let decoded = try scalar.init(json: value, at: path) as? T { return decoded }
        return try T(from: ValueDecoder(value: value, codingPath: path))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self, "an object") }
        return KeyedDecodingContainer(KeyedDecoding(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self, "an array") }
        return UnkeyedDecoding(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueDecoding(decoder: self) }

    private func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        if value == .null {
            return .valueNotFound(type, .init(codingPath: codingPath,
                debugDescription: "Cannot get \(expected) -- found null value instead"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath,
            debugDescription: "Expected to decode \(expected) but found \(value.kind) instead."))
    }
}

struct KeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONMember]
    let codingPath: [any CodingKey]
    /// Where each key is, for a large object; a few keys are found faster by looking at each.
    private let index: [String: Int]?

    init(members: [JSONMember], codingPath: [any CodingKey]) {
        (self.members, self.codingPath) = (members, codingPath)
        index = members.count > 8 ? Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first }) : nil
    }

    private func member(_ key: String) -> JSONValue? {
        if let index { return index[key].map { members[$0].value } }
        return members.first { $0.key == key }?.value
    }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }
    func contains(_ key: Key) -> Bool { member(key.stringValue) != nil }

    private func value(_ key: Key) throws -> JSONValue {
        guard let value = member(key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return value
    }

    private func get<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try ValueDecoder.decode(type, from: value(key), at: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try get(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try get(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try get(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try get(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try get(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try get(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try get(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try get(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try get(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try get(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try get(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try get(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try get(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try get(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try get(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: value(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: member("super") ?? .null, codingPath: codingPath + [SuperKey()])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: member(key.stringValue) ?? .null, codingPath: codingPath + [key])
    }
}

struct UnkeyedDecoding: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey]) { (self.elements, self.codingPath) = (elements, codingPath) }

    private var path: [any CodingKey] { codingPath + [IndexKey(currentIndex)] }

    private func current(_ type: Any.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        return elements[currentIndex]
    }

    private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try ValueDecoder.decode(type, from: current(type), at: path)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try current(Never.self) == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try ValueDecoder(value: current(KeyedDecodingContainer<NestedKey>.self), codingPath: path).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try ValueDecoder(value: current([Any].self), codingPath: path).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = ValueDecoder(value: try current((any Decoder).self), codingPath: path)
        currentIndex += 1
        return decoder
    }
}

struct SingleValueDecoding: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    private func get<T: Decodable>(_ type: T.Type) throws -> T { try ValueDecoder.decode(type, from: decoder.value, at: codingPath) }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try get(type) }
    func decode(_ type: String.Type) throws -> String { try get(type) }
    func decode(_ type: Double.Type) throws -> Double { try get(type) }
    func decode(_ type: Float.Type) throws -> Float { try get(type) }
    func decode(_ type: Int.Type) throws -> Int { try get(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try get(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try get(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try get(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try get(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try get(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try get(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try get(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try get(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try get(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try get(type) }
}
