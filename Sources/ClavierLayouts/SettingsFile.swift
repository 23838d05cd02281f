import ClavierCore

/// The settings page's own file, `settings.yaml` beside config.yaml: what a person changed on
/// the keyboard, under config.yaml and the command line (`SettingsSources`). The page writes
/// it whole, atomically (`StateFile.writeAtomically`), so a hand-written config.yaml is never
/// touched; it is read at start like config.yaml, with the same `file:line:col` messages.
public enum SettingsFile {
    /// `$XDG_CONFIG_HOME/clavier/settings.yaml`, else `~/.config/clavier/settings.yaml`.
    public static func defaultPath(environment: [String: String]? = nil) -> String? {
        XDGDirectory.config.clavierPath(environment: environment).map { $0 + "/settings.yaml" }
    }

    /// The settings the file at `path` keeps; empty when there is no file.
    public static func load(path: String) throws(LayoutError) -> SettingsLayer {
        guard PlainFiles.exists(path) else { return SettingsLayer() }
        return try parse(try LayoutLibrary.read(path), file: path)
    }

    /// The settings the file at `path` keeps, field by field as config.yaml is read
    /// (`ConfigFile.reading`): one that does not read, or is not the page's, is left out with
    /// its problem, the rest kept, so that the page's next change (which writes the file whole)
    /// keeps them too. Empty when there is no file; throws only when no text can be had.
    public static func load(fieldsOf path: String) throws(LayoutError) -> (settings: SettingsLayer, problems: [Diagnostic]) {
        guard PlainFiles.exists(path) else { return (SettingsLayer(), []) }
        let text: String
        do {
            text = try LayoutLibrary.read(path)
        } catch {
            // Text that is not UTF-8: nothing kept, the problem where it is.
            guard let reading = try? ConfigFile.load(fieldsOf: path) else { throw error }
            return (SettingsLayer(), reading.problems)
        }
        let reading = ConfigFile.reading(text, file: path)
        var settings = reading.config.settings
        for setting in Settings.all where PageSetting.named(setting.name) == nil { settings.remove(named: setting.name) }
        let problems = (reading.unreadable ? [] : strangers(in: text, file: path)) + reading.problems
        return (settings, problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }

    /// The settings `text` keeps; every problem found is thrown at once. Only the page's own
    /// settings belong here: any other (or `rules`) is a mistake the page would not write back.
    public static func parse(_ text: String, file: String) throws(LayoutError) -> SettingsLayer {
        let problems = strangers(in: text, file: file)
        let config: Config
        do {
            config = try ConfigFile.parse(text, file: file)
        } catch .invalid(let diagnostics) {
            throw .invalid((problems + diagnostics).sorted { ($0.line, $0.column) < ($1.line, $1.column) })
        } catch {
            throw error
        }
        guard problems.isEmpty else { throw .invalid(problems) }
        return config.settings
    }

    /// A problem for each top-level field of `text` that is not the page's.
    static func strangers(in text: String, file: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let colon = line.firstIndex(of: ":"), let first = line.first, first != " ", first != "#", first != "-" else { continue }
            let name = String(line[..<colon])
            if PageSetting.named(name) == nil {
                // As many as NodeReader lists: 4 MB of names would be 350,000 lines on stderr.
                guard problems.count < ReadLimits.diagnostics else {
                    problems.append(Diagnostic(file: file, line: index + 1, column: 1,
                                               message: "more than \(ReadLimits.diagnostics) problems: the rest are left out"))
                    break
                }
                problems.append(Diagnostic(file: file, line: index + 1, column: 1,
                                           message: "'\(NodeReader.cut(name))' is not a setting of the settings page; give it in config.yaml"))
            }
        }
        return problems
    }

    /// The file's text for `lines` (`SettingsSources.keptLines`).
    public static func text(_ lines: [(name: String, text: String)]) -> String {
        "# Kept by Clavier's settings page (a long press on the hide key, or clavier settings).\n"
            + "# config.yaml and the command line come first: a setting they give is locked on the page.\n"
            + lines.map { "\($0.name): \($0.text)\n" }.joined()
    }

    /// Writes `lines` to `path` through a temporary file and a rename.
    public static func save(_ lines: [(name: String, text: String)], to path: String) throws {
        try StateFile.writeAtomically(Array(text(lines).utf8), to: path)
    }
}
