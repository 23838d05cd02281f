import ClavierCore

/// Finds layout and theme files by name: a path as given, else `NAME.yaml` in each search
/// directory in order (the user's `$XDG_CONFIG_HOME/clavier`, then the data directories).
public struct LayoutLibrary: Sendable {
    /// What a file holds, and so the subdirectory it lives in.
    public enum Kind: String, Sendable, CaseIterable {
        case layout = "layouts", theme = "themes"
        var singular: String { self == .layout ? "layout" : "theme" }
    }

    /// A directory searched, with the short name `clavier layouts` shows for it.
    public struct Directory: Hashable, Sendable {
        public var label: String
        public var path: String
        public init(label: String, path: String) {
            self.label = label
            self.path = path
        }
    }

    /// One file found.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var path: String
        public var directory: Directory
        /// Whether a file of the same name earlier in the search order hides this one.
        public var shadowed: Bool
    }

    /// The roots searched, in order; each holds `layouts/` and `themes/`.
    public var directories: [Directory]
    /// The values built in from shipped files: the base of every theme, and the files not parsed.
    public var shipped: ShippedFiles

    public init(directories: [Directory], shipped: ShippedFiles) {
        self.directories = directories
        self.shipped = shipped
    }

    /// The user's configuration directory (`$XDG_CONFIG_HOME/clavier`, default
    /// `~/.config/clavier`), then `dataDirectories`, labelled "data".
    public static func standard(dataDirectories: [String], shipped: ShippedFiles,
                                environment: [String: String]? = nil) -> LayoutLibrary {
        var dirs: [Directory] = []
        if let user = XDGDirectory.config.clavierPath(environment: environment) {
            dirs.append(Directory(label: "user", path: user))
        }
        var seen = Set<String>()
        for dir in dataDirectories {
            guard let resolved = PlainFiles.resolved(dir), seen.insert(resolved).inserted else { continue }
            dirs.append(Directory(label: "data", path: resolved))
        }
        return LayoutLibrary(directories: dirs, shipped: shipped)
    }

    /// Whether `argument` names a file rather than a layout: it has a slash or ends in `.yaml`.
    public static func isPath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".yaml") || argument.hasSuffix(".yml")
    }

    /// The file `argument` stands for, or nil when no directory has it.
    public func locate(_ kind: Kind, _ argument: String) -> String? {
        if Self.isPath(argument) { return argument }
        return directories.map { "\($0.path)/\(kind.rawValue)/\(argument).yaml" }
            .first { PlainFiles.isReadable($0) }
    }

    /// The directories `locate` looks in for `kind`, for error messages.
    public func searched(_ kind: Kind) -> [String] { directories.map { "\($0.path)/\(kind.rawValue)" } }

    /// Loads the layout `argument` (a name or a path).
    public func layout(_ argument: String) throws(LayoutError) -> Layout {
        try load(.layout, argument, shipped: shipped.layout) { text, name, path throws(LayoutError) in
            try LayoutFile.parse(text, id: name, file: path)
        }
    }

    /// Loads the theme `argument` (a name or a path).
    public func theme(_ argument: String) throws(LayoutError) -> Theme {
        try load(.theme, argument, shipped: shipped.theme) { text, name, path throws(LayoutError) in
            try ThemeFile.parse(text, name: name, file: path, over: shipped.baseTheme)
        }
    }

    /// Loads `argument` of `kind`: the built-in value a shipped file's text stands for, else
    /// what `parse` makes of the text (its name and path given).
    private func load<Value>(_ kind: Kind, _ argument: String, shipped: (_ named: String, _ text: String) -> Value?,
                             parse: (String, String, String) throws(LayoutError) -> Value) throws(LayoutError) -> Value {
        guard let path = locate(kind, argument) else {
            throw .notFound(name: argument, kind: kind.singular, searched: searched(kind))
        }
        let text = try Self.read(path), name = Self.name(of: path)
        if let value = shipped(name, text) { return value }
        return try parse(text, name, path)
    }

    /// Every `*.yaml` of `kind` in every directory, in search order, sorted by name in each.
    public func list(_ kind: Kind) -> [Entry] {
        var entries: [Entry] = []
        var seen = Set<String>()
        for dir in directories {
            let sub = "\(dir.path)/\(kind.rawValue)"
            let files = PlainFiles.names(in: sub)
                .filter { $0.hasSuffix(".yaml") }.sorted()
            for file in files {
                let name = String(file.dropLast(5))
                entries.append(Entry(name: name, path: sub + "/" + file, directory: dir, shadowed: !seen.insert(name).inserted))
            }
        }
        return entries
    }

    /// A file's name without directory and `.yaml`: the layout's id.
    public static func name(of path: String) -> String {
        var name = Substring(path.split(separator: "/").last ?? Substring(path))
        for ext in [".yaml", ".yml"] where name.hasSuffix(ext) { name = name.dropLast(ext.count) }
        return String(name)
    }

    /// The text of the file at `path`: a regular file of UTF-8 within `ReadLimits.fileBytes`.
    static func read(_ path: String) throws(LayoutError) -> String {
        do {
            return try PlainFiles.text(path, limit: ReadLimits.fileBytes)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
    }
}

/// Checks layout and theme files, as `clavier check` does.
public enum FileChecker {
    /// What one file turned out to be, and its problems.
    public struct Result: Sendable {
        public var kind: LayoutLibrary.Kind?
        public var diagnostics: [Diagnostic]
    }

    /// Checks the file at `path`: a theme when it lies in a `themes` directory, or outside a
    /// `layouts` directory sets a field only themes have; else a layout.
    /// With `kiosk`, a layout's keys that kiosk mode would refuse to type are problems too.
    public static func check(path: String, kiosk: Bool = false) -> Result {
        let text: String
        do {
            text = try LayoutLibrary.read(path)
        } catch {
            return Result(kind: nil, diagnostics: error.diagnostics(file: path))
        }
        let components = path.split(separator: "/")
        let inThemes = components.count >= 2 && components[components.count - 2] == "themes"
        let inLayouts = components.count >= 2 && components[components.count - 2] == "layouts"
        // A line starting with a field only themes have and a colon. A field's name is short:
        // a colon further in is no such field (each line was matched against each field's
        // name, a million lines of 4 MB took 2 s).
        let themeFields = Set(ThemeFile.allFields.filter { $0 != "description" })
        let looksLikeTheme = text.split(separator: "\n").contains { line in
            guard let colon = line.utf8.prefix(64).firstIndex(of: UInt8(ascii: ":")) else { return false }
            return themeFields.contains(String(line[..<colon]))
        }
        let kind: LayoutLibrary.Kind = inThemes || !inLayouts && looksLikeTheme ? .theme : .layout
        let reader = NodeReader(file: path, kiosk: kiosk)
        switch kind {
        case .layout: _ = LayoutFile.read(text, id: LayoutLibrary.name(of: path), reader)
        case .theme: _ = ThemeFile.read(text, name: LayoutLibrary.name(of: path), reader, over: ThemeFile.placeholder)
        }
        let sorted = reader.diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return Result(kind: kind, diagnostics: sorted)
    }
}
