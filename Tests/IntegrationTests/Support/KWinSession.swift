import ClavierTestSupport
import Foundation
import Glibc

/// A clavier that a headless KWin started as its input method (issue 49), and the means to
/// click its keys where a user would: `wl-pointer` through KWin's fake input. clavier runs as
/// KWin's user, so its commands (`status`, `layout`, `geometry`) run as that user too.
final class KWinSession {
    let kwin: HeadlessKWin
    private let scratch = TemporaryDirectory()
    /// Where clavier started by hand writes its standard error (nil: KWin's input method's log).
    private let byHandLog: String?

    /// Starts KWin with `clavier ARGUMENTS` as its input method, or with `byHand` on KWin with
    /// no input method as the user started it, and waits for its surface. `kwinEnvironment`:
    /// added to KWin's (`KWIN_IM_SHOW_ALWAYS=1` shows the input panel without touch input).
    init(_ arguments: [String] = ["--no-sound"], environment: [String: String] = [:], byHand: Bool = false,
         kwinEnvironment: [String: String] = [:]) throws {
        // clavier's config, state and cache are KWin's: HOME and XDG_CONFIG_HOME are the
        // user's private runtime directory (HeadlessKWin), never the real user's.
        let environment = environment.merging(["LANG": "C.UTF-8"]) { $1 }
        if byHand {
            kwin = try HeadlessKWin(environment: kwinEnvironment)
            let log = scratch.file("clavier.log")
            byHandLog = log
            try kwin.startAsUser([Harness.clavierBinary] + arguments, environment: environment, stderr: log)
        } else {
            kwin = try HeadlessKWin(inputMethod: ([Harness.clavierBinary] + arguments, environment), environment: kwinEnvironment)
            byHandLog = nil
        }
        guard Harness.waitFor(20, { ((try? self.status())?.geometry.height ?? 0) > 0 }) else {
            throw HarnessError("clavier's surface did not come up on KWin; clavier said: \(errors); KWin said: \((try? String(contentsOfFile: kwin.logFile, encoding: .utf8))?.suffix(600) ?? "")")
        }
        usleep(200_000)
    }

    var errors: String { byHandLog.map { TextFile.read($0) ?? "" } ?? kwin.inputMethodErrors }

    func status() throws -> WaylandSession.Status {
        let result = try command(["status", "--json"])
        guard result.status == 0 else { throw HarnessError("clavier status: \(result.err)") }
        return try JSONDecoder().decode(WaylandSession.Status.self, from: Data(result.out.utf8))
    }

    /// Runs `clavier ARGUMENTS` beside the keyboard, as the user (`input` on its standard input).
    func command(_ arguments: [String], input: String? = nil) throws -> (status: Int32, out: String, err: String) {
        guard let input else { return try kwin.runAsUser([Harness.clavierBinary] + arguments, environment: ["LANG": "C.UTF-8"]) }
        let file = scratch.file("input")
        try input.write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o644)
        chmod(scratch.path, 0o755)
        let line = ([Harness.clavierBinary] + arguments).map { "'\($0)'" }.joined(separator: " ") + " < '\(file)'"
        return try kwin.runAsUser(["sh", "-c", line], environment: ["LANG": "C.UTF-8"])
    }

    /// Asks clavier to quit and waits until its control socket is gone; false if it stayed.
    func quit() throws -> Bool {
        _ = try command(["quit"])
        return Harness.waitFor(10) { (try? self.command(["status"]))?.status != 0 }
    }

    /// The centres of `page`'s keys on screen, keyed by id.
    func keys(page: String, layout: String) throws -> [String: (x: Int, y: Int)] {
        let place = try status().geometry
        let result = try command(["geometry", "--layout", layout, "--page", page, "--size", "\(place.width)x\(place.height)"])
        guard result.status == 0 else { throw HarnessError("clavier geometry: \(result.err)") }
        return try JSONDecoder().decode(PrintedGeometry.self, from: Data(result.out.utf8)).centres(x: place.x, y: place.y)
    }

    /// Clicks the keys `ids` in turn, following the page keys as the keyboard does.
    func tap(_ ids: [String], startingOn page: String = "letters", layout: String = "us") throws {
        let script = try PrintedGeometry.clicks(ids, startingOn: page) { try keys(page: $0, layout: layout) }
        let file = scratch.file("pointer-\(UInt64.random(in: 0...UInt64.max))")
        try (script.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        chmod(scratch.path, 0o755)
        chmod(file, 0o644)
        // As KWin's user: KWin offers fake input (even with KWIN_WAYLAND_NO_PERMISSION_CHECKS) only
        // to a client whose executable it can read, and a root process's it cannot.
        let result = try kwin.runAsUser(["sh", "-c", "'\(Harness.pointerBinary)' - < '\(file)'"], timeout: 30)
        guard result.status == 0 else { throw HarnessError("wl-pointer: \(result.err)") }
    }
}
