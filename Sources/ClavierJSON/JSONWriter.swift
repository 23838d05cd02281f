/// Writes a `JSONValue` as UTF-8, byte for byte as FoundationEssentials' JSONEncoder writes the
/// same tree (`clavier status --json` and the control wire must not change with the encoder).
struct JSONWriter {
    /// Containers nested deeper than this are not written (Foundation's limit too).
    static let maximumDepth = 512

    let options: JSONOptions
    private(set) var bytes: [UInt8] = []
    private var indent = 0

    init(options: JSONOptions) { self.options = options }

    mutating func write(_ value: JSONValue, depth: Int = 0) throws {
        switch value {
        case .null: append("null")
        case .bool(let bool): append(bool ? "true" : "false")
        case .number(let text): append(text)
        case .string(let string): writeString(string)
        case .array(let elements):
            try writeContainer(value, depth: depth + 1, open: "[", close: "]", count: elements.count) { writer, i in
                try writer.write(elements[i], depth: depth + 1)
            }
        case .object(let members):
            let ordered = options.contains(.sortedKeys)
                ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            try writeContainer(value, depth: depth + 1, open: "{", close: "}", count: ordered.count) { writer, i in
                writer.writeString(ordered[i].key)
                writer.append(writer.options.contains(.prettyPrinted) ? " : " : ":")
                try writer.write(ordered[i].value, depth: depth + 1)
            }
        }
    }

    /// `[` or `{`, the elements with commas, the closing bracket; pretty, an empty container is
    /// written with an empty line inside, as Foundation writes it.
    private mutating func writeContainer(_ value: JSONValue, depth: Int, open: String, close: String, count: Int,
                                         element: (inout JSONWriter, Int) throws -> Void) throws {
        guard depth < Self.maximumDepth else {
            throw EncodingError.invalidValue(value, .init(codingPath: [],
                debugDescription: "arrays and objects nested \(Self.maximumDepth) deep or more cannot be written"))
        }
        let pretty = options.contains(.prettyPrinted)
        append(open)
        if pretty {
            append("\n")
            indent += 1
        }
        for i in 0..<count {
            if i > 0 { append(pretty ? ",\n" : ",") }
            if pretty { writeIndent() }
            try element(&self, i)
        }
        if pretty {
            append("\n")
            indent -= 1
            writeIndent()
        }
        append(close)
    }

    private mutating func writeIndent() {
        for _ in 0..<indent { append("  ") }
    }

    private mutating func append(_ text: String) { bytes += text.utf8 }

    /// Quotes and backslashes escaped, `/` too unless asked not to, control characters as
    /// `\b \f \n \r \t` or `\u00XX` (lower-case hex); everything else, DEL and non-ASCII
    /// included, as its UTF-8 bytes.
    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        let escapeSlashes = !options.contains(.withoutEscapingSlashes)
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "/") where escapeSlashes: append("\\/")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
