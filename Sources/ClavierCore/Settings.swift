/// What the keyboard runs with: each setting from the command line, else the config file,
/// else the settings page's own file (`settings.yaml`), else its default (`Setting.defaultValue`, the one place defaults live).
public struct Settings: Equatable, Sendable {
    /// Every setting, in the order the config file's fields are listed in its messages.
    public static let all = [
        AnySetting(.layout), AnySetting(.page), AnySetting(.theme), AnySetting(.geometry), AnySetting(.float),
        AnySetting(.dock), AnySetting(.layer), AnySetting(.monitor), AnySetting(.height), AnySetting(.sound), AnySetting(.soundDevice),
        AnySetting(.kiosk), AnySetting(.learning), AnySetting(.scale), AnySetting(.preview), AnySetting(.keySize),
        AnySetting(.dwell), AnySetting(.scan), AnySetting(.scanSwitch),
        AnySetting(.autoShow), AnySetting(.autoShowInKiosk), AnySetting(.repeatDelay), AnySetting(.repeatInterval),
        AnySetting(.keyRepeat), AnySetting(.showButton), AnySetting(.hideOnHardwareKeys), AnySetting(.glide),
        AnySetting(.suggestions), AnySetting(.autoCapitalize), AnySetting(.autocorrect), AnySetting(.languages), AnySetting(.blockOffensiveWords),
        AnySetting(.clipboard), AnySetting(.backend), AnySetting(.volume),
        AnySetting(.speech), AnySetting(.speechEcho), AnySetting(.speechRate), AnySetting(.speechVolume),
    ]

    /// The values given on the command line or in the file, the precedence rules applied.
    public let given: SettingsLayer
    /// The config file's per-application rules (the command line has none).
    public let rules: [WindowRule]

    /// `page`: what the settings page kept (`settings.yaml`), under what a person wrote.
    public init(commandLine: SettingsLayer = SettingsLayer(), file: SettingsLayer = SettingsLayer(),
                page: SettingsLayer = SettingsLayer(), rules: [WindowRule] = []) {
        var file = file, page = page
        // Asking for a dock means docking, whatever place a lower level floats at.
        let docks = { (layer: SettingsLayer) in layer.gives(.dock) || layer.gives(.monitor) || layer.gives(.height) }
        if docks(commandLine) { (file[.geometry], file[.float]) = (nil, nil) }
        if docks(commandLine) || docks(file) { (page[.geometry], page[.float]) = (nil, nil) }
        var given = commandLine.layered(over: file.layered(over: page))
        // A place to float at floats the keyboard, even with `--no-float`.
        if given.gives(.geometry) { given[.float] = true }
        self.given = given
        self.rules = rules
    }

    /// The value of `setting`: given, else its default.
    public subscript<Value: SettingValue>(setting: Setting<Value>) -> Value { given[setting] ?? setting.defaultValue }

    /// How a held key repeats, given the X server's rate (`server`; nil: its auto-repeat is
    /// off): nil with `--no-repeat`, or when the server repeats nothing and no rate is asked
    /// for; otherwise the rate asked for, part by part over the server's.
    public func keyRepeat(server: KeyRepeat?) -> KeyRepeat? {
        guard self[.keyRepeat] else { return nil }
        let delay = self[.repeatDelay], interval = self[.repeatInterval]
        guard delay != nil || interval != nil else { return server }
        let base = server ?? .standard
        return KeyRepeat(delay: delay.map { .milliseconds($0) } ?? base.delay,
                         interval: interval.map { .milliseconds($0) } ?? base.interval)
    }
}

// The table: each setting once, with its default, help and check.

extension Setting<String> {
    public static let layout = Setting("layout", .text, default: "us",
        help: "The layout to show: a name (see clavier layouts) or a YAML file (default: us).") { .value($0) }
}

extension Setting<String?> {
    public static let page = Setting("page", .text, default: nil,
        help: "The page to show first (us: letters, numbers, symbols).") { .value($0) }
}

extension Setting<String> {
    public static let theme = Setting("theme", .text, default: "system",
        help: "The look: a name (system, dark, high-contrast; see clavier layouts) or a YAML file (default: system).") { .value($0) }
}

