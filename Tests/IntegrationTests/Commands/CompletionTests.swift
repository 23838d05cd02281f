import ClavierTestSupport
import Foundation
import Testing

/// The bash, zsh and fish completion scripts `make install` installs
/// (`clavier --generate-completion-script SHELL`), against the binary's own definitions.
@Suite struct CompletionTests {
    static func script(_ shell: String) throws -> String {
        let result = try Harness.run([Harness.clavierBinary, "--generate-completion-script", shell])
        #expect(result.status == 0, "\(result)")
        return result.out
    }

    /// The options and flags `script` offers for the command at `path`: bash and zsh give each
    /// command a function (`_clavier_run`), fish names the command in each line ("clavier run").
    static func offered(_ path: [String], shell: String, in script: String) -> Set<String> {
        let lines = script.split(separator: "\n").map(String.init)
        if shell == "fish" {
            let command = "\"" + (["clavier"] + path).joined(separator: " ") + "\""
            // A repeating option's line ends the command there: "clavier render"' -l 'press'.
            let own = lines.filter { $0.contains(command + " ") || $0.contains(command + "'") }.joined(separator: "\n")
            return Set(matches(of: #"-l '([^']+)'"#, in: own).map { "--" + $0 } + matches(of: #"-s '([^']+)'"#, in: own).map { "-" + $0 })
        }
        let function = (["_clavier"] + path).joined(separator: "_") + "() {"
        guard let start = lines.firstIndex(of: function) else { return [] }
        let body = lines[start...].prefix { $0 != "}" }.joined(separator: "\n")
        return Set(matches(of: #"(?<![A-Za-z0-9-])(-{1,2}[A-Za-z0-9][A-Za-z0-9-]*)"#, in: body))
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func theScriptOffersEveryOptionOfEveryCommand(shell: String) throws {
        let script = try Self.script(shell)
        let definitions = try CommandLineDefinitions(binary: Harness.clavierBinary)
        var missing: [String] = []
        for command in definitions.commands {
            let offered = Self.offered(command.path, shell: shell, in: script)
            for name in command.names where !offered.contains(name.description) {
                missing.append("\(command.title) \(name)")
            }
        }
        #expect(missing == [], "\(shell) does not offer these")
    }

    /// What `clavier layouts` lists under `heading` ("layouts:" or "themes:"): the first word of each entry.
    static func listed(_ heading: String) throws -> Set<String> {
        let listing = try Harness.run([Harness.clavierBinary, "layouts"]).out.split(separator: "\n")
        guard let start = listing.firstIndex(of: Substring(heading)) else { return [] }
        return Set(listing[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2).prefix { $0 != "\t" }) })
    }

    @Test func bashCompletesTheLayoutAndThemeNamesClavierLayoutsLists() throws {
        guard Harness.which("bash") != nil else {
            Issue.record("bash is not installed")
            return
        }
        let dir = TemporaryDirectory()
        let file = dir.file("clavier.bash")
        try Self.script("bash").write(toFile: file, atomically: true, encoding: .utf8)
        let complete = Harness.packageRoot.appendingPathComponent("tools/complete-bash").path
        // The script runs `clavier` from PATH at each Tab, as an installed one would.
        let path = URL(fileURLWithPath: Harness.clavierBinary).deletingLastPathComponent().path
            + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        func offered(_ line: String) throws -> Set<String> {
            let result = try Harness.run([complete, file, line], environment: ["PATH": path])
            #expect(result.status == 0, "\(result)")
            return Set(result.out.split(separator: "\n").map(String.init))
        }
        let layouts = try Self.listed("layouts:"), themes = try Self.listed("themes:")
        #expect(layouts.isSuperset(of: ["us", "terminal", "phone", "emoji"]), "\(layouts)")
        #expect(themes.isSuperset(of: ["system", "dark", "high-contrast"]), "\(themes)")
        #expect(try offered("clavier run --layout ") == layouts)
        #expect(try offered("clavier render --theme ") == themes)
        #expect(try offered("clavier layout p") == layouts.filter { $0.hasPrefix("p") })
    }
}
