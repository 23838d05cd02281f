/// Clavier's JSON: Codable values to bytes and back, without Foundation. What it writes is
/// byte for byte what FoundationEssentials' JSONEncoder writes with the same options (keys in
/// the order encoded where Foundation's order is its dictionary's); what it reads is strict
/// RFC 8259 (JSONParser), and every input either decodes or throws.
public enum JSON {
    /// `value` as UTF-8 JSON. Throws `EncodingError.invalidValue` for an infinity or NaN, for
    /// containers nested 512 deep, and for a top-level value that encodes nothing.
    public static func encode<T: Encodable>(_ value: T, options: JSONOptions = []) throws -> [UInt8] {
        guard let slot = try ValueEncoder.encoded(value, at: []) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var writer = JSONWriter(options: options)
        try writer.write(slot.value)
        return writer.bytes
    }

    /// `value` as a JSON string.
    public static func string<T: Encodable>(_ value: T, options: JSONOptions = []) throws -> String {
        String(decoding: try encode(value, options: options), as: UTF8.self)
    }

    /// The value of type `T` that `bytes` hold. Throws `DecodingError`: `dataCorrupted` with a
    /// `JSONSyntaxError` (line and column) when the text is not JSON, else as Foundation's
    /// JSONDecoder would for the type (`keyNotFound`, `typeMismatch`, `valueNotFound`, …).
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try ValueDecoder.decode(type, from: parse(bytes), at: [])
    }

    public static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decode(type, from: Array(text.utf8))
    }

    /// The tree `bytes` hold; a syntax error is a `DecodingError.dataCorrupted`.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [],
                debugDescription: "not valid JSON: \(error)", underlyingError: error))
        }
    }

    /// `value` written as JSON.
    public static func write(_ value: JSONValue, options: JSONOptions = []) throws -> [UInt8] {
        var writer = JSONWriter(options: options)
        try writer.write(value)
        return writer.bytes
    }
}