extension Setting<String?> {
    /// Kept as text: the place it stands for depends on the screen it is put on.
    public static let geometry = Setting("geometry", .text, default: nil,
        help: "Float the keyboard at WxH+X+Y (X11 geometry) instead of docking it, and remember that place.",
        valueName: "WxH+X+Y") { text in
        WindowGeometry(parsing: text) == nil ? .problem("'\(text)' is not of the form WxH+X+Y") : .value(text)
    }
}

extension Setting<Bool> {
    public static let float = flag("float", default: false,
        help: "Float the keyboard where it was last (drag it by its handle, resize it from its corner) instead of docking it.")
}

extension Setting<DockEdge> {
    public static let dock = Setting("dock", .text, default: .bottom,
        help: "Dock the keyboard along the bottom (default) or top of its monitor.", valueName: "top|bottom") { text in
        DockEdge(rawValue: text).map(Parsed.value) ?? .problem("must be top or bottom, not '\(text)'")
    }
}

extension Setting<String?> {
    public static let monitor = Setting("monitor", .text, default: nil,
        help: "The RandR monitor to dock on (see xrandr --listmonitors; default: the primary one).") { .value($0) }
}

extension Setting<DockHeight> {
    public static let height = Setting("height", .text, default: .physical,
        help: "The docked height: pixels, or a percentage of the monitor's height (default: rows 16 mm apart).",
        valueName: "PX|N%") { text in
        DockHeight(parsing: text).map(Parsed.value) ?? .problem("'\(text)' is neither pixels (300) nor a percentage (35%)")
    }
}

extension Setting<Bool> {
    public static let sound = flag("sound", default: true, help: "Click on key presses (default), or not.")
}

extension Setting<String> {
    public static let soundDevice = Setting("sound-device", .text, default: "default",
        help: "The ALSA device for the click (default: default).") { .value($0) }
}

extension Setting<Bool> {
    public static let kiosk = flag("kiosk", default: false,
        help: "Kiosk mode: the keyboard cannot be quit, hidden or moved, and types no combination that leaves a kiosk.")

    public static let learning = flag("learning", default: true,
        help: "Learn the words you type to suggest them (default), or keep nothing. Never learned: a password field, a kiosk keyboard unless its config says learning: true.")
}

extension Setting<Double?> {
    /// The HiDPI factor; nil: from Xft.dpi or the monitor (`DisplayScale.detect`).
    public static let scale = Setting("scale", .number, default: nil,
        help: "Draw the floating keyboard's handle and grip this many times their 96 dpi size (default: from Xft.dpi, else the monitor's size).",
        valueName: "FACTOR") { number($0, in: DisplayScale.range) }

    /// The number `text` stands for when it lies in `range`, else what is wrong with it.
    static func number(_ text: String, in range: ClosedRange<Double>) -> Parsed {
        guard let number = Double(text) else { return .problem("must be a number") }
        return range.contains(number) ? .value(number) : .problem("\(number) is not between \(range.lowerBound) and \(range.upperBound)")
    }

    /// The key pitch in millimetres; nil: rows 16 mm apart docked, and a floating size of
    /// its own (`KeySize`).
    public static let keySize = Setting("key-size", .number, default: nil,
        help: "Keys this many millimetres apart on the monitor, for bigger targets: the docked rows, and the floating keyboard's size (default: rows 16 mm apart, a floating size of the layout's own).",
        valueName: "MM") { number($0, in: KeySize.range) }
}

extension PreviewMode: SettingValue {}

extension Setting where Value: RawRepresentable<String> & CaseIterable {
    /// The value named `text`, or which names there are.
    static func named(_ text: String) -> Parsed {
        if let value = Value(rawValue: text) { return .value(value) }
        let names = Value.allCases.map(\.rawValue)
        return .problem("must be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""), not '\(text)'")
    }
}

extension Setting<PreviewMode> {
    public static let preview = Setting("preview", .text, default: .touch,
        help: "Show a magnified copy of a held key above it: always, for touch only (default; a finger hides the key, a mouse does not), or never.",
        valueName: "always|touch|never") { named($0) }
}

extension Setting<Int?> {
    /// ms; nil: no dwell (a click presses).
    public static let dwell = Setting("dwell", .number, default: nil,
        help: "Press a key by resting the pointer on it this many milliseconds, for a head pointer or eye tracker (default: off).",
        valueName: "MS") { text in milliseconds(text, in: Self.dwellRange) }

