import ArgumentParser
import ClavierCore

/// Which of the settings table's settings a command takes as options.
protocol SettingSelection {
    static var settings: [AnySetting] { get }
}

/// `run`'s: every setting (`Settings.all`).
enum EverySetting: SettingSelection {
    static var settings: [AnySetting] { Settings.all }
}

/// A command's options for the settings `Selection` names, declared by the settings table
/// alone: each option's name, help, value name and form (`--NAME VALUE`; a flag `--NAME`,
/// `--no-NAME`) come from its `Setting`, and its text is read by the setting's own check, the
/// config file's. ArgumentParser finds a command's options by reflecting over its properties;
/// here it finds one declaration made from each setting, through `customMirror`.
struct SettingOptions<Selection: SettingSelection>: ParsableArguments, CustomReflectable {
    /// The text given for each setting given, in the table's order.
    private var texts: [(setting: AnySetting, text: String)] = []

    init() {}

    init(from decoder: any Decoder) throws {
        let given = try decoder.container(keyedBy: Key.self)
        for setting in Selection.settings {
            let key = Key(stringValue: setting.name)
            let text = setting.kind == .flag
                ? try given.decode(Flag<Bool?>.self, forKey: key).wrappedValue.map { $0 ? "true" : "false" }
                : try given.decode(Option<String?>.self, forKey: key).wrappedValue
            if let text { texts.append((setting, text)) }
        }
    }

    /// The settings given, checked as the config file's are.
    func read() throws(SettingError) -> SettingsLayer {
        var layer = SettingsLayer()
        for (setting, text) in texts { try setting.read(text, into: &layer) }
        return layer
    }

    /// The settings given, over the defaults (each checked when the command line was parsed).
    var values: Settings { Settings(commandLine: (try? read()) ?? SettingsLayer()) }

    /// A value the setting refuses is a usage error: `--dock must be top or bottom, not 'left'`.
    func validate() throws {
        do { _ = try read() } catch { throw ValidationError("--\(error)") }
    }

    var customMirror: Mirror { Mirror(self, children: Self.declarations, displayStyle: .struct) }

    /// What ArgumentParser's reflection finds: one declaration for each setting, by its name.
    static var declarations: [Mirror.Child] { Selection.settings.map { (label: $0.name, value: declaration(of: $0)) } }

    /// The option ArgumentParser sees for `setting`. A number takes the next word whatever it
    /// begins with: a negative one (`--speech-rate -50`) is a value, and a wrong one is the
    /// setting's error, not a missing value.
    static func declaration(of setting: AnySetting) -> Any {
        let help = ArgumentHelp(setting.help, valueName: setting.valueName)
        return switch setting.kind {
        case .flag: Flag<Bool?>(name: .customLong(setting.name), inversion: .prefixedNo, help: help)
        case .number: Option<String?>(name: .customLong(setting.name), parsing: .unconditional, help: help)
        case .text: Option<String?>(name: .customLong(setting.name), help: help, completion: .values(of: setting))
        }
    }

    /// A setting's name as the key ArgumentParser keeps its value under.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
