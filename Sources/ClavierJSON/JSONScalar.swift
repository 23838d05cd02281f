/// The values Codable's containers take directly (Bool, String, the integers, Double, Float):
/// how each is written as JSON and read back from it.
protocol JSONScalar {
    /// The value as JSON; throws for what JSON cannot hold (infinities and NaN).
    func json(at path: [any CodingKey]) throws -> JSONValue
    /// The value `json` holds; throws when it holds another kind, or a number out of range.
    init(json: JSONValue, at path: [any CodingKey]) throws
}

extension JSONScalar {
    static func mismatch(_ json: JSONValue, at path: [any CodingKey]) -> DecodingError {
        if json == .null {
            return .valueNotFound(Self.self, .init(codingPath: path,
                debugDescription: "Cannot get value of type \(Self.self) -- found null value instead"))
        }
        return .typeMismatch(Self.self, .init(codingPath: path,
            debugDescription: "Expected to decode \(Self.self) but found \(json.kind) instead."))
    }

    static func unrepresentable(_ text: String, at path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: "The number \(text) does not fit in \(Self.self)."))
    }
}

extension Bool: JSONScalar {
    func json(at path: [any CodingKey]) -> JSONValue { .bool(self) }
    init(json: JSONValue, at path: [any CodingKey]) throws {
        guard case .bool(let bool) = json else { throw Self.mismatch(json, at: path) }
        self = bool
    }
}

extension String: JSONScalar {
    func json(at path: [any CodingKey]) -> JSONValue { .string(self) }
    init(json: JSONValue, at path: [any CodingKey]) throws {
        guard case .string(let string) = json else { throw Self.mismatch(json, at: path) }
        self = string
    }
}

/// An integer: its decimal digits. Read from a number written as an integer, or, as Foundation
/// reads it, from one with a fraction or exponent whose value is a whole number in range (`1e2`).
protocol JSONInteger: JSONScalar, FixedWidthInteger {}

extension JSONInteger {
    func json(at path: [any CodingKey]) -> JSONValue { .number(description) }
    init(json: JSONValue, at path: [any CodingKey]) throws {
        guard case .number(let text) = json else { throw Self.mismatch(json, at: path) }
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            // `-0` is 0 for unsigned types too.
            let digits = text == "-0" ? "0" : text
            guard let value = Self(digits, radix: 10) else { throw Self.unrepresentable(text, at: path) }
            self = value
        } else {
            guard let double = Double(text), let value = Self(exactly: double) else {
                throw Self.unrepresentable(text, at: path)
            }
            self = value
        }
    }
}

extension Int: JSONInteger {}
extension Int8: JSONInteger {}
extension Int16: JSONInteger {}
extension Int32: JSONInteger {}
extension Int64: JSONInteger {}
extension UInt: JSONInteger {}
extension UInt8: JSONInteger {}
extension UInt16: JSONInteger {}
extension UInt32: JSONInteger {}
extension UInt64: JSONInteger {}

/// Double and Float: the shortest digits that read back as the same value (`description`),
/// without a trailing `.0` (1.0 is `1`), exponents as Swift writes them (`1e-07`, `1e+16`).
/// A number too large for the type, or so small it would read as 0, is an error, as in Foundation.
protocol JSONFloat: JSONScalar, BinaryFloatingPoint, LosslessStringConvertible {}

extension JSONFloat {
    func json(at path: [any CodingKey]) throws -> JSONValue {
        guard isFinite else {
            let name = isNaN ? "\(Self.self).nan" : self < 0 ? "-\(Self.self).infinity" : "\(Self.self).infinity"
            throw EncodingError.invalidValue(self, .init(codingPath: path,
                debugDescription: "Unable to encode \(name) directly in JSON."))
        }
        let text = description
        return .number(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    }

    init(json: JSONValue, at path: [any CodingKey]) throws {
        guard case .number(let text) = json else { throw Self.mismatch(json, at: path) }
        guard let value = Self(text), value.isFinite else { throw Self.unrepresentable(text, at: path) }
        // Underflow: a zero read from digits that are not all zeros.
        let mantissa = text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        if value == 0, mantissa.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            throw Self.unrepresentable(text, at: path)
        }
        self = value
    }
}

extension Double: JSONFloat {}
extension Float: JSONFloat {}