    /// ms; nil: no scanning, or (with two switches) a step switch instead of a clock.
    public static let scan = Setting("scan", .number, default: nil,
        help: "Switch scanning: highlight rows, then keys, one after another every this many milliseconds; the switch key selects (default: off).",
        valueName: "MS") { text in milliseconds(text, in: Self.scanRange) }

    /// What a person can rest or wait for: shorter presses keys by accident, longer is a nap.
    public static let dwellRange = 100...10_000
    public static let scanRange = 200...10_000

    /// ms; nil: the X server's (XKB) repeat delay (usually 660).
    public static let repeatDelay = milliseconds("repeat-delay", in: 150...3_000,
        help: "Hold a key this many milliseconds before it repeats, 150 to 3000 (default: the X server's delay, usually 660).")

    /// ms; nil: the X server's (XKB) repeat interval (usually 40). The bounds of both: long
    /// enough for a hand with tremor to let go in time, short enough to be a repeat.
    public static let repeatInterval = milliseconds("repeat-interval", in: 20...1_000,
        help: "Repeat a held key every this many milliseconds, 20 to 1000 (default: the X server's interval, usually 40).")

    /// A number of milliseconds in `range`, nil by default.
    static func milliseconds(_ name: String, in range: ClosedRange<Int>, help: String) -> Setting {
        Setting(name, .number, default: nil, help: help, valueName: "MS") { text in milliseconds(text, in: range) }
    }

    static func milliseconds(_ text: String, in range: ClosedRange<Int>) -> Parsed {
        guard let ms = Int(text) else { return .problem("must be a whole number of milliseconds, not '\(text)'") }
        return range.contains(ms) ? .value(ms) : .problem("\(ms) is not between \(range.lowerBound) and \(range.upperBound) ms")
    }
}

extension Setting<[String]> {
    /// Keysym names; the X side finds their keycodes in the live keymap.
    public static let scanSwitch = Setting("scan-switch", .text, default: ["F9"],
        help: "The switch key(s) for --scan, grabbed so no application sees them: one selects; with two (F9,F10) the first steps and the second selects, with no clock (default: F9). On Wayland the pointer's buttons anywhere on the keyboard: button1 (the left, or a touch; the default there), button3,button1 (the right steps).",
        valueName: "KEYSYM[,KEYSYM]") { text in
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard (1...2).contains(names.count), !names.contains(where: \.isEmpty) else {
            return .problem("must be one or two keysym names separated by a comma, not '\(text)'")
        }
        guard Set(names).count == names.count else { return .problem("names the same key twice") }
        if let refused = names.lazy.compactMap({ ScanSwitchKeys.refusal(name: $0) }).first { return .problem(refused) }
        return .value(names)
    }
}

extension String {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}

extension Setting<Bool> {
    public static let autoShow = flag("auto-show", default: false,
        help: "Show the keyboard when a text field gets the focus and hide it when the focus leaves (AT-SPI), or leave that to you.")

    /// Off, because a kiosk keyboard is otherwise always there: it never hides.
    public static let autoShowInKiosk = flag("auto-show-in-kiosk", default: false,
        help: "Let --auto-show show and hide a kiosk keyboard too, or keep it always shown.")

    public static let keyRepeat = flag("repeat", default: true,
        help: "Repeat a held key (default), or type it once however long it is held.")
}

extension Setting<Bool> {
    /// When not given: on, unless the keyboard is a kiosk's (always shown) or auto-show
    /// brings it back (`Settings.showsButton`).
    public static let showButton = flag("show-button", default: true,
        help: "While the keyboard is hidden, float a small button (drag it anywhere) that shows it again, and put an icon "
            + "that shows and hides it in the system tray, where there is one (default: on, unless --kiosk or --auto-show).")
}

extension Setting<Bool> {
    /// When not given: as auto-show (`Settings.hidesOnHardwareKeys`), which brings it back.
    public static let hideOnHardwareKeys = flag("hide-on-hardware-keys", default: false,
        help: "Hide the keyboard when a key is pressed on a real keyboard (not typed by Clavier or through XTest), "
            + "until the next text field gets the focus (default: on with --auto-show).")
}

