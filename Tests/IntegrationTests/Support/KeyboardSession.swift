import ClavierRender
import ClavierTestSupport
import CX11
import Foundation

/// A running clavier beside a focused xterm on a private X server, and the means to
/// click its keys where a user would.
final class KeyboardSession {
    let server: XServer
    var clavier: ChildProcess!
    let xtermWindow: Window
    var keyboardWindow: Window
    private let scratch = TemporaryDirectory()
    /// The session's own directory, removed with it.
    var directory: URL { URL(fileURLWithPath: scratch.path) }
    let output: URL
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
        // The bar's place depends on how many suggestions it offers (0: none).
        if geometryArguments == nil, let args = clavierArguments, let i = args.firstIndex(of: "--suggestions"), i + 1 < args.count {
            self.geometryArguments += ["--suggestions", args[i + 1]]
        }
        server = try XServer(windowManager: windowManager, layout: layout, group: group, serverArguments: serverArguments)
        // The user's own config and state (remembered float place, emoji counts, learned
        // words) are never read or written by a test, unless the test names its own.
        self.environment = ["XDG_STATE_HOME": scratch.file("state"), "XDG_CONFIG_HOME": scratch.file("config"),
                            "XDG_CACHE_HOME": scratch.file("cache")]
            .merging(environment) { $1 }
        output = URL(fileURLWithPath: scratch.file("typed.txt"))
        clavierErrors = URL(fileURLWithPath: scratch.file("clavier.stderr"))
        // xterm runs `cat` into a file: a line arrives there when Return is typed.
        try server.start(["xterm", "-geometry", "80x12+10+10", "-title", "clavier-probe"] + xtermArguments + ["-e",
                          "sh", "-c", (shellCommand ?? "stty -echo; exec cat > 'OUTPUT'").replacingOccurrences(of: "OUTPUT", with: output.path)],
                         environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        guard let probe = server.waitForWindow(named: "clavier-probe") else { throw HarnessError("xterm did not appear") }
        xtermWindow = probe
        // Wait until the shell inside xterm has created the file, so no typing is lost.
        let file = output.path
        guard Harness.waitFor(10, { FileManager.default.fileExists(atPath: file) }) else {
            throw HarnessError("xterm's cat did not start")
        }
        server.setFocus(probe)
        keyboardWindow = 0
        // Without arguments, only the xterm: the test drives `clavier type` itself.
        if let clavierArguments { _ = try startKeyboard(arguments: clavierArguments) }
    }

    var errors: String { (try? String(contentsOf: clavierErrors, encoding: .utf8)) ?? "" }

    deinit { clavier?.stop() }

    /// Starts clavier (again, after `stopKeyboard`) with `arguments`, and the session's
    /// environment plus `environment`; waits for its window and returns it.
    @discardableResult
    func startKeyboard(arguments: [String] = ["--no-sound"], environment: [String: String] = [:]) throws -> Window {
        clavier = try server.start([Harness.clavierBinary] + arguments, environment: self.environment.merging(environment) { $1 },
                                   stderr: clavierErrors.path)
        guard let window = server.waitForWindow(named: "Clavier") else {
            throw HarnessError("clavier's window did not appear; stderr: \(errors)")
        }
        keyboardWindow = window
        // Give the keyboard time to put its first picture on screen (Expose, XPutImage).
        usleep(300_000)
        return window
    }

    /// What `clavier geometry` prints for the running layout, at `size` (default: the window's).
    func printedGeometry(page: String? = nil, size: (width: Int, height: Int)? = nil) throws -> PrintedGeometry {
        let f = server.frame(of: keyboardWindow)
        let (width, height) = size ?? (f.width, f.height)
        let result = try Harness.clavier(["geometry"] + geometryArguments + (page.map { ["--page", $0] } ?? [])
                                         + ["--size", "\(width)x\(height)"], environment: environment)
        guard result.status == 0 else { throw HarnessError("clavier geometry failed: \(result.err)") }
        return try JSONDecoder().decode(PrintedGeometry.self, from: Data(result.out.utf8))
    }

    /// The key rectangles `clavier geometry` gives for a page at `size` (default: the window's), by id.
    func geometry(page: String, size: (width: Int, height: Int)? = nil) throws -> [String: PrintedGeometry.Box] {
        Dictionary(try printedGeometry(page: page, size: size).keys.map { ($0.id, $0) }) { first, _ in first }
    }

    /// Clicks the centre of each key in turn; `page` follows the page keys as the keyboard does.
    /// `top` is how far below the window's top the keys begin (a floating keyboard's handle).
    func tap(_ ids: [String], startingOn page: String = "letters", top: Int = 0) throws {
        var pages: [String: [String: PrintedGeometry.Box]] = [:]
        var current = page
        for id in ids {
            let f = server.frame(of: keyboardWindow)
            if pages[current] == nil { pages[current] = try geometry(page: current, size: (f.width, f.height - top)) }
            guard let key = pages[current]![id] else { throw HarnessError("no key '\(id)' on page \(current)") }
            server.click(x: f.x + key.midX, y: f.y + top + key.midY)
            if id.hasPrefix("page-") { current = String(id.dropFirst(5)) }
        }
    }

