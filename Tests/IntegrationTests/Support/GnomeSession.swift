import ClavierTestSupport
import Foundation
import Glibc

/// A running clavier on a headless mutter's XWayland, as in a GNOME session (WAYLAND_DISPLAY,
/// DISPLAY, XDG_CURRENT_DESKTOP=GNOME, the session bus), and the means to click its keys where
/// a user would: xdotool's XTest on XWayland, which reaches X clients only and leaves mutter's
/// focus where it is.
final class GnomeSession {
    let mutter: HeadlessMutter
    var clavier: ChildProcess!
    private let scratch = TemporaryDirectory()
    let environment: [String: String]
    let clavierErrors: String
    private(set) var window = ""
    private var layout = "us"

    init(mutter: HeadlessMutter) {
        self.mutter = mutter
        environment = ["XDG_STATE_HOME": scratch.file("state"), "XDG_CONFIG_HOME": scratch.file("config"),
                       "XDG_CACHE_HOME": scratch.file("cache"), "LANG": "C.UTF-8", "XDG_CURRENT_DESKTOP": "GNOME",
                       "XDG_SESSION_TYPE": "wayland"]
        clavierErrors = scratch.file("clavier.stderr")
    }

    deinit { clavier?.stop() }

    var errors: String { (try? String(contentsOfFile: clavierErrors, encoding: .utf8)) ?? "" }

    /// Starts clavier (`--backend auto`) and waits until its window is viewable on XWayland.
    func start(_ arguments: [String] = ["--no-sound"], layout: String = "us") throws {
        self.layout = layout
        clavier = try mutter.start([Harness.clavierBinary, "--layout", layout] + arguments, environment: environment, stderr: clavierErrors)
        var found = ""
        Harness.waitFor(15) {
            found = (try? xdotool(["search", "--onlyvisible", "--name", "^Clavier$"]))?.split(separator: "\n").first.map(String.init) ?? ""
            return !found.isEmpty || !clavier.isRunning
        }
        guard !found.isEmpty else { throw HarnessError("clavier's window did not appear on XWayland; stderr: \(errors)") }
        window = found
        // mutter places the docked window at the screen's bottom a moment after it maps: keys
        // clicked where it first was would be missed.
        guard Harness.waitFor(10, { ((try? frame()).map { $0.y + $0.height }) == mutter.height }) else {
            throw HarnessError("clavier's window was not docked at the bottom: \((try? frame()).map { "\($0)" } ?? "?")")
        }
        // The first picture on screen (Expose, XPutImage).
        usleep(300_000)
    }

    /// Taps `a` until the entry shows it, then BackSpace until it is empty: on a mutter that
    /// has just started, the first keys of the keyboard's session can be lost for a moment (up
    /// to about a second was seen, while the keys clicked after it all arrive), which is not
    /// what the tests are about. Throws when nothing arrives after ten taps.
    func waitUntilTyping(into entry: GnomeEntry, key letter: String = "a", page: String = "letters") throws {
        var arrived = false
        for _ in 0..<10 where !arrived {
            try tap([letter], startingOn: page)
            arrived = Harness.waitFor(1) { !entry.text.isEmpty }
        }
        guard arrived else { throw HarnessError("nothing clicked on the keyboard reached the entry; clavier said: \(errors)") }
        for _ in 0..<20 where !entry.text.isEmpty {
            let count = entry.text.count
            try tap(["backspace"], startingOn: page)
            _ = Harness.waitFor(1) { entry.text.count < count }
        }
        guard entry.waitFor(text: "", seconds: 5) else { throw HarnessError("the entry kept \(entry.text.debugDescription)") }
    }

    /// Runs xdotool on XWayland and returns what it printed.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let result = try Harness.run(["xdotool"] + arguments, environment: mutter.environment, timeout: 10)
        guard result.status == 0 else { throw HarnessError("xdotool \(arguments.joined(separator: " ")): \(result.err)") }
        return result.out
    }

    /// The keyboard window's rectangle on XWayland's screen.
    func frame() throws -> (x: Int, y: Int, width: Int, height: Int) {
        var values: [String: Int] = [:]
        for line in try xdotool(["getwindowgeometry", "--shell", window]).split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        return (values["X"] ?? 0, values["Y"] ?? 0, values["WIDTH"] ?? 0, values["HEIGHT"] ?? 0)
    }

    /// Clicks the centre of each key in turn; `page` follows the page keys as the keyboard does.
    func tap(_ ids: [String], startingOn page: String = "letters") throws {
        var pages: [String: [String: PrintedGeometry.Box]] = [:]
        var current = page
        let f = try frame()
        for id in ids {
            if pages[current] == nil { pages[current] = try geometry(page: current, width: f.width, height: f.height) }
            guard let key = pages[current]![id] else { throw HarnessError("no key '\(id)' on page \(current)") }
            try xdotool(["mousemove", "\(f.x + key.midX)", "\(f.y + key.midY)", "sleep", "0.02", "click", "1", "sleep", "0.03"])
            if id.hasPrefix("page-") { current = String(id.dropFirst(5)) }
        }
    }

    private func geometry(page: String, width: Int, height: Int) throws -> [String: PrintedGeometry.Box] {
        let result = try Harness.clavier(["geometry", "--layout", layout, "--page", page, "--size", "\(width)x\(height)"], environment: environment)
        guard result.status == 0 else { throw HarnessError("clavier geometry failed: \(result.err)") }
        let printed = try JSONDecoder().decode(PrintedGeometry.self, from: Data(result.out.utf8))
        return Dictionary(printed.keys.map { ($0.id, $0) }) { first, _ in first }
    }

    /// The window XWayland has the input focus on (an id as xdotool prints it), or "" for none.
    func xFocus() -> String {
        ((try? xdotool(["getwindowfocus", "-f"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Asks the keyboard to quit (`clavier quit`) and returns its exit status.
    func quit() throws -> Int32 {
        _ = try Harness.run([Harness.clavierBinary, "quit"], environment: mutter.environment.merging(environment) { $1 }, timeout: 10)
        return clavier.wait(seconds: 10) ?? -1
    }
}
