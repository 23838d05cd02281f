import ClavierTestSupport
import Glibc
import Testing

/// Issue 23, item 2: nothing a layout file says may crash the painter. A label taller than
/// Cairo's 32,767 px, or one letter under thousands of combining accents, used to kill the
/// running keyboard (SIGILL in `Bitmap`) when `clavier layout FILE` showed it, and
/// `clavier --layout FILE` died at start without a word.
@Suite(.serialized, .needsDisplay) struct TallLabelTests {
    /// A label of `"x\\n"` × 3000, `"a"` under 2,000 U+0301, and `"a"` under 1,300 (which painted,
    /// but killed the key preview), each spelt as YAML escapes so the file stays small.
    static let tall = [
        ("lines", String(repeating: "x\\n", count: 3000)),
        ("accents", "a" + String(repeating: "\\u0301", count: 2000)),
        ("preview", "a" + String(repeating: "\\u0301", count: 1300)),
    ]
    /// The heaviest labels a file may hold (`LabelLimits`): three lines of letters under 15 accents each.
    static let heaviest = [
        ("preview", Array(repeating: String(repeating: "a" + String(repeating: "\\u0301", count: 15), count: 8), count: 3)
            .joined(separator: "\\n")),
    ]

    /// A layout file whose keys carry `labels`, beside a plain `q` and a Return.
    static func writeLayout(_ labels: [(String, String)], to path: String) throws {
        var keys = labels.map { id, label in "    - {id: \(id), label: \"\(label)\", action: {char: \(id.first!)}}\n" }.joined()
        keys += "    - q\n    - {id: return, icon: return, action: {keysym: Return}, class: function}\n"
        try TextFile.write(path, "pages:\n- id: letters\n  rows:\n  -\n" + keys)
    }

    @Test func aTallLabelNeitherKillsTheRunningKeyboardNorItsStart() throws {
        let dir = TemporaryDirectory()
        let tall = dir.file("tall.yaml"), heaviest = dir.file("heaviest.yaml")
        try Self.writeLayout(Self.tall, to: tall)
        try Self.writeLayout(Self.heaviest, to: heaviest)
        let check = try Harness.clavier(["check", tall])
        #expect(check.status != 0 && check.out.contains("a label holds at most 3 lines")
                && check.out.contains("may combine at most 16 Unicode scalars"), "check must say a label holds too much: \(check)")
        #expect(try Harness.clavier(["check", heaviest]).status == 0)

        let runtime = dir.file("run")
        mkdir(runtime, 0o700)
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--preview", "always"],
                                          environment: ["XDG_RUNTIME_DIR": runtime])
        let env = session.server.env.merging(["XDG_RUNTIME_DIR": runtime]) { $1 }
        let refused = try Harness.clavier(["layout", tall], environment: env)
        usleep(300_000)
        #expect(session.clavier.isRunning, "clavier layout FILE killed the keyboard: \(refused); clavier said: \(session.errors)")
        #expect(refused.status == 2 && refused.out.contains("a label holds at most 3 lines"), "\(refused)")
        let shown = try Harness.clavier(["layout", heaviest], environment: env)
        #expect(shown.status == 0, "\(shown); clavier said: \(session.errors)")

        // Holding the heaviest key shows its preview (magnified: taller still).
        session.geometryArguments = ["--layout", heaviest]
        try session.press("preview", pause: 400_000)
        session.server.button(down: false)
        usleep(300_000)
        #expect(session.clavier.isRunning, "holding the key killed the keyboard; clavier said: \(session.errors)")
        try session.tap(["q", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received.hasSuffix("pq\n"), "\(session.said)")
        #expect(session.stopKeyboard() == 0)

        // Started with the refused file: the window comes up (with the default layout) and says why.
        _ = try session.startKeyboard(arguments: ["--no-sound", "--layout", tall], environment: ["XDG_RUNTIME_DIR": runtime])
        usleep(500_000)
        #expect(session.clavier.isRunning, "clavier --layout FILE died; it said: \(session.errors)")
        #expect(session.errors.contains("a label holds at most 3 lines"), "\(session.errors)")
        #expect(session.stopKeyboard() == 0)
    }
}
