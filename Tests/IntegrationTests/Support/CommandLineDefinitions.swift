import ClavierTestSupport
import Foundation

/// Every command of the clavier under test and what it accepts, read from its
/// `--experimental-dump-help` (the JSON swift-argument-parser writes from the definitions).
struct CommandLineDefinitions {
    /// One argument's spellings: `--layout` is `.long("layout")`, `-o` is `.short("o")`.
    enum Name: Hashable, CustomStringConvertible {
        case long(String), short(String), longWithSingleDash(String)
        var description: String {
            switch self {
            case .long(let name): "--" + name
            case .short(let name), .longWithSingleDash(let name): "-" + name
            }
        }
    }

    /// A command (`[]` is clavier itself, `["run"]` is clavier run), its options and flags, and
    /// its positional arguments by value name.
    struct Command {
        var path: [String]
        var names: [Name]
        var positionals: [String]
        var title: String { (["clavier"] + path).joined(separator: " ") }
    }

    let commands: [Command]

    init(binary: String) throws {
        let result = try Harness.run([binary, "--experimental-dump-help"])
        guard result.status == 0, let json = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any],
              let root = json["command"] as? [String: Any] else {
            throw HarnessError("\(binary) --experimental-dump-help: \(result)")
        }
        var commands: [Command] = []
        func walk(_ command: [String: Any], path: [String]) {
            var names: [Name] = [], positionals: [String] = []
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool ?? true {
                if argument["kind"] as? String == "positional" {
                    positionals.append(argument["valueName"] as? String ?? "")
                    continue
                }
                for name in argument["names"] as? [[String: String]] ?? [] {
                    switch (name["kind"], name["name"]) {
                    case ("long", let n?): names.append(.long(n))
                    case ("short", let n?): names.append(.short(n))
                    case ("longWithSingleDash", let n?): names.append(.longWithSingleDash(n))
                    default: break
                    }
                }
            }
            commands.append(Command(path: path, names: names, positionals: positionals))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path: path + [sub["commandName"] as? String ?? "?"])
            }
        }
        walk(root, path: [])
        self.commands = commands
    }
}
