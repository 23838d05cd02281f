import ArgumentParser
import ClavierCore

// ArgumentParser declares options as properties, so it cannot take them from a table at run
// time; these let each declaration take its name and help from its `Setting`.

extension NameSpecification {
    /// `--NAME` of `setting` (with `inversion: .prefixedNo`, also `--no-NAME`).
    static func setting<Value>(_ setting: Setting<Value>) -> NameSpecification { .customLong(setting.name) }
}

extension ArgumentHelp {
    /// The help `setting` declares, with its value's name.
    static func setting<Value>(_ setting: Setting<Value>) -> ArgumentHelp {
        ArgumentHelp(setting.help, valueName: setting.valueName)
    }
}

extension SettingsLayer {
    /// Sets `setting` from an argument ArgumentParser has already typed (a flag, a number),
    /// through its text, so that the setting's own check applies as to the config file's.
    mutating func read<Value: SettingValue>(_ setting: Setting<Value>, _ argument: (some LosslessStringConvertible)?) throws(SettingError) {
        try read(setting, argument?.description)
    }
}
