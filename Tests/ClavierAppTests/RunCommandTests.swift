@testable import clavier
import ClavierCore
import ArgumentParser
import Foundation
import Testing

/// `clavier run`'s options against the settings table (`Settings.all`), and the docs beside them.
struct RunCommandTests {
    /// A value for each setting that is not a flag.
    static let samples = [
        "layout": "pin", "page": "symbols", "theme": "dark", "geometry": "900x300-0-0", "dock": "top", "layer": "overlay",
        "monitor": "eDP-1", "height": "40%", "sound-device": "plughw:0", "scale": "1.25", "preview": "always",
        "key-size": "20",
        "suggestions": "5", "auto-capitalize": "always", "autocorrect": "always", "languages": "us,de",
        "dwell": "600", "scan": "1000", "scan-switch": "F9,F10", "repeat-delay": "900", "repeat-interval": "80", "glide": "off",
        "offensive-words": "allow", "clipboard": "off",
        "backend": "x11",
        "volume": "40", "speech": "on", "speech-echo": "on", "speech-rate": "30", "speech-volume": "100",
    ]

    /// Command lines that set `setting`, each with the value it stands for as text.
    static func arguments(for setting: AnySetting) throws -> [(arguments: [String], text: String)] {
        guard setting.kind == .flag else {
            let text = try #require(samples[setting.name], "no sample for \(setting.name)")
            return [(["--\(setting.name)", text], text)]
        }
        return [(["--\(setting.name)"], "true"), (["--no-\(setting.name)"], "false")]
    }

    @Test(arguments: Settings.all.map(\.name))
    func eachSettingIsAnOptionThatSetsIt(name: String) throws {
        let setting = try #require(Settings.all.first { $0.name == name })
        for (arguments, text) in try Self.arguments(for: setting) {
            var expected = SettingsLayer()
            try setting.read(text, into: &expected)
            #expect(try Run.parse(arguments).givenSettings() == expected, "\(arguments)")
        }
        #expect(try Run.parse([]).givenSettings().isEmpty)
    }

