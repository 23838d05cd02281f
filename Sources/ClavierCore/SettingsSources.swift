/// Where the settings in effect come from, kept apart so the settings page can say which of
/// them it may change: the command line over config.yaml over what the page itself kept
/// (`settings.yaml`) over the defaults. A value set above the page is locked there, with why.
public struct SettingsSources: Sendable {
    public let commandLine: SettingsLayer
    public let file: SettingsLayer
    public let rules: [WindowRule]
    /// What the page keeps: the settings settings.yaml gives, and each change made on the page.
    public private(set) var page: SettingsLayer
    /// The settings in effect, the three levels put over each other.
    public private(set) var settings: Settings
    /// The layouts the page's layout cell goes through, by name, as `clavier layouts` lists
    /// them: found by the app at start (Core reads no directories); empty: none offered.
    public var layoutNames: [String] = []

    public init(commandLine: SettingsLayer = SettingsLayer(), file: SettingsLayer = SettingsLayer(),
                page: SettingsLayer = SettingsLayer(), rules: [WindowRule] = []) {
        (self.commandLine, self.file, self.page, self.rules) = (commandLine, file, page, rules)
        settings = Settings(commandLine: commandLine, file: file, page: page, rules: rules)
    }

    /// The values a tap on `entry` goes through: its own, or the layouts found.
    public func choices(of entry: PageSetting) -> [String?] {
        entry.name == Setting.layout.name ? layoutNames : entry.choices
    }

    /// Why the page cannot change the setting named `name`; nil: it can.
    public func lock(_ name: String) -> String? {
        if commandLine.gives(named: name) { return "set by the command line" }
        if file.gives(named: name) { return "set in config.yaml" }
        return nil
    }

    /// Keeps `text` for the setting named `name` (nil: its default, nothing kept); false when
    /// the setting is locked, unknown, or refuses the text (then nothing changes).
    public mutating func set(_ name: String, to text: String?) -> Bool {
        guard lock(name) == nil, let setting = Settings.all.first(where: { $0.name == name }) else { return false }
        var next = page
        next.remove(named: name)
        if let text {
            do throws(SettingError) { try setting.read(text, into: &next) } catch { return false }
        }
        page = next
        settings = Settings(commandLine: commandLine, file: file, page: page, rules: rules)
        return true
    }

    /// The page's settings as settings.yaml keeps them, in the page's order: only those it
    /// gives, each as the text its setting reads back.
    public var keptLines: [(name: String, text: String)] {
        let kept = Settings(page: page)
        return PageSetting.all.filter { page.gives(named: $0.name) }.compactMap { entry in
            kept.given.gives(named: entry.name) ? (entry.name, entry.text(in: kept)) : nil
        }
    }

    /// The page's settings in effect, by name, as `clavier status --json` reports them.
    public var pageSettings: [String: String] {
        var texts: [String: String] = [:]
        for entry in PageSetting.all { texts[entry.name] = entry.text(in: settings) }
        return texts
    }
}