    /// Clicks the bar's cell `id` (`completion-0`, `speak`, `save-phrase`, as `clavier geometry`
    /// lays the bar out), then lets the keyboard take it.
    func clickCell(_ id: String) throws {
        guard let cell = try printedGeometry().accessory?.first(where: { $0.id == id }) else { throw HarnessError("no cell \(id) on the bar") }
        let f = server.frame(of: keyboardWindow)
        server.click(x: f.x + cell.midX, y: f.y + cell.midY)
        usleep(200_000)
    }

    /// Taps the keys one by one, each given its time: words typed for the bar to follow.
    func tapSlowly(_ ids: [String]) throws {
        for id in ids {
            try tap([id])
            usleep(60_000)
        }
    }

    /// Moves the pointer onto key `id` of `page` and presses button 1 there, then waits `pause`
    /// microseconds; the button stays down for the test to release (`server.button(down: false)`).
    @discardableResult
    func press(_ id: String, on page: String = "letters", pause: UInt32 = 20_000) throws -> PrintedGeometry.Box {
        guard let key = try geometry(page: page)[id] else { throw HarnessError("no key '\(id)' on page \(page)") }
        let f = server.frame(of: keyboardWindow)
        server.movePointer(x: f.x + key.midX, y: f.y + key.midY)
        server.button(down: true, pause: pause)
        return key
    }

    /// How many of the keyboard window's pixels differ from what `clavier render` paints for
    /// `page` at the window's size; nil when the window cannot be read.
    /// (Outside the bar's word cells, `wordCells`.)
    func pixelsDifferingFromRender(page: String) throws -> Int? {
        let f = server.frame(of: keyboardWindow)
        let png = scratch.file("render-\(page).png")
        let render = try Harness.clavier(["render", "--layout", "us", "--page", page, "--size", "\(f.width)x\(f.height)",
                                          "--output", png])
        guard render.status == 0 else { throw HarnessError("clavier render failed: \(render.err)") }
        let expected = try Canvas.readPNG(path: png)
        guard let screen = server.pixels(of: keyboardWindow),
              screen.width == expected.size.width, screen.height == expected.size.height else { return nil }
        var differing = 0
        let rowWords = expected.stride / 4
        let pixels = expected.data.assumingMemoryBound(to: UInt32.self)
        let words = wordCells(page: page)
        for y in 0..<screen.height {
            for x in 0..<screen.width where screen.data[y * screen.width + x] != pixels[y * rowWords + x] & 0xFFFFFF
                && !words.contains(where: { $0.contains(x, y) }) {
                differing += 1
            }
        }
        return differing
    }

    /// The suggestion bar's word cells on `page`: the running keyboard fills them (a sentence's
    /// first words from the start), `clavier render` leaves them empty.
    func wordCells(page: String) -> [PrintedGeometry.Box] {
        ((try? printedGeometry(page: page))?.accessory ?? []).filter { $0.id.hasPrefix("completion-") }
    }

    /// What xterm received so far.
    var received: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// Waits up to `seconds` for xterm to have received `lines` whole lines; true once it has.
    func waitForLines(_ lines: Int = 1, seconds: Double = 10) -> Bool {
        Harness.waitFor(seconds) { received.filter { $0 == "\n" }.count >= lines && received.hasSuffix("\n") }
    }

    /// What xterm received and what clavier said, for a test's message.
    var said: String { "xterm received \(received.debugDescription); clavier said: \(errors)" }

    /// Sends SIGTERM to clavier and waits for it to exit.
    func stopKeyboard() -> Int32 {
        clavier.signal(SIGTERM)
        return clavier.wait(seconds: 10) ?? -1
    }
}

/// What `clavier geometry` prints (README: the layout, the page, the size, the keys and the
/// accessory bar's cells), as far as the tests read it.
struct PrintedGeometry: Decodable {
    /// A key's or a bar cell's rectangle in the window.
    struct Box: Decodable {
        let id: String
        let x: Int, y: Int, width: Int, height: Int
        var midX: Int { x + width / 2 }
        var midY: Int { y + height / 2 }
        func contains(_ px: Int, _ py: Int) -> Bool { px >= x && px < x + width && py >= y && py < y + height }
    }
    let layout: String
    let page: String
    let keys: [Box]
    let accessory: [Box]?

    /// The centres of the keys and bar cells on screen, keyed by id (the first of an id), for
    /// a surface whose top left corner is at `x`, `y`.
    func centres(x: Int, y: Int) -> [String: (x: Int, y: Int)] {
        var centres: [String: (x: Int, y: Int)] = [:]
        for box in keys + (accessory ?? []) where centres[box.id] == nil { centres[box.id] = (x + box.midX, y + box.midY) }
        return centres
    }

    /// A `wl-pointer` script that clicks the keys `ids` in turn, following the page keys as the
    /// keyboard does; `keys(page)` gives a page's centres on screen.
    static func clicks(_ ids: [String], startingOn page: String,
                       keys: (String) throws -> [String: (x: Int, y: Int)]) throws -> [String] {
        var pages: [String: [String: (x: Int, y: Int)]] = [:]
        var current = page
        var script: [String] = []
        for id in ids {
            if pages[current] == nil { pages[current] = try keys(current) }
            guard let key = pages[current]![id] else { throw HarnessError("no key '\(id)' on page \(current)") }
            script += ["move \(key.x) \(key.y)", "down", "sleep 30", "up", "sleep 60"]
            if id.hasPrefix("page-") { current = String(id.dropFirst(5)) }
        }
        return script
    }
}
