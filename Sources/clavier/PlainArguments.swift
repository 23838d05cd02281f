import ClavierCore

/// `clavier --option …` or `clavier run --option …`, the keyboard with options (a window
/// manager's autostart line), read straight from the settings table as `Run` reads it (the
/// table declares both: SettingOptions.swift), without ArgumentParser's reflection over the
/// command's options and the tree of commands (~1 ms of such a start, BENCHMARKS.md). Only
/// the plain forms are taken, each option once: `--NAME VALUE` (a number's VALUE may begin
/// with '-', as in `Run`), `--NAME=VALUE`, `--FLAG`, `--no-FLAG`, and `--config`, `--display`,
/// `--seed`, `--xid`. Anything else (another command, help, a value that is wrong or begins
/// with '-') gives nil: ArgumentParser parses the command line then, and says what is wrong.
/// RunCommandTests holds both readings to the same options.
enum PlainArguments {
    static func runOptions(_ arguments: [String]) -> RunOptions? {
        var given = SettingsLayer()
        var config: String?, display: String?, seed: UInt64?, xid = false
        var seen: Set<String> = []
        var rest = arguments[...]
        if rest.first == "run" { rest.removeFirst() }
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
            var name = String(argument.dropFirst(2)), attached: String?
            if let equals = name.firstIndex(of: "=") {
                attached = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            func value(anyWord: Bool = false) -> String? {
                if let attached { return attached }
                guard let next = rest.popFirst(), anyWord || !next.hasPrefix("-") else { return nil }
                return next
            }
            let inverted = name.hasPrefix("no-") ? String(name.dropFirst(3)) : nil
            guard seen.insert(inverted ?? name).inserted else { return nil }
            if let setting = Settings.all.first(where: { $0.name == name }) {
                let text = setting.kind == .flag ? (attached == nil ? "true" : nil) : value(anyWord: setting.kind == .number)
                guard let text, (try? setting.read(text, into: &given)) != nil else { return nil }
                continue
            }
            if let inverted, let setting = Settings.all.first(where: { $0.name == inverted && $0.kind == .flag }) {
                guard attached == nil, (try? setting.read("false", into: &given)) != nil else { return nil }
                continue
            }
            switch name {
            case "config": guard let text = value() else { return nil }; config = text
            case "display": guard let text = value() else { return nil }; display = text
            case "seed": guard let number = value().flatMap({ UInt64($0) }) else { return nil }; seed = number
            case "xid": guard attached == nil else { return nil }; xid = true
            default: return nil
            }
        }
        return RunOptions(given: given, config: config, display: display, seed: seed, xid: xid)
    }
}
