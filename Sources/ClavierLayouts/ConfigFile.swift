import ClavierCore
import Foundation

/// The settings of `$XDG_CONFIG_HOME/clavier/config.yaml`: every option of `clavier` plus
/// `rules` and `kiosk`. A nil field is left to the command line or the built-in default.
public struct Config: Hashable, Sendable {
    public var layout: String?
    public var page: String?
    public var theme: String?
    /// `WxH+X+Y`: float the keyboard there instead of docking it.
    public var geometry: String?
    public var float: Bool?
    public var dock: DockEdge?
    public var monitor: String?
    public var height: DockHeight?
    public var sound: Bool?
    public var soundDevice: String?
    public var kiosk: Bool?
    /// Whether accepted completions are remembered (`learning:`).
    public var learning: Bool?
    /// The HiDPI factor of `--scale`.
    public var scale: Double?
    public var rules: [WindowRule] = []

    public init() {}
}

/// Reads a config file with the same `file:line:column` diagnostics as layouts and themes.
public enum ConfigFile {
    static let fields = ["layout", "page", "theme", "geometry", "float", "dock", "monitor", "height",
                         "sound", "sound-device", "kiosk", "learning", "scale", "rules"]
    static let ruleFields = ["class", "title", "layout", "keyboard"]

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
            return [Diagnostic(file: path, line: 1, column: 1, message: error.description)]
        }
    }

    static func read(_ text: String, _ r: NodeReader) -> Config? {
        // An empty file, or one of only comments, is a valid config that sets nothing.
        let meaningful = text.split(separator: "\n").contains {
            let line = $0.trimmingCharacters(in: .whitespaces)
            return !line.isEmpty && !line.hasPrefix("#") && line != "---"
        }
        guard meaningful else { return Config() }
        guard let root = r.compose(text), let f = r.fields(root, "the config", allowed: fields) else { return nil }
        var c = Config()
        c.layout = f["layout"].flatMap { r.string($0, "layout") }
        c.page = f["page"].flatMap { r.string($0, "page") }
        c.theme = f["theme"].flatMap { r.string($0, "theme") }
        if let node = f["geometry"], let text = r.string(node, "geometry") {
            if WindowGeometry(parsing: text) == nil {
                r.report("geometry '\(text)' is not of the form WxH+X+Y", at: node)
            } else {
                c.geometry = text
            }
        }
        c.float = f["float"].flatMap { r.bool($0, "float") }
        if let node = f["dock"], let text = r.string(node, "dock") {
            c.dock = DockEdge(rawValue: text)
            if c.dock == nil { r.report("dock must be top or bottom, not '\(text)'", at: node) }
        }
        c.monitor = f["monitor"].flatMap { r.string($0, "monitor") }
        if let node = f["height"], let text = r.string(node, "height") {
            c.height = DockHeight(parsing: text)
            if c.height == nil { r.report("height '\(text)' is neither pixels (300) nor a percentage (35%)", at: node) }
        }
        c.sound = f["sound"].flatMap { r.bool($0, "sound") }
        c.soundDevice = f["sound-device"].flatMap { r.string($0, "sound-device") }
        c.kiosk = f["kiosk"].flatMap { r.bool($0, "kiosk") }
        c.learning = f["learning"].flatMap { r.bool($0, "learning") }
        if let node = f["scale"], let value = r.number(node, "scale") {
            if DisplayScale.range.contains(value) {
                c.scale = value
            } else {
                r.report("scale \(value) is not between \(DisplayScale.range.lowerBound) and \(DisplayScale.range.upperBound)", at: node)
            }
        }
        if let node = f["rules"], let items = r.sequence(node, "rules") {
            for (i, item) in items.enumerated() {
                guard let rf = r.fields(item, "rule \(i + 1)", allowed: ruleFields) else { continue }
                var rule = WindowRule()
                rule.windowClass = rf["class"].flatMap { r.string($0, "class") }
                rule.title = rf["title"].flatMap { r.string($0, "title") }
                rule.layout = rf["layout"].flatMap { r.string($0, "layout") }
                if let v = rf["keyboard"], let text = r.string(v, "keyboard") {
                    rule.visibility = WindowRule.Visibility(rawValue: text)
                    if rule.visibility == nil { r.report("keyboard must be show or hide, not '\(text)'", at: v) }
                }
                if rule.windowClass == nil && rule.title == nil {
                    r.report("rule \(i + 1) matches no window: give it a class or a title", at: item)
                }
                if rule.layout == nil && rule.visibility == nil {
                    r.report("rule \(i + 1) does nothing: give it a layout or keyboard: show|hide", at: item)
                }
                c.rules.append(rule)
            }
        }
        return c
    }
}
