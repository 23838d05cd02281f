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
    /// The page's languages cell's choices after "the keymap's own" (`us,de`, `us,fr`): found
    /// by the app at start, as the layouts are; empty: none offered.
    public var languageChoices: [String] = []
    /// The page's settings this window system cannot carry out, by name, with why (`X11
    /// only`): locked on the page whatever the levels say. Told by the host at start.
    public var unavailable: [String: String] = [:]
    /// A setting's value as this window system has it where that is not the setting's own,
    /// by name, as its text (Wayland's scan switch is the pointer: `button1` for the key F9):
    /// shown on the page and by `status --json`. Told by the host at start, for a locked setting.
    public var hostValues: [String: String] = [:]
    /// The page's settings a kiosk's user may change (config.yaml's `kiosk-settings`), and
    /// the only ones settings.yaml is read for; nil: not a kiosk, the whole page. Empty: a
    /// kiosk whose builder named none, which opens no page (`Session.Options.settingsPageAllowed`).
    public let kioskSettings: [String]?
    /// settings.yaml as it was read, written back under the page's own so that a kiosk's
    /// keeping its few settings does not erase the rest of the file (which it does not apply).
    let aside: SettingsLayer

    /// `kioskSettings`: a kiosk's list (config.yaml's `kiosk-settings`); what `page` gives
    /// outside it is dropped, so a settings.yaml kept before the kiosk applies none of it.
    public init(commandLine: SettingsLayer = SettingsLayer(), file: SettingsLayer = SettingsLayer(),
                page: SettingsLayer = SettingsLayer(), rules: [WindowRule] = [], kioskSettings: [String]? = nil) {
        var page = page, aside = page
        for setting in Settings.all {
            if kioskSettings?.contains(setting.name) == false { page.remove(named: setting.name) } else { aside.remove(named: setting.name) }
        }
        self.aside = aside
        (self.commandLine, self.file, self.page, self.rules, self.kioskSettings) = (commandLine, file, page, rules, kioskSettings)
        settings = Settings(commandLine: commandLine, file: file, page: page, rules: rules)
    }

    /// Whether the page offers the setting named `name`: any of its own, a kiosk's named only.
    public func offers(_ name: String) -> Bool { kioskSettings?.contains(name) ?? true }

    /// The values a tap on `entry` goes through: its own, or the layouts or languages found.
    public func choices(of entry: PageSetting) -> [String?] {
        switch entry.name {
        case Setting.layout.name: layoutNames
        case Setting.languages.name: languageChoices.isEmpty ? [] : [nil] + languageChoices
        default: entry.choices
        }
    }

    /// The languages cell's choices: the keymap's first layout (`keymap`, `us` when unknown)
    /// with each language of `installed` (ISO 639-1 codes, `models/LANG.lm`) it does not type
    /// already, as an XKB layout name: `us,de`, `us,fr`.
    public static func languageChoices(keymap: String?, installed: [String]) -> [String] {
        let base = keymap.map { String($0.prefix { $0 != "(" }) }.flatMap { $0.isEmpty ? nil : $0 } ?? "us"
        let own = PredictionLanguage.code(xkbLayout: base)
        // A language whose XKB layout writes another (Catalan's `ca` is Canada's French) or that
        // has no plain one (Tamil, Hindi: variants of `in`, English's) is not offered.
        let layouts = installed.sorted().filter { $0 != own }.compactMap { language -> String? in
            let layout = xkbLayouts[language] ?? language
            return PredictionLanguage.code(xkbLayout: layout) == language && knownXKBLayouts.contains(layout) ? layout : nil
        }
        return layouts.map { base + "," + $0 }.filter { (try? Setting.languages.parse($0)) != nil }
    }

    /// The XKB layout that writes a language whose code is not its name (`PredictionLanguage.byLayout`'s
    /// first choice for it).
    static let xkbLayouts: [String: String] = [
        "en": "us", "uk": "ua", "ar": "ara", "bn": "bd", "cs": "cz", "da": "dk", "el": "gr", "fa": "ir",
        "fil": "ph", "he": "il", "ko": "kr", "ms": "my", "nb": "no", "sh": "hr", "sl": "si", "sv": "se",
        "ur": "pk", "vi": "vn",
    ]

    /// The plain XKB layouts (xkeyboard-config's symbols) the languages cell may name.
    static let knownXKBLayouts: Set<String> = [
        "ara", "bd", "bg", "by", "cz", "de", "dk", "ee", "es", "fi", "fr", "gr", "hr", "hu", "id", "il", "ir",
        "is", "it", "kr", "lt", "lv", "mk", "my", "nl", "no", "ph", "pk", "pl", "pt", "ro", "rs", "ru", "se",
        "si", "sk", "tr", "ua", "us", "vn",
    ]

    /// Why the page cannot change the setting named `name`; nil: it can.
    public func lock(_ name: String) -> String? {
        if let why = unavailable[name] { return why }
        if commandLine.gives(named: name) { return "set by the command line" }
        if file.gives(named: name) { return "set in config.yaml" }
        return nil
    }

    /// Keeps `text` for the setting named `name` (nil: its default, nothing kept); false when
    /// the setting is not offered (`offers`), locked, unknown, or refuses the text (then nothing changes).
    public mutating func set(_ name: String, to text: String?) -> Bool {
        guard offers(name), lock(name) == nil, let setting = Settings.all.first(where: { $0.name == name }) else { return false }
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
    /// gives (and a kiosk's file's others, unapplied but kept), each as the text its setting reads back.
    public var keptLines: [(name: String, text: String)] {
        let all = page.layered(over: aside), kept = Settings(page: all)
        return PageSetting.all.filter { all.gives(named: $0.name) }.compactMap { entry in
            kept.given.gives(named: entry.name) ? (entry.name, entry.text(in: kept)) : nil
        }
    }

    /// The page's settings in effect, by name, as `clavier status --json` reports them.
    public var pageSettings: [String: String] {
        var texts: [String: String] = [:]
        for entry in PageSetting.all { texts[entry.name] = hostValues[entry.name] ?? entry.text(in: settings) }
        return texts
    }
}