    /// Options alone (`clavier --dock top …`) are read from the table without ArgumentParser
    /// (PlainArguments), to exactly what `Run` reads; anything else is left to `Run`.
    @Test func plainOptionsReadAsRunReadsThem() throws {
        var lines: [[String]] = [["--config", "/tmp/c.yaml", "--display", ":3", "--seed", "7"], ["--xid", "--layout=pin"],
                                 ["--no-sound", "--dock", "top", "--geometry=900x300-0-0"], ["--layout", ""],
                                 ["run", "--no-sound"], ["run"], ["--speech-rate", "-40", "--dwell", "600"]]
        for setting in Settings.all { lines += try Self.arguments(for: setting).map(\.arguments) }
        for arguments in lines {
            let plain = try #require(PlainArguments.runOptions(arguments), "\(arguments)")
            // `clavier run …` is `Run` given what follows `run`.
            let run = try Run.parse(arguments.first == "run" ? Array(arguments.dropFirst()) : arguments).options()
            #expect(plain.commandLine == run.commandLine && plain.config == run.config && plain.display == run.display
                    && plain.seed == run.seed && plain.xid == run.xid, "\(arguments)")
        }
        for arguments in [["--help"], ["-h"], ["--version"], ["show"], ["run", "--help"], ["run", "run"], ["--bogus"], ["--no-sound", "show"],
                          ["--dock", "sideways"], ["--scale", "9"], ["--dwell", "2.5"], ["--sound=yes"], ["--no-geometry"],
                          ["--sound", "--no-sound"], ["--layout", "pin", "--layout", "us"], ["--layout"], ["--layout", "--no-sound"],
                          ["--seed", "x"], ["--xid=1"], ["--generate-completion-script=bash"], ["--"], ["-"], ["--dwell", "--no-sound"]] {
            #expect(PlainArguments.runOptions(arguments) == nil, "\(arguments)")
        }
    }

    /// The options `command`'s help lists (`--experimental-dump-help`), in its order.
    static func options(of command: any ParsableCommand.Type) throws -> [(name: String, kind: String?, help: String?, valueName: String?)] {
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any])
        let arguments = try #require((dump["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        return try arguments.map { argument in
            let name = try #require((argument["preferredName"] as? [String: Any])?["name"] as? String)
            return (name, argument["kind"] as? String, argument["abstract"] as? String, argument["valueName"] as? String)
        }
    }

    /// `settings` as the options a command built from the table lists: each in the table's
    /// order, a flag followed by its `--no-` form.
    static func tableOptions(_ settings: [AnySetting]) -> [String] {
        settings.flatMap { $0.kind == .flag ? [$0.name, "no-" + $0.name] : [$0.name] }
    }

    /// `clavier run`'s options are the settings table's, nothing else declares one: in the
    /// table's order, each with its help, value name and form (a flag or an option), then the
    /// few that are no settings. A setting declared again beside the table, or an option the
    /// table does not have, fails here.
    @Test func runsOptionsAreTheTable() throws {
        let options = try Self.options(of: Run.self)
        // (`--version` is the root command's, listed under run's when dumped from the root.)
        #expect(options.map(\.name).filter { $0 != "version" } == Self.tableOptions(Settings.all) + ["seed", "config", "display", "xid", "help"])
        for option in options {
            let flag = option.name.hasPrefix("no-") ? Settings.all.first { "no-" + $0.name == option.name && $0.kind == .flag } : nil
            guard let setting = flag ?? Settings.all.first(where: { $0.name == option.name }) else { continue }
            #expect(option.kind == (setting.kind == .flag ? "flag" : "option"), "--\(option.name)")
            #expect(option.help == setting.help, "--\(option.name)")
            if setting.kind != .flag { #expect(option.valueName == setting.valueName ?? setting.name, "--\(option.name)") }
        }
    }

    /// `render` and `geometry` take the layout's settings (`glide` and `predict` offensive-words)
    /// from the table too, with its help.
    @Test func otherCommandsSettingsAreTheTables() throws {
        let shown = [AnySetting(.layout), AnySetting(.page), AnySetting(.theme), AnySetting(.suggestions), AnySetting(.languages)]
        for (command, settings) in [(Render.self, shown), (GeometryCommand.self, shown), (GlideCommand.self, [AnySetting(.blockOffensiveWords)]),
                                    (PredictCommand.self, [AnySetting(.blockOffensiveWords)])] as [(any ParsableCommand.Type, [AnySetting])] {
            let options = try Self.options(of: command)
            let names = Set(settings.map(\.name))
            #expect(options.map(\.name).filter(names.contains) == Self.tableOptions(settings), "\(command)")
            for option in options where names.contains(option.name) {
                #expect(option.help == settings.first { $0.name == option.name }?.help, "\(command) --\(option.name)")
            }
        }
    }

    /// A value is checked by its setting alone, as in the config file: what the table takes,
    /// `run` takes, and what it refuses is refused with the table's words after `--NAME`, never
    /// ArgumentParser's own (its types, a number that looks like an option).
    @Test(arguments: Settings.all.filter { $0.kind != .flag }.map(\.name))
    func eachValueIsCheckedByTheTableAlone(name: String) throws {
        let setting = try #require(Settings.all.first { $0.name == name })
        var lines = ["sideways", "2.5", "x", "999999", "-5", "top", "on", "F9,F9"].map { ["--\(name)=\($0)"] } + [["--\(name)", ""]]
        if setting.kind == .number { lines += [["--\(name)", "-5"], ["--\(name)", "2.5"], ["--\(name)", "--no-sound"]] }
        for arguments in lines {
            let text = arguments.count == 1 ? String(arguments[0].dropFirst(name.count + 3)) : arguments[1]
            var expected = SettingsLayer()
            let problem: SettingError?
            do {
                try setting.read(text, into: &expected)
                problem = nil
            } catch {
                problem = error
            }
            do {
                let given = try Run.parse(arguments).givenSettings()
                #expect(problem == nil && given == expected, "\(arguments)")
            } catch {
                #expect(Run.message(for: error) == problem.map { "--\($0)" }, "\(arguments)")
            }
        }
    }

    /// The words a shell completes a setting's value with are values the setting takes.
    @Test func completedValuesAreTaken() throws {
        var completed = 0
        for setting in Settings.all {
            guard let words = CompletionKind.words(of: setting) else { continue }
            var layer = SettingsLayer()
            for word in words { #expect(throws: Never.self, "--\(setting.name) \(word)") { try setting.read(word, into: &layer) } }
            completed += 1
        }
        #expect(completed >= 10)
    }

    /// A speech level below the voice's own is a negative number, a value and not an option,
    /// read alike by `Run` and (written `--NAME=VALUE`) without ArgumentParser; out of range, a usage error.
    @Test func aNegativeSpeechLevelIsAValue() throws {
        var expected = SettingsLayer()
        expected[.speechRate] = -40
        expected[.speechVolume] = -100
        #expect(try Run.parse(["--speech-rate", "-40", "--speech-volume", "-100"]).givenSettings() == expected)
        #expect(PlainArguments.runOptions(["--speech-rate=-40", "--speech-volume=-100"])?.commandLine == expected)
        #expect(PlainArguments.runOptions(["--speech-rate", "-40", "--speech-volume", "-100"])?.commandLine == expected)
        #expect(throws: (any Error).self) { try Run.parse(["--speech-rate", "-101"]) }
        do {
            _ = try Run.parse(["--speech-volume", "150"])
        } catch {
            #expect(Run.message(for: error) == "--speech-volume 150 is not between -100 and 100")
        }
    }

    /// The command line's check of a value is the config file's, with `--` before the name.
    @Test func badValuesAreUsageErrors() {
        for (arguments, message) in [(["--geometry", "abc"], "--geometry 'abc' is not of the form WxH+X+Y"),
                                     (["--scale", "9"], "--scale 9.0 is not between 0.5 and 4.0"),
                                     (["--key-size", "7"], "--key-size 7.0 is not between 8.0 and 50.0"),
                                     (["--height", "x"], "--height 'x' is neither pixels (300) nor a percentage (35%)")] {
            #expect(throws: (any Error).self) { try Run.parse(arguments) }
            do {
                _ = try Run.parse(arguments)
            } catch {
                #expect(Run.message(for: error) == message)
            }
        }
    }

    /// docs/config.md's table of fields (every setting, and the config-only rules and kiosk-settings) and README's table of options name every setting.
    @Test func theDocsListEverySetting() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let config = try String(contentsOf: root.appendingPathComponent("docs/config.md"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let fields = config.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { String($0.split(separator: "`")[1]) }
        #expect(fields.sorted() == (Settings.all.map(\.name) + ["rules", "kiosk-settings"]).sorted(), "docs/config.md's fields")
        let readmeLines = readme.split(separator: "\n")
        let options = readmeLines.filter { $0.hasPrefix("| `--") }.joined(separator: "\n")
        let synopsis = readmeLines.drop { !$0.hasPrefix("    clavier [") }.prefix { $0.hasPrefix("    ") }.joined(separator: "\n")
        for setting in Settings.all {
            #expect(options.contains("`--\(setting.name)"), "README's option table has no --\(setting.name)")
            #expect(synopsis.contains("[--\(setting.name)") || synopsis.contains("|--\(setting.name)"),
                    "README's synopsis has no --\(setting.name)")
        }
    }
}
