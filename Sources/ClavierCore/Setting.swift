/// How a setting is written: as text, as `true`/`false` (a flag: `--sound`, `--no-sound`),
/// or as a number.
public enum SettingKind: Hashable, Sendable {
    case text, flag, number
}

/// What is wrong with the text given for a setting.
public enum SettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `problem` reads after the setting's name: `height` `'x' is neither pixels (300) nor a percentage (35%)`.
    case invalid(setting: String, problem: String)

    public var description: String {
        switch self {
        case .invalid(let setting, let problem): "\(setting) \(problem)"
        }
    }
}

/// A type a setting's value can have; a `SettingsLayer` keeps values as `any SettingValue`.
public protocol SettingValue: Hashable, Sendable {
    /// The value a layer keeps: itself, or nil for an optional's nil, which sets nothing.
    var kept: (any SettingValue)? { get }
}

extension SettingValue {
    public var kept: (any SettingValue)? { self }

    func isEqual(to other: any SettingValue) -> Bool { (other as? Self) == self }
}

extension Optional: SettingValue where Wrapped: SettingValue {
    public var kept: (any SettingValue)? { self?.kept }
}

extension String: SettingValue {}
extension Bool: SettingValue {}
extension Double: SettingValue {}
extension Int: SettingValue {}
extension Array: SettingValue where Element == String {}
extension DockEdge: SettingValue {}
extension DockHeight: SettingValue {}

/// One of Clavier's settings, declared once (`Settings.all`): its name in the config file
/// and as a long option (`sound-device`, `--sound-device`), its default, its help, and how
/// its value is read from text, with the check a config file and a command line share.
// `Value` is required to be a `SettingValue` only where a value is kept: a requirement on the
// type itself is checked by the runtime as each `Setting<…>` is first made, by a scan of every
// protocol conformance in the process.
public struct Setting<Value: Sendable>: Sendable {
    public let name: String
    public let kind: SettingKind
    /// The value when neither the command line nor the config file gives one; nil for a
    /// setting that has none (the layout's first page, the primary monitor).
    public let defaultValue: Value
    /// One or two sentences for `--help`, the default included.
    public let help: String
    /// What `--help` shows for the value (`WxH+X+Y`); nil: the setting's name.
    public let valueName: String?
    let parser: @Sendable (String) -> Parsed

    /// The outcome of reading a text: a value, or what is wrong with the text.
    enum Parsed {
        case value(Value)
        case problem(String)
    }

    init(_ name: String, _ kind: SettingKind, default defaultValue: Value, help: String, valueName: String? = nil,
         parse parser: @escaping @Sendable (String) -> Parsed) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
        self.valueName = valueName
        self.parser = parser
    }

    /// The value `text` stands for, or an error naming the setting and what is wrong.
    public func parse(_ text: String) throws(SettingError) -> Value { try Self.parse(text, name: name, parser) }

    static func parse(_ text: String, name: String, _ parser: (String) -> Parsed) throws(SettingError) -> Value {
        switch parser(text) {
        case .value(let value): return value
        case .problem(let problem): throw .invalid(setting: name, problem: problem)
        }
    }
}

/// A setting whatever its value's type, as the table lists it and a config file or a command
/// line reads it.
// A struct of closures rather than a protocol `Setting` conforms to: an `any` of each
// `Setting<…>` would have the runtime build its metadata and witness tables at start-up.
public struct AnySetting: Sendable {
    public let name: String
    public let kind: SettingKind
    public let help: String
    public let valueName: String?
    private let reader: @Sendable (String, inout SettingsLayer) throws(SettingError) -> Void

    public init<Value: SettingValue>(_ setting: Setting<Value>) {
        name = setting.name
        kind = setting.kind
        help = setting.help
        valueName = setting.valueName
        // The name and the parser, not the `Setting`: a closure holding a generic value copies
        // it through its metadata, which the runtime builds at start-up (~50 k instructions).
        let name = setting.name, parser = setting.parser
        reader = { text, layer throws(SettingError) in layer.keep(try Setting.parse(text, name: name, parser), as: name) }
    }

    /// Sets this setting in `layer` to the value `text` stands for.
    public func read(_ text: String, into layer: inout SettingsLayer) throws(SettingError) {
        try reader(text, &layer)
    }
}
