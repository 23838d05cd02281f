import ClavierCore
import ClavierTestSupport
import CX11
import Foundation
import Glibc
import Testing

/// `clavier show|hide|toggle|layout|quit|status` against a running keyboard, over its socket.
@Suite(.serialized, .needsDisplay) struct ControlTests {
    /// Runs `clavier ARGS` on the session's display with the session's runtime directory.
    static func clavier(_ arguments: [String], _ session: KeyboardSession, runtime: String) throws -> (status: Int32, out: String, err: String) {
        try Harness.clavier(arguments, environment: session.server.env.merging(["XDG_RUNTIME_DIR": runtime]) { $1 })
    }

    @Test func commandsReachTheRunningKeyboard() throws {
        let scratch = TemporaryDirectory(), runtime = scratch.path
        let session = try KeyboardSession(windowManager: false, environment: ["XDG_RUNTIME_DIR": runtime])
        let server = session.server, window = session.keyboardWindow
        func run(_ args: String...) throws -> (status: Int32, out: String, err: String) {
            try Self.clavier(args, session, runtime: runtime)
        }

        let status = try run("status")
        #expect(status.status == 0)
        let f = server.frame(of: window)
        #expect(status.out == "visible\nlayout: us\npage: letters\ngeometry: \(f.width)x\(f.height)+\(f.x)+\(f.y)\n")
        let json = try JSONDecoder().decode(KeyboardStatus.self, from: Data(try run("status", "--json").out.utf8))
        var expected = KeyboardStatus(visible: true, layout: "us", page: "letters",
                                      geometry: .init(x: f.x, y: f.y, width: f.width, height: f.height))
        // The settings page's settings in effect: --no-sound given, the rest their defaults.
        expected.settings = PageSettingsDefaults.noSound
        // How it types: XTest on an X server (issue 49: status --json says the way).
        expected.typing = "xtest"
        #expect(json == expected)

        #expect(try run("hide").status == 0)
        #expect(Harness.waitFor(5) { !server.frame(of: window).viewable })
        #expect(try JSONDecoder().decode(KeyboardStatus.self, from: Data(try run("status", "--json").out.utf8)).visible == false)
        #expect(try run("toggle").status == 0)
        #expect(Harness.waitFor(5) { server.frame(of: window).viewable })
        #expect(try run("toggle").status == 0)
        #expect(Harness.waitFor(5) { !server.frame(of: window).viewable })
        #expect(try run("show").status == 0)
        #expect(Harness.waitFor(5) { server.frame(of: window).viewable })

        #expect(try run("layout", "terminal").status == 0)
        #expect(try run("status").out.contains("layout: terminal\n"))
        let unknown = try run("layout", "no-such-layout")
        #expect(unknown.status == 2 && unknown.err.contains("no-such-layout"), "\(unknown)")

        // A second plain clavier shows the first and leaves; no second window appears.
        _ = try run("hide")
        #expect(Harness.waitFor(5) { !server.frame(of: window).viewable })
        let second = try run("--no-sound")
        #expect(second.status == 0, "\(second.err)")
        #expect(Harness.waitFor(5) { server.frame(of: window).viewable })
        #expect(server.windows(named: "Clavier").count == 1)

        #expect(try run("quit").status == 0)
        #expect(session.clavier.wait(seconds: 10) == 0)
        let none = try run("status")
        #expect(none.status == 1 && none.err.contains("no keyboard is running"), "\(none)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime).isEmpty, "the socket was left behind")
    }

    /// A socket file nobody listens on (a keyboard that was killed) is replaced.
    @Test func aStaleSocketIsReplaced() throws {
        let runtime = TemporaryDirectory()
        // The session's display is not known before it starts: leave a stale socket for
        // every display it could pick.
        for n in 110...199 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let path = Array(runtime.file("clavier-:\(n).sock").utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            close(fd)
        }
        let session = try KeyboardSession(windowManager: false, environment: ["XDG_RUNTIME_DIR": runtime.path])
        let status = try Self.clavier(["status"], session, runtime: runtime.path)
        #expect(status.status == 0 && status.out.hasPrefix("visible\n"), "\(status) \(session.errors)")
    }
}

/// What `status --json` reports as the settings of a keyboard started with `--no-sound` alone.
enum PageSettingsDefaults {
    static let noSound = ["key-size": "16", "sound": "false", "dwell": "default", "layout": "us", "theme": "system", "suggestions": "3",
                          "glide": "on", "autocorrect": "prose", "preview": "touch", "repeat-delay": "default",
                          "repeat-interval": "default", "volume": "100", "learning": "true", "auto-show": "false", "float": "false",
                          "show-button": "true", "hide-on-hardware-keys": "false", "scan": "default",
                          "height": "default", "languages": "default", "scan-switch": "F9", "speech": "off"]
}
