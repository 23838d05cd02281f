/// The three containers of `ValueEncoder`. Each typed `encode` is spelled out because Codable's
/// protocols require it; all go through `ValueEncoder.slot`.
struct KeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: ObjectSlots
    let codingPath: [any CodingKey]

    private func put<T: Encodable>(_ value: T, _ key: Key) throws {
        object.set(try ValueEncoder.slot(for: value, at: codingPath + [key]), for: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { object.set(.value(.null), for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = object.nested(key.stringValue, { if case .object(let o) = $0 { o } else { nil } }) {
            let made = ObjectSlots()
            return (made, .object(made))
        }
        return KeyedEncodingContainer(KeyedEncoding<NestedKey>(object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = object.nested(key.stringValue, { if case .array(let a) = $0 { a } else { nil } }) {
            let made = ArraySlots()
            return (made, .array(made))
        }
        return UnkeyedEncoding(array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: SuperKey()) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let encoder = ValueEncoder(codingPath: codingPath + [key])
        object.set(.encoder(encoder), for: key.stringValue)
        return encoder
    }
}

struct UnkeyedEncoding: UnkeyedEncodingContainer, TypedEncoding {
    let array: ArraySlots
    let codingPath: [any CodingKey]
    var count: Int { array.slots.count }

    func encodeValue<T: Encodable>(_ value: T) throws {
        array.slots.append(try ValueEncoder.slot(for: value, at: codingPath + [IndexKey(count)]))
    }

    mutating func encodeNil() throws { array.slots.append(.value(.null)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectSlots()
        let path = codingPath + [IndexKey(count)]
        array.slots.append(.object(nested))
        return KeyedEncodingContainer(KeyedEncoding<NestedKey>(object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArraySlots()
        let path = codingPath + [IndexKey(count)]
        array.slots.append(.array(nested))
        return UnkeyedEncoding(array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = ValueEncoder(codingPath: codingPath + [IndexKey(count)])
        array.slots.append(.encoder(encoder))
        return encoder
    }
}

/// The encoder's own single value: a value encoded again replaces the first.
struct SingleValueEncoding: SingleValueEncodingContainer, TypedEncoding {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeValue<T: Encodable>(_ value: T) throws { encoder.root = try ValueEncoder.slot(for: value, at: codingPath) }

    mutating func encodeNil() throws { encoder.root = .value(.null) }
}

/// The typed `encode`s that the unkeyed and single-value containers must have, each the
/// container's generic one.
protocol TypedEncoding {
    func encodeValue<T: Encodable>(_ value: T) throws
}

extension TypedEncoding {
    mutating func encode(_ value: Bool) throws { try encodeValue(value) }
    mutating func encode(_ value: String) throws { try encodeValue(value) }
    mutating func encode(_ value: Double) throws { try encodeValue(value) }
    mutating func encode(_ value: Float) throws { try encodeValue(value) }
    mutating func encode(_ value: Int) throws { try encodeValue(value) }
    mutating func encode(_ value: Int8) throws { try encodeValue(value) }
    mutating func encode(_ value: Int16) throws { try encodeValue(value) }
    mutating func encode(_ value: Int32) throws { try encodeValue(value) }
    mutating func encode(_ value: Int64) throws { try encodeValue(value) }
    mutating func encode(_ value: UInt) throws { try encodeValue(value) }
    mutating func encode(_ value: UInt8) throws { try encodeValue(value) }
    mutating func encode(_ value: UInt16) throws { try encodeValue(value) }
    mutating func encode(_ value: UInt32) throws { try encodeValue(value) }
    mutating func encode(_ value: UInt64) throws { try encodeValue(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }
}
