@testable import clavier
import ClavierCore
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
                                 ["--no-sound", "--dock", "top", "--geometry=900x300-0-0"], ["--layout", ""]]
        for setting in Settings.all { lines += try Self.arguments(for: setting).map(\.arguments) }
        for arguments in lines {
            let plain = try #require(PlainArguments.runOptions(arguments), "\(arguments)")
            let run = try Run.parse(arguments).options()
            #expect(plain.commandLine == run.commandLine && plain.config == run.config && plain.display == run.display
                    && plain.seed == run.seed && plain.xid == run.xid, "\(arguments)")
        }
        for arguments in [["--help"], ["-h"], ["--version"], ["show"], ["run", "--no-sound"], ["--bogus"], ["--no-sound", "show"],
                          ["--dock", "sideways"], ["--scale", "9"], ["--dwell", "2.5"], ["--sound=yes"], ["--no-geometry"],
                          ["--sound", "--no-sound"], ["--layout", "pin", "--layout", "us"], ["--layout"], ["--layout", "--no-sound"],
                          ["--seed", "x"], ["--xid=1"], ["--generate-completion-script=bash"], ["--"], ["-"]] {
            #expect(PlainArguments.runOptions(arguments) == nil, "\(arguments)")
        }
    }

    /// Every option of `clavier run` is a setting of the table (with its help) or one of the
    /// few that are not settings, and every flag setting is a flag.
    @Test func everyOptionIsASetting() throws {
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(Run._dumpHelp().utf8)) as? [String: Any])
        let arguments = try #require((dump["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        var seen: Set<String> = []
        for argument in arguments {
            let name = try #require((argument["preferredName"] as? [String: Any])?["name"] as? String)
            let kind = argument["kind"] as? String
            if ["config", "display", "seed", "xid", "version", "help"].contains(name) { continue }
            if let setting = Settings.all.first(where: { $0.name == name }) {
                #expect(kind == (setting.kind == .flag ? "flag" : "option"), "--\(name)")
                #expect(argument["abstract"] as? String == setting.help, "--\(name)")
                seen.insert(name)
            } else {
                let inverted = name.hasPrefix("no-") ? Settings.all.first { $0.name == name.dropFirst(3) } : nil
                #expect(inverted?.kind == .flag && kind == "flag", "--\(name) is no setting of the table")
            }
        }
        #expect(seen == Set(Settings.all.map(\.name)))
    }

    /// A speech level below the voice's own is a negative number, a value and not an option,
    /// read alike by `Run` and (written `--NAME=VALUE`) without ArgumentParser; out of range, a usage error.
    @Test func aNegativeSpeechLevelIsAValue() throws {
        var expected = SettingsLayer()
        expected[.speechRate] = -40
        expected[.speechVolume] = -100
        #expect(try Run.parse(["--speech-rate", "-40", "--speech-volume", "-100"]).givenSettings() == expected)
        #expect(PlainArguments.runOptions(["--speech-rate=-40", "--speech-volume=-100"])?.commandLine == expected)
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
