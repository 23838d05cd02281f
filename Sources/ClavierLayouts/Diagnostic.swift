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

    /// `file:line:column: message`, the form compilers use, so editors can jump to it.
    public var description: String { "\(file):\(line):\(column): \(message)" }
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
        case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
        case .invalid(let diagnostics): diagnostics.map(\.description).joined(separator: "\n")
        case .notFound(let name, let kind, let searched):
            "no \(kind) '\(name)' (searched \(searched.joined(separator: ", ")))"
        }
    }
}
