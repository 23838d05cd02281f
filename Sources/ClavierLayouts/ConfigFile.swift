import ClavierCore

/// The contents of `$XDG_CONFIG_HOME/clavier/config.yaml`: any of the settings (`Settings.all`)
/// plus the per-application `rules`.
public struct Config: Equatable, Sendable {
    /// The settings the file gives; those it leaves out are left to the command line or their defaults.
    public var settings = SettingsLayer()
    public var rules: [WindowRule] = []
    /// `kiosk-settings`: the settings page's settings a kiosk's users may change; nil: not
    /// given, a kiosk opens no page. A config field only, never an option nor in settings.yaml:
    /// what strangers may change is the kiosk builder's to say.
    public var kioskSettings: [String]?

    public init() {}
}

/// Reads a config file with the same `file:line:column` diagnostics as layouts and themes.
public enum ConfigFile {
    static let fields = Settings.all.map { $0.name } + ["rules", "kiosk-settings"]
    static let ruleFields = ["class", "title", "field", "layout", "keyboard"]
    /// The settings whose value is a list, which the file may give as a YAML list.
    static let listSettings: Set = [Setting.languages.name, Setting.scanSwitch.name]
    /// The field kinds a rule's `field` may name, as a message lists them.
    static let purposes = FieldKind.allCases.filter { $0 != .unknown }.map(\.rawValue).joined(separator: ", ")

    /// `$XDG_CONFIG_HOME/clavier/config.yaml`, else `~/.config/clavier/config.yaml`.
    public static func defaultPath(environment: [String: String]? = nil) -> String? {
        XDGDirectory.config.clavierPath(environment: environment).map { $0 + "/config.yaml" }
    }

    /// Whether `path` is named like a config file (`config.yaml`, `config.yml`), for `clavier check`.
    public static func isConfigFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == "config.yaml" || name == "config.yml"
    }

    /// The config at `path`; nil when there is no such file (no config is not an error).
    public static func load(path: String) throws(LayoutError) -> Config? {
        guard PlainFiles.exists(path) else { return nil }
        let text = try LayoutLibrary.read(path)
        return try parse(text, file: path)
    }

    /// Parses `text`; every problem found is thrown at once.
    public static func parse(_ text: String, file: String) throws(LayoutError) -> Config {
        let reader = NodeReader(file: file)
        let config = read(text, reader)
        guard reader.diagnostics.isEmpty, let config else { throw .invalid(reader.diagnostics) }
        return config
    }

    /// Every problem of the config file at `path`, sorted by position, as `clavier check` prints them.
    public static func check(path: String) -> [Diagnostic] {
        do {
            _ = try parse(try LayoutLibrary.read(path), file: path)
            return []
        } catch .invalid(let diagnostics) {
            return diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        } catch {
            // Text that is not UTF-8: where it stops being so, as the keyboard says it.
            if let reading = try? load(fieldsOf: path) { return reading.problems }
            return [Diagnostic(file: path, line: 1, column: 1, message: error.description)]
        }
    }

    static func read(_ text: String, _ r: NodeReader) -> Config? {
        // An empty file, or one of only comments, is a valid config that sets nothing.
        let meaningful = text.split(separator: "\n").contains {
            let line = trimmed($0)
            return !line.isEmpty && !line.hasPrefix("#") && line != "---"
        }
        guard meaningful else { return Config() }
        guard let root = r.compose(text), let f = r.fields(root, "the config", allowed: fields) else { return nil }
        var c = Config()
        for setting in Settings.all {
            guard let node = f[setting.name], let text = r.text(node, of: setting) else { continue }
            do throws(SettingError) {
                try setting.read(text, into: &c.settings)
            } catch {
                r.report(error.description, at: node)
            }
        }
        // A kiosk fails closed: a `kiosk` given that does not read (`kiosk: yes`) is a kiosk.
        if f[Setting.kiosk.name] != nil, !c.settings.gives(.kiosk) { c.settings = c.settings.failingClosedToKiosk() }
        // A name refused is left out of the list, the others kept (a kiosk whose list does
        // not read at all opens no page).
        if let node = f["kiosk-settings"], let items = r.sequence(node, "kiosk-settings") {
            c.kioskSettings = items.compactMap { item in
                guard let name = r.string(item, "kiosk-settings") else { return nil }
                if let refusal = PageSetting.kioskRefusal(of: name) {
                    r.report(refusal, at: item)
                    return nil
                }
                return name
            }
        }
        // A rule with a problem is left out whole: what is left of it could match other windows.
        if let node = f["rules"], let items = r.sequence(node, "rules") {
            for (i, item) in items.enumerated() {
                let before = r.problems
                guard let rf = r.fields(item, "rule \(i + 1)", allowed: ruleFields) else { continue }
                var rule = WindowRule()
                rule.windowClass = rf["class"].flatMap { r.string($0, "class") }
                rule.title = rf["title"].flatMap { r.string($0, "title") }
                rule.layout = rf["layout"].flatMap { r.string($0, "layout") }
                if let v = rf["field"], let text = r.string(v, "field") {
                    rule.field = FieldKind(rawValue: text).flatMap { $0 == .unknown ? nil : $0 }
                    if rule.field == nil { r.report("field must be one of \(Self.purposes), not '\(text)'", at: v) }
                }
                if let v = rf["keyboard"], let text = r.string(v, "keyboard") {
                    rule.visibility = WindowRule.Visibility(rawValue: text)
                    if rule.visibility == nil { r.report("keyboard must be show or hide, not '\(text)'", at: v) }
                    if rf["field"] != nil { r.report("a field rule takes a layout only: auto-show shows and hides", at: v) }
                }
                if rule.windowClass == nil && rule.title == nil && rf["field"] == nil {
                    r.report("rule \(i + 1) matches no window: give it a class, a title or a field", at: item)
                }
                if rule.layout == nil && rule.visibility == nil {
                    r.report("rule \(i + 1) does nothing: give it a layout or keyboard: show|hide", at: item)
                }
                if r.problems == before { c.rules.append(rule) }
            }
        }
        return c
    }
}

/// `line` without the spaces and tabs around it: what Foundation's
/// `trimmingCharacters(in: .whitespaces)` gives (Unicode spaces and tab), without its first
/// use of a `CharacterSet`, ~0.8 M instructions of a start.
func trimmed(_ line: Substring) -> Substring {
    let blank = { (c: Character) in c.isWhitespace && !c.isNewline }
    guard let first = line.firstIndex(where: { !blank($0) }), let last = line.lastIndex(where: { !blank($0) }) else { return "" }
    return line[first...last]
}

extension NodeReader {
    /// The text of a setting's node once it is of the setting's kind (text, true or false, a
    /// number), for the setting's own check; else nil, the problem reported. A list of texts
    /// (`languages: [us, de]`) is the text of its items separated by commas, as on the command line.
    func text(_ node: Node, of setting: AnySetting) -> String? {
        if ConfigFile.listSettings.contains(setting.name), let items = node.sequence {
            let texts = items.compactMap { string($0, setting.name) }
            return texts.count == items.count ? texts.joined(separator: ",") : nil
        }
        let fits = switch setting.kind {
        case .text: string(node, setting.name) != nil
        case .flag: bool(node, setting.name) != nil
        case .number: number(node, setting.name) != nil
        }
        return fits ? node.scalar?.string : nil
    }
}
