import ClavierCore

/// config.yaml as the keyboard starts with it, field by field, so that one mistake loses one
/// setting and not all of them (`clavier check` reports the same problems and fails).
extension ConfigFile {
    /// Every field that reads, each broken one left out, and the problems, sorted by position.
    public struct Reading: Equatable, Sendable {
        public var config: Config
        public var problems: [Diagnostic]
        /// Whether the document could not be read at all (a syntax error, not a mapping, past
        /// `ReadLimits`, not UTF-8): no field of it is kept, but kiosk mode (`reading(_:file:)`).
        public var unreadable: Bool
    }

    /// The config at `path` field by field (`reading(_:file:)`); nil when there is no such
    /// file. Throws only when no text can be had at all (not a regular file, too large, not
    /// allowed); text that is not UTF-8 is a document that cannot be read.
    public static func load(fieldsOf path: String) throws(LayoutError) -> Reading? {
        guard PlainFiles.exists(path) else { return nil }
        do {
            return reading(try LayoutLibrary.read(path), file: path)
        } catch {
            // A Latin-1 é in a comment: as a syntax error is, with where it is.
            guard let bytes = try? PlainFiles.bytes(path, limit: ReadLimits.fileBytes),
                  String(validating: bytes, as: UTF8.self) == nil else { throw error }
            let (line, column) = firstNonUTF8(bytes)
            var config = Config()
            if namesKiosk(String(decoding: bytes, as: UTF8.self)) { config.settings = config.settings.failingClosedToKiosk() }
            return Reading(config: config, problems: [Diagnostic(file: path, line: line, column: column, message: "not UTF-8 text")],
                           unreadable: true)
        }
    }

    /// `text` field by field: a setting whose value does not read is left out (its default,
    /// or the command line's, applies), so is an unknown field, a `kiosk-settings` name
    /// refused and a rule with a problem. A kiosk fails closed
    /// (`SettingsLayer.failingClosedToKiosk`): a `kiosk` that is neither true nor false, or a
    /// document that cannot be read at all and names kiosk anywhere outside a comment, starts
    /// a kiosk, which no mistake turns into an ordinary keyboard (`hide`, `quit`, the page,
    /// the clipboard strip).
    public static func reading(_ text: String, file: String) -> Reading {
        let reader = NodeReader(file: file)
        let problems = { reader.diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) } }
        guard let config = read(text, reader) else {
            var config = Config()
            if namesKiosk(text) { config.settings = config.settings.failingClosedToKiosk() }
            return Reading(config: config, problems: problems(), unreadable: true)
        }
        return Reading(config: config, problems: problems(), unreadable: false)
    }

    /// Whether `text` says `kiosk` anywhere but in a comment (`kiosk`, `kiosk-settings`,
    /// `auto-show-in-kiosk`): a document that cannot be read is then taken for a kiosk's.
    static func namesKiosk(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { line in
            var code = Substring(line)
            if let hash = code.indices.first(where: { code[$0] == "#" && ($0 == code.startIndex || code[code.index(before: $0)].isWhitespace) }) {
                code = code[..<hash]
            }
            return code.lowercased().containsText("kiosk")
        }
    }

    /// The line and column (counted in scalars, as libyaml counts) of the first byte of
    /// `bytes` that is not UTF-8.
    static func firstNonUTF8(_ bytes: [UInt8]) -> (line: Int, column: Int) {
        var iterator = bytes.makeIterator(), decoder = UTF8()
        var (line, column) = (1, 1)
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
            case .emptyInput, .error: return (line, column)
            }
        }
    }
}