extension Settings {
    /// Whether a key on a hardware keyboard hides the keyboard: as given, else with auto-show.
    public var hidesOnHardwareKeys: Bool {
        given.gives(.hideOnHardwareKeys) ? self[.hideOnHardwareKeys] : self[.autoShow]
    }
}

extension Setting<Bool> {
    /// A setting that is on or off: `true`/`false` in the file, `--NAME`/`--no-NAME` on the command line.
    static func flag(_ name: String, default defaultValue: Bool, help: String) -> Setting {
        Setting(name, .flag, default: defaultValue, help: help) { text in
            switch text {
            case "true": .value(true)
            case "false": .value(false)
            default: .problem("must be true or false")
            }
        }
    }

    /// A setting written `on` or `off`, in the file as on the command line (`--NAME on|off`).
    static func onOff(_ name: String, default defaultValue: Bool, help: String) -> Setting {
        Setting(name, .text, default: defaultValue, help: help, valueName: "on|off") { text in
            switch text {
            case "on": .value(true)
            case "off": .value(false)
            default: .problem("must be on or off, not '\(text)'")
            }
        }
    }
}

extension Setting<Bool> {
    /// On: a drag from a letter over other letters types a word (pages without letters, as
    /// on pin and phone, never start one).
    public static let glide = onOff("glide", default: true,
        help: "Glide typing: draw a word over the letters to type it, on (default) or off.")
}

extension Setting<Bool> {
    /// On: the last texts copied are offered on the bar while the field is empty (the
    /// clipboard strip, Session+Clipboard.swift); never in a kiosk (Session+Kiosk.swift).
    public static let clipboard = onOff("clipboard", default: true,
        help: "The clipboard strip: the last texts copied, offered on the suggestion bar while the field is empty, a tap types one, a long press pins it; on (default) or off. Never in a kiosk nor a password field; kept in memory only, except the texts pinned.")
}

extension Setting<Bool> {
    /// On (block): offensive words (each language's list, Assets/offensive) are never offered
    /// by the bar or glide typing unless the user typed them in full before.
    public static let blockOffensiveWords = Setting("offensive-words", .text, default: true,
        help: "Offensive words (slurs, obscenities): never offered by the suggestion bar or glide typing unless you typed them in full before (block, default), or offered like any word (allow).",
        valueName: "allow|block") { text in
        switch text {
        case "block": .value(true)
        case "allow": .value(false)
        default: .problem("must be allow or block, not '\(text)'")
        }
    }
}

extension Setting<Int> {
    /// The click's loudness in percent of the recorded click.
    public static let volume = Setting("volume", .number, default: 100,
        help: "The click's loudness in percent, 5 to 100 (default: 100; --no-sound for none).",
        valueName: "PERCENT") { text in
        guard let n = Int(text) else { return .problem("must be a whole number, not '\(text)'") }
        return (5...100).contains(n) ? .value(n) : .problem("\(n) is not between 5 and 100")
    }

    public static let suggestions = Setting("suggestions", .number, default: AccessoryBar.completionSlots,
        help: "Offer this many words above the keys of text layouts: next words, then completions as you type (0 to 5, default: 3; 0: no bar).",
        valueName: "N") { text in
        guard let n = Int(text) else { return .problem("must be a whole number, not '\(text)'") }
        let range = AccessoryBar.slotRange
        return range.contains(n) ? .value(n) : .problem("\(n) is not between \(range.lowerBound) and \(range.upperBound)")
    }
}

extension CapitalizeMode: SettingValue {}

extension Setting<CapitalizeMode> {
    public static let autoCapitalize = Setting("auto-capitalize", .text, default: .prose,
        help: "Latch Shift for a sentence's first letter: in fields the accessibility bus says are prose (default; needs --auto-show), always (not in terminals, passwords, e-mail or URL fields), or never.",
        valueName: "prose|always|never") { named($0) }
    public static let autocorrect = Setting("autocorrect", .text, default: .prose,
        help: "Replace a word as it ends (space, punctuation, Return) by the likeliest word given where each key was tapped and the words before, offered first on the bar as you type (BackSpace takes it back): in fields the accessibility bus says are prose (default; needs --auto-show), always (not in terminals, passwords, e-mail, URL or number fields), or never.",
        valueName: "prose|always|never") { named($0) }
}
