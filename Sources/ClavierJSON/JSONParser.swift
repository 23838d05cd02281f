/// What is wrong with a JSON text, and where: `line 1, column 9: expected ',' or '}'`.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// 1-based; the column counts bytes.
    public let line: Int, column: Int
    public let message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 reader: one value (of any kind) between optional white space, strings of
/// valid UTF-8 with escaped surrogates in pairs only, no trailing commas, no key twice in an
/// object, arrays and objects nested at most 512 deep (so a peer cannot exhaust the stack).
/// It never traps: every input either reads or throws.
struct JSONParser {
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var at = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.at = 3 }  // A UTF-8 byte order mark, as Foundation allows.
        parser.skipSpace()
        guard parser.at < bytes.count else { throw parser.error("no JSON value (the text is empty)") }
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.at == bytes.count else { throw parser.error("\(parser.found) after the JSON value") }
        return value
    }

    private var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    /// What is at the cursor, for a message: `'x'`, `byte 0xff`, `the end`.
    private var found: String {
        guard let byte = peek else { return "the end" }
        return (0x20..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = min(offset ?? at, bytes.count)
        let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return JSONSyntaxError(line: line, column: offset - lineStart + 1, message: message)
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { at += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard peek == byte else { throw error("expected \(what), found \(found)") }
        at += 1
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek else { throw error("expected a value, found the end") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value, found \(found)")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = at
        for byte in word.utf8 {
            guard peek == byte else { throw error("expected '\(word)'", at: start) }
            at += 1
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var members: [JSONMember] = []
        var seen: Set<String> = []  // The keys, once there are more than a few to look through.
        try elements(depth: depth, close: "}", in: "object") { parser throws(JSONSyntaxError) in
            let keyStart = parser.at
            guard parser.peek == UInt8(ascii: "\"") else { throw parser.error("expected a key in double quotes, found \(parser.found)") }
            let key = try parser.string()
            if members.count == 8 { seen = Set(members.map(\.key)) }
            let repeated = members.count < 8 ? members.contains { $0.key == key } : !seen.insert(key).inserted
            guard !repeated else { throw parser.error("the key \"\(key)\" appears twice in the object", at: keyStart) }
            parser.skipSpace()
            try parser.expect(UInt8(ascii: ":"), "':' after the key")
            parser.skipSpace()
            members.append(JSONMember(key, try parser.value(depth: depth)))
        }
        return .object(members)
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var values: [JSONValue] = []
        try elements(depth: depth, close: "]", in: "array") { parser throws(JSONSyntaxError) in
            values.append(try parser.value(depth: depth))
        }
        return .array(values)
    }

    /// From the opening bracket to `close`: elements separated by commas, none after the last.
    private mutating func elements(depth: Int, close: Character, in container: String,
                                   _ element: (inout JSONParser) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        guard depth <= Self.maximumDepth else { throw error("arrays and objects nested more than \(Self.maximumDepth) deep") }
        let closing = close.asciiValue ?? 0
        at += 1
        skipSpace()
        if peek == closing {
            at += 1
            return
        }
        while true {
            skipSpace()
            try element(&self)
            skipSpace()
            guard peek == UInt8(ascii: ",") else { break }
            at += 1
        }
        try expect(closing, "',' or '\(close)' in the \(container)")
    }

    /// `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?, kept as its text.
    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = at
        func digits(_ parser: inout JSONParser) throws(JSONSyntaxError) {
            guard let byte = parser.peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                throw parser.error("expected a digit in the number, found \(parser.found)")
            }
            while let byte = parser.peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { parser.at += 1 }
        }
        if peek == UInt8(ascii: "-") { at += 1 }
        if peek == UInt8(ascii: "0") {
            at += 1
        } else {
            try digits(&self)
        }
        if peek == UInt8(ascii: ".") {
            at += 1
            try digits(&self)
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            at += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
            try digits(&self)
        }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// A string's contents, its escapes resolved; the cursor is on its opening quote.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = at
        at += 1
        var text: [UInt8] = []
        while true {
            guard let byte = peek else { throw error("the string has no closing quote", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                at += 1
                // Decoding replaces what is not UTF-8, so the text was valid if nothing was replaced.
                let string = String(decoding: text, as: UTF8.self)
                guard string.utf8.elementsEqual(text) else {
                    throw error("the string is not valid UTF-8", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                at += 1
                try escape(into: &text)
            case 0x00..<0x20:
                throw error("a control character (0x\(String(byte, radix: 16))) must be escaped in a string")
            default:
                text.append(byte)
                at += 1
            }
        }
    }

    /// One escape after its backslash: `\" \\ \/ \b \f \n \r \t`, or `\uXXXX` (a surrogate
    /// only as the first of a pair, the second escaped too).
    private mutating func escape(into text: inout [UInt8]) throws(JSONSyntaxError) {
        let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
        guard let byte = peek else { throw error("the string has no closing quote") }
        if let resolved = simple[byte] {
            text.append(resolved)
            at += 1
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error("unknown escape '\\\(found.dropFirst().dropLast())'", at: at - 1) }
        let escapeStart = at - 1
        at += 1
        var code = try hex4()
        if (0xDC00...0xDFFF).contains(code) { throw error("a low surrogate without a high one before it", at: escapeStart) }
        if (0xD800...0xDBFF).contains(code) {
            guard bytes[at...].starts(with: Array("\\u".utf8)) else {
                throw error("a high surrogate without a low one after it", at: escapeStart)
            }
            at += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate without a low one after it", at: escapeStart) }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("not a Unicode scalar", at: escapeStart) }
        text += String(Character(scalar)).utf8
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = UInt32(String(Unicode.Scalar(byte)), radix: 16) else {
                throw error("expected four hexadecimal digits after \\u, found \(found)")
            }
            code = code << 4 | digit
            at += 1
        }
        return code
    }
}
