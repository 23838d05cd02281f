import ClavierCore
import ClavierRender
import ClavierTestSupport
import CX11
import Foundation

/// A keyboard session for the input aids (dwell, switch scanning): what `clavier status`
/// says they are doing, waited on rather than slept through, and their marks on screen.
final class AidSession {
    let session: KeyboardSession
    let runtime = TemporaryDirectory()

    /// How far below the window's top the keys begin (a floating keyboard's handle).
    let top: Int

    /// `environment`: more of clavier's environment (`SPEECHD_ADDRESS`).
    init(_ arguments: [String], top: Int = 0, environment: [String: String] = [:]) throws {
        self.top = top
        session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"] + arguments,
                                      environment: ["XDG_RUNTIME_DIR": runtime.path].merging(environment) { $1 })
        // The pointer starts off the keyboard, where nothing dwells.
        parkPointer()
    }

    var server: XServer { session.server }
    /// Where the keyboard's control socket is (`XDG_RUNTIME_DIR`), for a keyboard started again.
    var runtimePath: String { runtime.path }

    /// Runs `clavier ARGS` against the running keyboard (`status`, `hide`).
    @discardableResult
    func control(_ arguments: String...) -> String {
        let env = server.env.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        return (try? Harness.clavier(arguments, environment: env).out) ?? ""
    }

    /// `clavier status --json`, read.
    func status() -> KeyboardStatus? {
        try? JSONDecoder().decode(KeyboardStatus.self, from: Data(control("status", "--json").utf8))
    }

    /// The status line that starts with `prefix` (`dwell: h done`, `scan: row 1`), from the
    /// JSON status, or "".
    func status(_ prefix: String) -> String {
        status()?.lines.first { $0.hasPrefix(prefix) } ?? ""
    }

    /// Waits until the status line `prefix` satisfies `condition`; true once it has.
    func waitForStatus(_ prefix: String, seconds: Double = 10, _ condition: (String) -> Bool) -> Bool {
        Harness.waitFor(seconds) { condition(status(prefix)) }
    }

    /// The centre of key `id` on screen.
    func centre(of id: String, page: String = "letters") throws -> (x: Int, y: Int) {
        let f = server.frame(of: session.keyboardWindow)
        guard let key = try session.geometry(page: page, size: (f.width, f.height - top))[id] else {
            throw HarnessError("no key '\(id)' on page \(page)")
        }
        return (f.x + key.midX, f.y + top + key.midY)
    }

    /// Moves the pointer onto key `id` (without a button).
    func moveOnto(_ id: String, page: String = "letters", dx: Int = 0) throws {
        let c = try centre(of: id, page: page)
        server.movePointer(x: c.x + dx, y: c.y)
    }

    /// Moves the pointer off the keyboard, onto the xterm.
    func parkPointer() { server.movePointer(x: 20, y: 20) }

    /// Presses and releases the key that makes `keysym` through XTest, as a switch interface would.
    func tapKey(_ keysym: UInt) {
        let code = XKeysymToKeycode(server.connection, keysym)
        XTestFakeKeyEvent(server.connection, UInt32(code), 1, 0)
        XSync(server.connection, 0)
        usleep(30_000)
        XTestFakeKeyEvent(server.connection, UInt32(code), 0, 0)
        XSync(server.connection, 0)
        usleep(20_000)
    }

    /// The pixels of the keyboard window that differ from `clavier render` of `page` at its
    /// size (`arguments`: more of the keyboard's options render takes), as (x, y) points,
    /// outside the bar's word cells; nil when the window cannot be read. The window is read
    /// first, then `grabbed` is called (to ask what the keyboard showed then), then the render
    /// is made: a render takes a while on a loaded machine, and a dwell fill goes on meanwhile.
    func pixelsDifferingFromRender(page: String = "letters", theme: String = "system", arguments: [String] = [],
                                   grabbed: () -> Void = {}) throws -> [(x: Int, y: Int)]? {
        let f = server.frame(of: session.keyboardWindow)
        guard let screen = server.pixels(of: session.keyboardWindow) else { return nil }
        grabbed()
        let png = session.directory.appendingPathComponent("render-\(page)-\(theme).png").path
        let render = try Harness.clavier(["render", "--layout", "us", "--page", page, "--theme", theme,
                                          "--size", "\(f.width)x\(f.height)", "--output", png] + arguments)
        guard render.status == 0 else { throw HarnessError("clavier render failed: \(render.err)") }
        let expected = try Canvas.readPNG(path: png)
        guard screen.width == expected.size.width, screen.height == expected.size.height else { return nil }
        let rowWords = expected.stride / 4
        let painted = expected.data.assumingMemoryBound(to: UInt32.self)
        var differing: [(x: Int, y: Int)] = []
        let words = session.wordCells(page: page)
        for y in 0..<screen.height {
            for x in 0..<screen.width where screen.data[y * screen.width + x] != painted[y * rowWords + x] & 0xFFFFFF
                && !words.contains(where: { $0.contains(x, y) }) {
                differing.append((x, y))
            }
        }
        return differing
    }
}
