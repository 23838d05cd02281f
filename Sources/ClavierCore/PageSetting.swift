/// One setting as the settings page offers it: its title, the values a tap goes through (as
/// the setting's own text, read by its `Setting` like a config file's), and how the value in
/// effect is found and shown. The page is a short list a person changes from the keyboard
/// alone (`PageSetting.all`); everything else stays the command line's and the config's.
public struct PageSetting: Sendable {
    /// The setting's name, as in config.yaml and settings.yaml.
    public let name: String
    public let title: String
    /// The values a tap goes through, in order; nil: the setting's default (nothing kept).
    public let choices: [String?]
    /// −/+ (a number stepped) rather than one tap to the next value, round.
    public let stepped: Bool
    /// The choice the settings in effect stand for (nil: the default).
    let current: @Sendable (Settings) -> String?
    /// How a choice reads on the page: `18 mm`, `on`, `off`.
    let shown: @Sendable (String?) -> String
    /// What a change does: the session's part and the host's (SettingChange.swift).
    public let session: SessionPart
    public let host: HostPart

    init(_ name: String, _ title: String, _ choices: [String?], stepped: Bool = false,
         current: @escaping @Sendable (Settings) -> String?, shown: @escaping @Sendable (String?) -> String,
         session: SessionPart = .none, host: HostPart = .none) {
        (self.name, self.title, self.choices, self.stepped) = (name, title, choices, stepped)
        (self.current, self.shown, self.session, self.host) = (current, shown, session, host)
    }

    /// The text of the value in effect under `settings`, as `status --json` reports it.
    public func text(in settings: Settings) -> String { current(settings) ?? "default" }

    /// How the value in effect reads on the page.
    public func value(in settings: Settings) -> String { shown(current(settings)) }

    /// The choice after (or before, `back`) the one in effect; a value the page does not
    /// offer (a theme file, 17 mm) goes to the first. Stepped settings stop at their ends.
    /// `offered`: the choices of now where they are not known before the start (the layouts
    /// found, `SettingsSources.choices(of:)`).
    public func next(after settings: Settings, back: Bool = false, among offered: [String?]? = nil) -> String? {
        let choices = offered ?? choices, now = current(settings)
        guard let index = choices.firstIndex(of: now) else { return choices.first ?? nil }
        if stepped { return choices[min(max(index + (back ? -1 : 1), 0), choices.count - 1)] }
        return choices[(index + (back ? choices.count - 1 : 1)) % choices.count]
    }
}

