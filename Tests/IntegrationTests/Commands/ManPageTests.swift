import ClavierTestSupport
import Foundation
import Testing

/// clavier(1), made as `make install` makes it (tools/gen-manpage), against the binary's own
/// command-line definitions: an option the page does not mention fails here.
@Suite struct ManPageTests {
    /// The page for the clavier under test; nil, with the reason recorded, when it cannot be made.
    static func manPage() throws -> String? {
        let generator = URL(fileURLWithPath: Harness.clavierBinary).deletingLastPathComponent().appendingPathComponent("generate-manual").path
        guard FileManager.default.isExecutableFile(atPath: generator) else {
            Issue.record("no \(generator): make test builds it (swift build --product generate-manual)")
            return nil
        }
        let dir = TemporaryDirectory()
        let out = dir.file("clavier.1")
        let script = Harness.packageRoot.appendingPathComponent("tools/gen-manpage").path
        let result = try Harness.run([script, Harness.clavierBinary, generator, out])
        #expect(result.status == 0, "\(result)")
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    /// Each option, flag and positional argument of each command that `page` does not list
    /// under that command, as `clavier run --kiosk`.
    static func unmentioned(_ definitions: CommandLineDefinitions, in page: String) -> [String] {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var missing: [String] = []
        for command in definitions.commands {
            let section = section(of: command.path, in: lines)
            // `.It Fl h , -help` lists -h and --help; `.It Fl -layout Ar layout` lists --layout.
            let flags = Set(section.filter { $0.hasPrefix(".It Fl ") }.flatMap { line in
                line.split(separator: " ").dropFirst(2).prefix { $0 != "Ar" }.filter { $0 != "," }.map(String.init)
            })
            let arguments = Set(section.filter { $0.hasPrefix(".It Ar ") }.map { $0.dropFirst(7).replacingOccurrences(of: "...", with: "") })
            for name in command.names {
                let spelled: String = switch name {
                case .long(let n): "-" + n
                case .short(let n), .longWithSingleDash(let n): n
                }
                if !flags.contains(spelled) { missing.append("\(command.title) \(name)") }
            }
            for positional in command.positionals where !arguments.contains(positional) {
                missing.append("\(command.title) \(positional)")
            }
        }
        return missing
    }

    /// The lines that describe `path`: the top of DESCRIPTION for clavier itself, else from
    /// `.It Em NAME` to the next command or section.
    static func section(of path: [String], in lines: [String]) -> ArraySlice<String> {
        let isBoundary = { (line: String) in line.hasPrefix(".It Em ") || line.hasPrefix(".Sh ") }
        let start: Int?
        if let name = path.last {
            start = lines.firstIndex(of: ".It Em \(name)").map { $0 + 1 }
        } else {
            start = lines.firstIndex(of: ".Sh DESCRIPTION").map { $0 + 1 }
        }
        guard let start else { return [] }
        let end = lines[start...].firstIndex(where: isBoundary) ?? lines.endIndex
        return lines[start..<end]
    }

    @Test func thePageMentionsEveryOptionOfEveryCommand() throws {
        guard let page = try Self.manPage() else { return }
        let definitions = try CommandLineDefinitions(binary: Harness.clavierBinary)
        #expect(definitions.commands.map(\.title).contains("clavier run"))
        #expect(Self.unmentioned(definitions, in: page) == [])
    }

    @Test func anOptionMissingFromThePageIsCaught() throws {
        guard let page = try Self.manPage() else { return }
        let definitions = try CommandLineDefinitions(binary: Harness.clavierBinary)
        // The first --kiosk is run's (run is the first command the page lists).
        var withoutKiosk = page
        let line = try #require(withoutKiosk.range(of: ".It Fl -kiosk\n"))
        withoutKiosk.removeSubrange(line)
        #expect(Self.unmentioned(definitions, in: withoutKiosk) == ["clavier run --kiosk"])
    }

    @Test func thePageHasItsFilesAndExamplesAndRendersWithoutWarnings() throws {
        guard let page = try Self.manPage() else { return }
        for part in [".Sh FILES", ".Sh EXAMPLES", ".Sh ENVIRONMENT", "clavier/config.yaml", "clavier/float.yaml", "clavier/words.json",
                     "$XDG_CACHE_HOME/clavier/pictures/", "clavier-DISPLAY.sock", "/usr/share/clavier/"] {
            #expect(page.contains(part), "clavier.1 lacks \(part)")
        }
        guard Harness.which("man") != nil else {
            Issue.record("man is not installed (make test installs man-db)")
            return
        }
        let dir = TemporaryDirectory()
        let file = dir.file("clavier.1")
        try page.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try Harness.run(["man", "--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", file],
                                     environment: ["LC_ALL": "C.UTF-8", "MANWIDTH": "80"])
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    }
}
