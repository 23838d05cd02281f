/// The settings one source gives (the command line, or the config file), each one present
/// or not; `Settings` puts the layers over each other and over the defaults.
public struct SettingsLayer: Equatable, Sendable {
    /// By setting name; an optional setting's nil is never kept, so a key present is a value given.
    private var values: [String: any SettingValue] = [:]

    public init() {}

    /// The value this layer gives `setting`, or nil; setting nil (or an optional's nil) removes it.
    public subscript<Value: SettingValue>(setting: Setting<Value>) -> Value? {
        get { values[setting.name].flatMap { $0 as? Value } }
        set { values[setting.name] = newValue?.kept }
    }

    /// Sets the setting named `name` (for `AnySetting`, which knows the name but not the `Setting`).
    mutating func keep(_ value: some SettingValue, as name: String) { values[name] = value.kept }

    /// Whether this layer gives `setting` a value.
    public func gives<Value>(_ setting: Setting<Value>) -> Bool { values[setting.name] != nil }

    /// Sets `setting` to the value `text` stands for; nil text leaves it as it is.
    public mutating func read<Value: SettingValue>(_ setting: Setting<Value>, _ text: String?) throws(SettingError) {
        guard let text else { return }
        self[setting] = try setting.parse(text)
    }

    /// This layer's values, and `lower`'s for the settings this one does not give.
    public func layered(over lower: SettingsLayer) -> SettingsLayer {
        var merged = lower
        merged.values.merge(values) { _, upper in upper }
        return merged
    }

    /// Whether this layer gives the setting named `name` (the settings page knows names).
    public func gives(named name: String) -> Bool { values[name] != nil }

    /// Takes the setting named `name` out of this layer.
    public mutating func remove(named name: String) { values[name] = nil }

    /// Whether this layer gives no setting at all.
    public var isEmpty: Bool { values.isEmpty }

    public static func == (a: SettingsLayer, b: SettingsLayer) -> Bool {
        a.values.count == b.values.count
            && a.values.allSatisfy { name, value in b.values[name].map(value.isEqual) ?? false }
    }
}
