import ClavierTestSupport
import Foundation
import Glibc

/// A running clavier on a headless sway, and the means to click its keys where a user would:
/// through `wl-pointer` (zwlr_virtual_pointer_v1), one process per batch of clicks (a new
/// virtual pointer takes ~200 ms to settle).
final class WaylandSession {
    let sway: HeadlessSway
    var clavier: ChildProcess!
    private let scratch = TemporaryDirectory()
    let environment: [String: String]
    let clavierErrors: String

    init(sway: HeadlessSway) {
        self.sway = sway
        // The user's config and state are never read or written by a test.
        environment = ["XDG_STATE_HOME": scratch.file("state"), "XDG_CONFIG_HOME": scratch.file("config"),
                       "XDG_CACHE_HOME": scratch.file("cache"), "LANG": "C.UTF-8"]
        clavierErrors = scratch.file("clavier.stderr")
    }

    deinit { clavier?.stop() }

    var errors: String { (try? String(contentsOfFile: clavierErrors, encoding: .utf8)) ?? "" }

    /// Starts clavier on the compositor and waits until `clavier status` gives its surface.
    func start(_ arguments: [String] = ["--no-sound"], environment more: [String: String] = [:]) throws {
        clavier = try sway.start([Harness.clavierBinary, "--backend", "wayland"] + arguments,
                                 environment: environment.merging(more) { $1 }, stderr: clavierErrors)
        guard Harness.waitFor(10, { ((try? self.status())?.geometry.height ?? 0) > 0 }) else {
            throw HarnessError("clavier's surface did not come up; stderr: \(errors)")
        }
        // The first picture is committed before the control socket is served: a short wait for
        // the compositor to place it and the seat to hand it the pointer.
        usleep(100_000)
    }

    struct Status: Decodable {
        struct Geometry: Decodable { var x, y, width, height: Int }
        var visible: Bool
        var layout: String
        var page: String
        var geometry: Geometry
        /// The settings page's settings in effect (`"float":"true"`).
        var settings: [String: String]?
        /// How it types (`KeyboardStatus.typing`).
        var typing: String?
    }

    func status() throws -> Status {
        let result = try sway.run([Harness.clavierBinary, "status", "--json"], environment: environment)
        guard result.status == 0 else { throw HarnessError("clavier status: \(result.err)") }
        return try JSONDecoder().decode(Status.self, from: Data(result.out.utf8))
    }

    /// Runs `clavier ARGUMENTS` beside the keyboard (`show`, `quit`, `predict` …).
    func command(_ arguments: [String], input: String? = nil) throws -> (status: Int32, out: String, err: String) {
        guard let input else { return try sway.run([Harness.clavierBinary] + arguments, environment: environment) }
        let file = scratch.file("input-\(arguments.first ?? "")")
        try input.write(toFile: file, atomically: true, encoding: .utf8)
        let line = ([Harness.clavierBinary] + arguments).map { "'\($0)'" }.joined(separator: " ") + " < '\(file)'"
        return try sway.run(["sh", "-c", line], environment: environment)
    }

    /// The boxes `clavier geometry` gives for `page` at the surface's size, keyed by id, on screen.
    func keys(page: String, layout: String = "us") throws -> [String: (x: Int, y: Int)] {
        let place = try status().geometry
        let result = try sway.run([Harness.clavierBinary, "geometry", "--layout", layout, "--page", page,
                                   "--size", "\(place.width)x\(place.height)"], environment: environment)
        guard result.status == 0 else { throw HarnessError("clavier geometry: \(result.err)") }
        return try JSONDecoder().decode(PrintedGeometry.self, from: Data(result.out.utf8)).centres(x: place.x, y: place.y)
    }

    /// Clicks the keys `ids` in turn, following the page keys as the keyboard does.
    func tap(_ ids: [String], startingOn page: String = "letters", layout: String = "us") throws {
        let script = try PrintedGeometry.clicks(ids, startingOn: page) { try keys(page: $0, layout: layout) }
        try pointer(script)
    }

    /// Runs `wl-pointer -` with these lines (move X Y, down, up, sleep MS).
    func pointer(_ lines: [String]) throws {
        let file = scratch.file("pointer-\(UInt64.random(in: 0...UInt64.max))")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let result = try sway.run(["sh", "-c", "'\(Harness.pointerBinary)' - < '\(file)'"], timeout: 30)
        guard result.status == 0 else { throw HarnessError("wl-pointer: \(result.err)") }
    }

    /// A glide through the centres of `word`'s letters, `steps` moves between two letters.
    func glide(_ word: String, steps: Int = 10) throws {
        let keys = try keys(page: "letters")
        let points = try word.map { letter -> (x: Int, y: Int) in
            guard let key = keys[String(letter)] else { throw HarnessError("no key '\(letter)'") }
            return key
        }
        var script = ["move \(points[0].x) \(points[0].y)", "down"]
        for (from, to) in zip(points, points.dropFirst()) {
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                script += ["move \(from.x + Int(Double(to.x - from.x) * t)) \(from.y + Int(Double(to.y - from.y) * t))", "sleep 8"]
            }
        }
        script += ["up", "sleep 100"]
        try pointer(script)
    }

    /// Asks clavier to quit and waits for it; its exit status.
    func quit() throws -> Int32 {
        _ = try command(["quit"])
        return clavier.wait(seconds: 10) ?? -1
    }
}