extension PageSetting {
    /// What the page offers, in the order of its cells: the goal a new user is given first
    /// (bigger keys, the click, dwell), then the words, then the rest.
    public static let all: [PageSetting] = [
        PageSetting("key-size", "Key size", ["12", "14", "16", "18", "20", "22", "24"], stepped: true,
                    current: { $0[.keySize].map(number) ?? "16" }, shown: { "\($0 ?? "16") mm" }, host: .place),
        // A share of the monitor (pixels differ from one monitor to the next); the default
        // follows the key size. A docked keyboard is placed again at once; a floating one ignores it.
        PageSetting("height", "Keyboard height", [nil, "20%", "25%", "30%", "35%", "40%", "45%", "50%"], stepped: true,
                    current: { height($0[.height]) }, shown: { $0.map { $0.hasSuffix("%") ? "\($0.dropLast()) %" : "\($0) px" } ?? "by key size" }, host: .place),
        flag(.sound, "Click", host: .sound),
        PageSetting("volume", "Click volume", ["25", "50", "75", "100"], stepped: true,
                    current: { String($0[.volume]) }, shown: { "\($0 ?? "100") %" }, host: .volume),
        PageSetting("dwell", "Dwell", [nil, "500", "750", "1000", "1500", "2000", "3000"], stepped: true,
                    current: { $0[.dwell].map(String.init) }, shown: { $0.map { "\($0) ms" } ?? "off" }, session: .dwell),
        // Its choices are the layouts found at start (`SettingsSources.layoutNames`), as
        // `clavier layouts` lists them; the session loads the one chosen at once.
        PageSetting("layout", "Layout", [], current: { $0.layoutName }, shown: { $0 ?? "us" }, session: .layout),
        // Its choices are the keymap's first language with each other one whose words are
        // installed (`SettingsSources.languageChoices`); the X keymap's groups are made again
        // at once (`KeymapGroups`; locked on Wayland).
        PageSetting("languages", "Languages", [],
                    current: { $0[.languages].isEmpty ? nil : $0[.languages].joined(separator: ",") },
                    shown: { $0.map { $0.split(separator: ",").joined(separator: ", ") } ?? "keymap's own" },
                    session: .languages, host: .languages),
        PageSetting("theme", "Theme", ["system", "dark", "high-contrast"], current: { $0[.theme] }, shown: { $0 ?? "system" }, host: .theme),
        PageSetting("suggestions", "Suggestions", ["0", "1", "2", "3", "4", "5"], stepped: true,
                    current: { String($0[.suggestions]) }, shown: { $0 == "0" ? "none" : $0 ?? "3" }, host: .keyboard),
        PageSetting("glide", "Glide typing", ["on", "off"], current: { $0[.glide] ? "on" : "off" }, shown: { $0 ?? "on" }, session: .glide),
        PageSetting("autocorrect", "Autocorrect", ["prose", "always", "never"],
                    current: { $0[.autocorrect].rawValue }, shown: { $0 ?? "prose" }, session: .autocorrect),
        PageSetting("preview", "Key preview", ["touch", "always", "never"],
                    current: { $0[.preview].rawValue }, shown: { $0 ?? "touch" }, host: .preview),
        PageSetting("repeat-delay", "Repeat delay", [nil, "300", "500", "1000", "1500", "2000"], stepped: true,
                    current: { $0[.repeatDelay].map(String.init) }, shown: { $0.map { "\($0) ms" } ?? "standard" }, host: .keyboard),
        PageSetting("repeat-interval", "Repeat interval", [nil, "25", "40", "60", "100", "150", "250", "500"], stepped: true,
                    current: { $0[.repeatInterval].map(String.init) }, shown: { $0.map { "\($0) ms" } ?? "standard" }, host: .keyboard),
        flag(.learning, "Learn words", host: .learning),
        // These five are the hosts' watches and windows, made or let go as a tap changes them
        // (XHost+Watches.swift, WaylandHost+Settings.swift): the focus watch, the window docked or
        // floating, the show button, the hardware keys' watch, the scan switches' grab.
        PageSetting("auto-show", "Auto-show", ["true", "false"],
                    current: { String($0[.autoShow]) }, shown: { $0 == "true" ? "on" : "off" }, session: .autoShow, host: .watches),
        PageSetting("float", "Position", ["false", "true"],
                    current: { String($0[.float]) }, shown: { $0 == "true" ? "floating" : "docked" }, host: .float),
        // Each shows what is in effect, its default (following auto-show and kiosk) included.
        PageSetting("show-button", "Show button", ["true", "false"],
                    current: { String($0.showsButton) }, shown: { $0 == "true" ? "on" : "off" }, host: .watches),
        PageSetting("hide-on-hardware-keys", "Hide on hardware keys", ["true", "false"],
                    current: { String($0.hidesOnHardwareKeys) }, shown: { $0 == "true" ? "on" : "off" }, host: .watches),
        PageSetting("scan", "Scanning", [nil, "500", "750", "1000", "1500", "2000", "3000"], stepped: true,
                    current: { $0[.scan].map(String.init) }, shown: { $0.map { "\($0) ms" } ?? "off" }, host: .scan),
        // One switch each: keys no shipped layout but pc types with (a switch grabbed from the
        // server takes its key from the keys on screen, and space or Return would select
        // instead of typing). Grabbed again at once while scanning runs.
        PageSetting("scan-switch", "Scan switch", ["F9", "F10", "F11", "F12", "Pause"],
                    current: { $0[.scanSwitch].joined(separator: ",") }, shown: { $0 ?? "F9" }, host: .scan),
        // The voice is the app's (`Speaker`), made or let go at once; the scan's prompts follow.
        PageSetting("speech", "Speech", ["on", "off"], current: { $0[.speech] ? "on" : "off" }, shown: { $0 ?? "off" }, host: .voice),
    ]

    /// The page's entry for the setting named `name`.
    public static func named(_ name: String) -> PageSetting? { all.first { $0.name == name } }

    /// An on/off setting, `true`/`false` as config.yaml writes it.
    static func flag(_ setting: Setting<Bool>, _ title: String, host: HostPart = .none) -> PageSetting {
        PageSetting(setting.name, title, ["true", "false"],
                    current: { String($0[setting]) }, shown: { $0 == "false" ? "off" : "on" }, host: host)
    }

    /// `35%`, `300` (pixels), nil for the default: as `height` reads it back.
    static func height(_ value: DockHeight) -> String? {
        switch value {
        case .physical: nil
        case .pixels(let px): String(px)
        case .percent(let p): number(p) + "%"
        }
    }

    /// `18` for 18.0, `17.5` otherwise: as a person writes a size.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
