/// One problem in a layout or theme file, at a 1-based line and column (columns count
/// Unicode scalars, as libyaml does).
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, the form compilers use, so editors can jump to it; always
    /// one line, whatever the file's names hold (`Diagnostic.escaped`).
    public var description: String { "\(Self.escaped(file)):\(line):\(column): \(Self.escaped(message))" }

    /// `text` with what would break a line or turn it around written out as Swift escapes
    /// (`\n`, `\u{2028}`): control characters, Unicode line and paragraph separators and the
    /// bidirectional controls, which a crafted id could use to hide or fake a problem.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// Why a layout or theme could not be loaded.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read (`path`, the reason from the system).
    case unreadable(path: String, reason: String)
    /// The file was read but has problems, every one of them listed.
    case invalid([Diagnostic])
    /// No file of this name in any directory searched.
    case notFound(name: String, kind: String, searched: [String])

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(Diagnostic.escaped(path)): cannot read: \(reason)"
        case .invalid(let diagnostics): diagnostics.map(\.description).joined(separator: "\n")
        case .notFound(let name, let kind, let searched):
            Diagnostic.escaped("no \(kind) '\(name)' (searched \(searched.joined(separator: ", ")))")
        }
    }

    /// The error as `clavier check` lists it for the file at `path`: its problems, or one
    /// line at 1:1 saying why the file could not be read.
    public func diagnostics(file path: String) -> [Diagnostic] {
        switch self {
        case .invalid(let diagnostics): diagnostics
        case .unreadable(_, let reason): [Diagnostic(file: path, line: 1, column: 1, message: "cannot read: " + reason)]
        case .notFound: [Diagnostic(file: path, line: 1, column: 1, message: description)]
        }
    }
}
