import ClavierBuiltins
@testable import ClavierCore
import Testing

struct SettingsTests {
    /// Two values of each setting other than its default: one for the command line, one for the file.
    static let samples: [String: (commandLine: String, file: String)] = [
        "layout": ("terminal", "phone"), "page": ("numbers", "symbols"), "theme": ("dark", "high-contrast"),
        "geometry": ("800x260+0-0", "640x200+10+10"), "float": ("true", "false"), "dock": ("top", "bottom"), "layer": ("overlay", "top"),
        "monitor": ("HDMI-1", "DP-2"), "height": ("35%", "300"), "sound": ("false", "true"),
        "sound-device": ("hw:1", "hw:2"), "kiosk": ("true", "false"), "learning": ("false", "true"), "scale": ("2", "1.5"),
        "preview": ("always", "never"), "key-size": ("20", "12.5"), "dwell": ("400", "1200"), "scan": ("300", "800"),
        "scan-switch": ("F9,F10", "Pause"),
        "auto-show": ("true", "false"), "auto-show-in-kiosk": ("false", "true"),
        "repeat-delay": ("300", "1200"), "repeat-interval": ("50", "100"), "repeat": ("false", "true"),
        "show-button": ("false", "true"), "hide-on-hardware-keys": ("true", "false"), "glide": ("off", "on"),
        "suggestions": ("5", "0"), "auto-capitalize": ("always", "never"), "autocorrect": ("always", "never"), "languages": ("us,de,ru", "de,fr"),
        "offensive-words": ("allow", "block"), "clipboard": ("off", "on"),
        "backend": ("wayland", "x11"),
        "volume": ("40", "80"), "speech": ("on", "off"), "speech-echo": ("on", "off"),
        "speech-rate": ("-50", "30"), "speech-volume": ("100", "-100"),
    ]

    static func layer(_ setting: AnySetting, _ text: String) throws -> SettingsLayer {
        var layer = SettingsLayer()
        try setting.read(text, into: &layer)
        return layer
    }

    /// What a layer gives once a geometry in it has floated the keyboard.
    static func floated(_ layer: SettingsLayer) -> SettingsLayer {
        var layer = layer
        if layer.gives(.geometry) { layer[.float] = true }
        return layer
    }

    @Test func everySettingHasSamples() {
        #expect(Set(Settings.all.map(\.name)) == Set(Self.samples.keys))
        #expect(Set(Settings.all.map(\.name)).count == Settings.all.count, "a name is declared twice")
    }

    @Test(arguments: Settings.all.map(\.name))
    func theCommandLineBeatsTheFileWhichBeatsTheDefault(name: String) throws {
        let setting = try #require(Settings.all.first { $0.name == name })
        let (cli, file) = try #require(Self.samples[name])
        let commandLine = try Self.layer(setting, cli), inFile = try Self.layer(setting, file)
        #expect(Settings(commandLine: commandLine, file: inFile).given == Self.floated(commandLine))
        #expect(Settings(commandLine: SettingsLayer(), file: inFile).given == Self.floated(inFile))
        #expect(Settings(commandLine: commandLine).given == Self.floated(commandLine))
        #expect(Settings().given.isEmpty)
    }

    /// With nothing given, nothing is: every value is the table's own default, and what the
    /// defaults name exists (the built-in layout).
    @Test func nothingGivenMeansTheTablesDefaults() {
        let s = Settings()
        #expect(s.given.isEmpty && s.rules.isEmpty)
        #expect(Layout.builtin[s[.layout]] != nil, "the default layout is built in")
    }

    /// The repeat a held key gets: the server's unless a rate is asked for, part by part;
    /// none with --no-repeat; a rate asked for even where the server repeats nothing.
    @Test func theKeyRepeatIsTheServersUnlessTheSettingsSayOtherwise() {
        let server = KeyRepeat(delay: .milliseconds(500), interval: .milliseconds(30))
        #expect(Settings().keyRepeat(server: server) == server)
        #expect(Settings().keyRepeat(server: nil) == nil, "the user turned the server's auto-repeat off")
        var cli = SettingsLayer()
        cli[.repeatDelay] = 1500
        #expect(Settings(commandLine: cli).keyRepeat(server: server) == KeyRepeat(delay: .milliseconds(1500), interval: .milliseconds(30)))
        #expect(Settings(commandLine: cli).keyRepeat(server: nil) == KeyRepeat(delay: .milliseconds(1500), interval: .milliseconds(40)))
        cli[.keyRepeat] = false
        #expect(Settings(commandLine: cli).keyRepeat(server: server) == nil)
    }

