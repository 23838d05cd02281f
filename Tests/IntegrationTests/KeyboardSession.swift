import CX11
import ClavierRender
import Foundation

/// A running clavier beside a focused xterm on a private X server, and the means to
/// click its keys where a user would.
final class KeyboardSession {
    let server: XServer
    var clavier: ChildProcess!
    let xtermWindow: Window
    var keyboardWindow: Window
    let output: URL
    let directory: URL
    let clavierErrors: URL

    /// What `geometry(page:)` passes to `clavier geometry` to describe the running layout
    /// (by default the `--layout` clavier was given); a test that expects a fallback sets it.
    var geometryArguments: [String]
    /// The environment clavier runs with (and `clavier geometry` too).
    let environment: [String: String]

    init(windowManager: Bool, clavierArguments: [String]? = ["--no-sound"], geometryArguments: [String]? = nil,
         environment: [String: String] = [:], layout: String = "us", group: UInt32 = 0,
         shellCommand: String? = nil, xtermArguments: [String] = [], serverArguments: [String] = []) throws {
        if let geometryArguments {
            self.geometryArguments = geometryArguments
        } else if let args = clavierArguments, let i = args.firstIndex(of: "--layout"), i + 1 < args.count {
            self.geometryArguments = ["--layout", args[i + 1]]
        } else {
            self.geometryArguments = ["--layout", "us"]
        }
        server = try XServer(windowManager: windowManager, layout: layout, group: group, serverArguments: serverArguments)
        directory = try Harness.temporaryDirectory()
        // The user's own config and state (remembered float place, emoji counts, learned
        // words) are never read or written by a test, unless the test names its own.
        self.environment = ["XDG_STATE_HOME": directory.appendingPathComponent("state").path,
                            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                            "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path]
            .merging(environment) { $1 }
        output = directory.appendingPathComponent("typed.txt")
        // xterm runs `cat` into a file: a line arrives there when Return is typed.
        try server.start(["xterm", "-geometry", "80x12+10+10", "-title", "clavier-probe"] + xtermArguments + ["-e",
                          "sh", "-c", (shellCommand ?? "stty -echo; exec cat > 'OUTPUT'").replacingOccurrences(of: "OUTPUT", with: output.path)],
                         environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        var probe: Window = 0
        let server = self.server
        guard Harness.waitFor(10, {
            probe = server.windows(named: "clavier-probe").first ?? 0
            return probe != 0 && server.frame(of: probe).viewable
        }) else { throw HarnessError("xterm did not appear") }
        xtermWindow = probe
        // Wait until the shell inside xterm has created the file, so no typing is lost.
        let file = output.path
        guard Harness.waitFor(10, { FileManager.default.fileExists(atPath: file) }) else {
            throw HarnessError("xterm's cat did not start")
        }
        server.setFocus(probe)
        clavierErrors = directory.appendingPathComponent("clavier.stderr")
        guard let clavierArguments else {
            // Only the xterm: the test drives `clavier type` itself.
            clavier = nil
            keyboardWindow = 0
            return
        }
        clavier = try server.start([Harness.clavierBinary] + clavierArguments, environment: self.environment,
                                   stderr: clavierErrors.path)
        var window: Window = 0
        guard Harness.waitFor(10, {
            window = server.windows(named: "Clavier").first ?? 0
            return window != 0 && server.frame(of: window).viewable
        }) else {
            let said = (try? String(contentsOf: clavierErrors, encoding: .utf8)) ?? ""
            throw HarnessError("clavier's window did not appear; stderr: \(said)")
        }
        keyboardWindow = window
        // Give the keyboard time to put its first picture on screen (Expose, XPutImage).
        usleep(300_000)
    }

    var errors: String { (try? String(contentsOf: clavierErrors, encoding: .utf8)) ?? "" }

    deinit {
        clavier?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The key rectangles `clavier geometry` gives for a page at the window's current size.
    func geometry(page: String) throws -> [String: (x: Int, y: Int, width: Int, height: Int)] {
        let f = server.frame(of: keyboardWindow)
        let result = try Harness.run([Harness.clavierBinary, "geometry"] + geometryArguments + ["--page", page,
                                      "--size", "\(f.width)x\(f.height)"],
                                     environment: environment)
        guard result.status == 0,
              let json = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any],
              let keys = json["keys"] as? [[String: Any]] else {
            throw HarnessError("clavier geometry failed: \(result.err)")
        }
        var out: [String: (Int, Int, Int, Int)] = [:]
        for key in keys {
            out[key["id"] as! String] = (key["x"] as! Int, key["y"] as! Int, key["width"] as! Int, key["height"] as! Int)
        }
        return out
    }

    /// Clicks the centre of each key in turn; `page` follows the page keys as the keyboard does.
    func tap(_ ids: [String], startingOn page: String = "letters") throws {
        var pages: [String: [String: (x: Int, y: Int, width: Int, height: Int)]] = [:]
        var current = page
        for id in ids {
            if pages[current] == nil { pages[current] = try geometry(page: current) }
            guard let key = pages[current]![id] else { throw HarnessError("no key '\(id)' on page \(current)") }
            let f = server.frame(of: keyboardWindow)
            server.click(x: f.x + key.x + key.width / 2, y: f.y + key.y + key.height / 2)
            if id.hasPrefix("page-") { current = String(id.dropFirst(5)) }
        }
    }

    /// Starts clavier again (after `stopKeyboard`) with the same arguments, and the session's
    /// environment plus `environment`; returns its window.
    static func restartKeyboard(_ session: KeyboardSession, arguments: [String] = ["--no-sound"],
                                environment: [String: String] = [:]) throws -> Window {
        let server = session.server
        session.clavier = try server.start([Harness.clavierBinary] + arguments,
                                           environment: session.environment.merging(environment) { $1 },
                                           stderr: session.clavierErrors.path)
        var window: Window = 0
        guard Harness.waitFor(10, {
            window = server.windows(named: "Clavier").first ?? 0
            return window != 0 && server.frame(of: window).viewable
        }) else { throw HarnessError("clavier's window did not come back") }
        session.keyboardWindow = window
        usleep(300_000)
        return window
    }

    /// How many of the keyboard window's pixels differ from what `clavier render` paints for
    /// `page` at the window's size; nil when the window cannot be read.
    func pixelsDifferingFromRender(page: String) throws -> Int? {
        let f = server.frame(of: keyboardWindow)
        let png = directory.appendingPathComponent("render-\(page).png").path
        let render = try Harness.run([Harness.clavierBinary, "render", "--layout", "us", "--page", page,
                                      "--size", "\(f.width)x\(f.height)", "--output", png])
        guard render.status == 0 else { throw HarnessError("clavier render failed: \(render.err)") }
        let expected = try Canvas.readPNG(path: png)
        guard let screen = server.pixels(of: keyboardWindow),
              screen.width == expected.size.width, screen.height == expected.size.height else { return nil }
        var differing = 0
        let rowWords = expected.stride / 4
        let pixels = expected.data.assumingMemoryBound(to: UInt32.self)
        for y in 0..<screen.height {
            for x in 0..<screen.width where screen.data[y * screen.width + x] != pixels[y * rowWords + x] & 0xFFFFFF {
                differing += 1
            }
        }
        return differing
    }

    /// What xterm received so far.
    var received: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// Sends SIGTERM to clavier and waits for it to exit.
    func stopKeyboard() -> Int32 {
        clavier.signal(SIGTERM)
        return clavier.wait(seconds: 10) ?? -1
    }
}