    @Test func aDockOnTheCommandLineBeatsAFloatingPlaceInTheFile() throws {
        var file = SettingsLayer()
        file[.geometry] = "800x260+0+0"
        file[.float] = true
        file[.sound] = false
        for dock in [Setting.dock.name, Setting.monitor.name, Setting.height.name] {
            let setting = try #require(Settings.all.first { $0.name == dock })
            let s = Settings(commandLine: try Self.layer(setting, try #require(Self.samples[dock]).commandLine), file: file)
            #expect(s[.geometry] == nil && s[.float] == false, "--\(dock)")
            #expect(s[.sound] == false, "--\(dock) keeps the file's other settings")
        }
        var cli = SettingsLayer()
        cli[.layout] = "terminal"
        #expect(Settings(commandLine: cli, file: file)[.geometry] == "800x260+0+0", "no dock asked: the file's place stands")
        cli[.dock] = .top
        cli[.float] = true
        #expect(Settings(commandLine: cli, file: file)[.float] == true, "--float with --dock floats")
    }

    @Test func aGeometryFloatsTheKeyboard() {
        var file = SettingsLayer()
        file[.geometry] = "800x260+0+0"
        file[.float] = false
        #expect(Settings(file: file)[.float] == true)
        var cli = SettingsLayer()
        cli[.geometry] = "640x200+0+0"
        cli[.float] = false
        #expect(Settings(commandLine: cli)[.float] == true, "--geometry beats --no-float")
        #expect(Settings(commandLine: cli, file: file)[.geometry] == "640x200+0+0")
    }

    /// Help texts state the defaults, so they are held to the table's.
    @Test func theHelpStatesEachDefault() {
        let texts: [Setting<String>] = [.layout, .theme, .soundDevice]
        let flags: [Setting<Bool>] = [.float, .sound, .kiosk, .learning, .autoShow, .autoShowInKiosk, .keyRepeat]
        for text in texts { #expect(text.help.contains("(default: \(text.defaultValue))"), "\(text.name)") }
        for flag in flags { #expect(flag.help.contains("(default)") == flag.defaultValue, "\(flag.name)") }
        #expect(Setting.dock.help.contains("\(Setting.dock.defaultValue) (default)"))
        #expect(Setting.preview.help.contains("\(Setting.preview.defaultValue.rawValue) only (default"))
        #expect(Setting.glide.help.contains("on (default)"))
        #expect(Setting.clipboard.help.contains("on (default)") && Setting.clipboard.defaultValue)
        #expect(Setting.speech.help.contains("on or off (default)") && !Setting.speech.defaultValue)
        #expect(Setting.speechEcho.help.contains("on or off (default)") && !Setting.speechEcho.defaultValue)
        #expect(Setting.speechRate.help.contains("(default: \(Setting.speechRate.defaultValue))"))
        #expect(Setting.speechVolume.help.contains("(default: \(Setting.speechVolume.defaultValue))"))
        #expect(Setting.blockOffensiveWords.help.contains("(block, default)") && Setting.blockOffensiveWords.defaultValue)
        #expect(Setting.dwell.help.contains("(default: off)") && Setting.scan.help.contains("(default: off)"))
        #expect(Setting.suggestions.help.contains("default: \(Setting.suggestions.defaultValue);"))
        #expect(Setting.autoCapitalize.help.contains("\(Setting.autoCapitalize.defaultValue.rawValue) (default"))
        #expect(Setting.autocorrect.help.contains("\(Setting.autocorrect.defaultValue.rawValue) (default"))
        #expect(Setting.backend.help.contains("\(Setting.backend.defaultValue.rawValue) (default"))
        #expect(Setting.layer.help.contains("\(Setting.layer.defaultValue.rawValue) (default, unless --kiosk"))
        #expect(Setting.volume.help.contains("(default: \(Setting.volume.defaultValue);"))
        #expect(Setting.scanSwitch.help.contains("(default: \(Setting.scanSwitch.defaultValue.joined(separator: ",")))"))
        // Those whose default is not a value state how it is found (the primary monitor, rows 16 mm apart).
        let described = [Setting.page.name, Setting.geometry.name, Setting.monitor.name, Setting.height.name, Setting.scale.name,
                         Setting.keySize.name, Setting.dwell.name, Setting.scan.name, Setting.scanSwitch.name,
                         Setting.repeatDelay.name, Setting.repeatInterval.name,
                         Setting.showButton.name, Setting.hideOnHardwareKeys.name, Setting.languages.name]
        // Those whose default follows other settings say which.
        #expect(Setting.showButton.help.contains("(default: on, unless --kiosk or --auto-show)"))
        #expect(Setting.hideOnHardwareKeys.help.contains("(default: on with --auto-show)"))
        #expect(Set(Settings.all.map(\.name)) == Set(texts.map(\.name) + flags.map(\.name) + [Setting.dock.name, Setting.preview.name, Setting.glide.name,
                                                             Setting.suggestions.name, Setting.autoCapitalize.name, Setting.autocorrect.name,
                                                             Setting.blockOffensiveWords.name, Setting.backend.name, Setting.layer.name, Setting.clipboard.name, Setting.volume.name,
                                                             Setting.speech.name, Setting.speechEcho.name,
                                                             Setting.speechRate.name, Setting.speechVolume.name] + described))
        for setting in Settings.all { #expect(setting.help.hasSuffix("."), "\(setting.name)") }
    }

    @Test func languagesAreTwoToFourXKBLayoutsAndMakeXKBTheDefaultLayout() throws {
        #expect(try Setting.languages.parse("us, de,ru") == ["us", "de", "ru"])
        #expect(throws: SettingError.self) { try Setting.languages.parse("us") }
        #expect(throws: SettingError.self) { try Setting.languages.parse("us,de,ru,fr,it") }
        #expect(throws: SettingError.self) { try Setting.languages.parse("us,De") }
        #expect(throws: SettingError.self) { try Setting.languages.parse("us,,de") }
        #expect(throws: SettingError.self) { try Setting.languages.parse("us,us") }
        #expect(Settings().layoutName == "us")
        #expect(Settings(file: try Self.layer(AnySetting(.languages), "us,de")).layoutName == "xkb")
        var both = try Self.layer(AnySetting(.languages), "us,de")
        try AnySetting(.layout).read("pc", into: &both)
        #expect(Settings(commandLine: both).layoutName == "pc")
    }

    @Test func aidsReadMillisecondsAndOneOrTwoSwitches() throws {
        #expect(try Setting.dwell.parse("400") == 400)
        #expect(throws: SettingError.invalid(setting: "dwell", problem: "50 is not between 100 and 10000 ms")) { try Setting.dwell.parse("50") }
        #expect(throws: SettingError.self) { try Setting.scan.parse("0.3") }
        #expect(try Setting.scanSwitch.parse("F9, F10") == ["F9", "F10"])
        for bad in ["", "F9,", "F9,F10,F11", "F9,F9"] {
            #expect(throws: SettingError.self, "\(bad)") { try Setting.scanSwitch.parse(bad) }
        }
        #expect(Settings()[.dwell] == nil && Settings()[.scan] == nil && Settings()[.scanSwitch] == ["F9"])
    }
}

@Suite struct ShowButtonSettingTests {
    @Test func theButtonIsOnUnlessKioskOrAutoShow() throws {
        #expect(Settings().showsButton)
        var kiosk = SettingsLayer(), autoShow = SettingsLayer()
        kiosk[.kiosk] = true
        autoShow[.autoShow] = true
        #expect(!Settings(commandLine: kiosk).showsButton)
        #expect(!Settings(file: autoShow).showsButton)
        // Asked for, it is there all the same; refused, it is not.
        kiosk[.showButton] = true
        #expect(Settings(commandLine: kiosk).showsButton)
        var off = SettingsLayer()
        off[.showButton] = false
        #expect(!Settings(commandLine: off).showsButton)
    }

    @Test func hardwareKeysHideWithAutoShowUnlessToldOtherwise() {
        #expect(!Settings().hidesOnHardwareKeys)
        var autoShow = SettingsLayer()
        autoShow[.autoShow] = true
        #expect(Settings(file: autoShow).hidesOnHardwareKeys)
        var off = SettingsLayer()
        off[.hideOnHardwareKeys] = false
        #expect(!Settings(commandLine: off, file: autoShow).hidesOnHardwareKeys)
        var on = SettingsLayer()
        on[.hideOnHardwareKeys] = true
        #expect(Settings(commandLine: on).hidesOnHardwareKeys)
    }
}
