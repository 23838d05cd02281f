import ClavierCore
import ClavierTestSupport
import ClavierX11
import CX11
import Foundation
import Testing

/// The settings page's languages cell applies at once on X (issue 38): a tap makes the keymap's
/// groups the languages, recorded on the root window as at a start, and the globe appears and
/// switches them beside a real xterm; another choice changes them, the record still holding
/// the user's own keymap; off gives that keymap back and takes the globe away. A keyboard that
/// quits, or is killed and followed by another, after a change on the page gives back the
/// user's keymap exactly (its variant and options too).
@Suite(.serialized, .needsDisplay) struct LiveLanguagesIntegrationTests {
    /// A keyboard beside xterm on a server whose keymap is `us`, its control socket in `runtime`.
    final class Live {
        let session: KeyboardSession
        let runtime = TemporaryDirectory()
        var server: XServer { session.server }
        var env: [String: String] { server.env.merging(session.environment) { $1 }.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 } }

        /// What the keyboard runs with besides its control socket's directory (a PATH).
        let environment: [String: String]

        init(arguments: [String] = ["--no-sound"], keymap: [String] = [], environment: [String: String] = [:]) throws {
            self.environment = environment
            session = try KeyboardSession(windowManager: false, clavierArguments: nil)
            if !keymap.isEmpty { _ = try Harness.run(["setxkbmap", "-display", session.server.display] + keymap) }
            try start(arguments)
        }

        func start(_ arguments: [String] = ["--no-sound"]) throws {
            try session.startKeyboard(arguments: arguments, environment: environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
        }

        /// A line of `setxkbmap -query` (layout, variant, options).
        func query(_ field: String = "layout") -> String {
            let query = try? Harness.run(["setxkbmap", "-display", server.display, "-query"])
            let line = query?.out.split(separator: "\n").first { $0.hasPrefix(field + ":") }
            return line.map { String($0.dropFirst(field.count + 1)).trimmingCharacters(in: .whitespaces) } ?? ""
        }

        /// What the root window's record of the changed keymap says ("" when there is none).
        func record() -> String {
            WindowProperty.text(server.connection, server.root, XInternAtom(server.connection, "_CLAVIER_CHANGED_KEYMAP", 0)) ?? ""
        }

        /// Opens the page, taps the languages cell `times` times and goes back to the keys.
        func tapLanguages(_ times: Int = 1) throws {
            #expect(try Harness.clavier(["settings"], environment: env).status == 0)
            usleep(300_000)
            for _ in 0..<times { try SettingsCellsIntegrationTests.click(.setting("languages"), on: server, window: session.keyboardWindow) }
            try SettingsCellsIntegrationTests.click(.done, on: server, window: session.keyboardWindow)
        }

        func status() throws -> (settings: [String: String], layout: String, height: Int) {
            try SettingsCellsIntegrationTests.status(env)
        }
    }

    /// The languages cell's choices after off, as the keyboard makes them from the models it has.
    static var choices: [String] {
        let models = Harness.packageRoot.appendingPathComponent("Assets/models").path
        let installed = ((try? FileManager.default.contentsOfDirectory(atPath: models)) ?? [])
            .filter { $0.hasSuffix(".lm") }.map { String($0.dropLast(3)) }
        return SettingsSources.languageChoices(keymap: "us", installed: installed)
    }

    /// How many taps of the cell take it from `from` (nil: off) to `to` (nil: off).
    static func taps(from: String?, to: String?) -> Int {
        let cycle: [String?] = [nil] + choices
        let start = cycle.firstIndex(of: from) ?? 0, end = cycle.firstIndex(of: to) ?? 0
        return (end - start + cycle.count) % cycle.count
    }

    @Test func theCellMakesTheGroupsAtOnceAndTheGlobeTypesInThem() throws {
        let live = try Live()
        let server = live.server, session = live.session
        #expect(live.query() == "us" && live.record() == "")
        #expect(Self.choices.contains("us,de") && Self.choices.contains("us,fr"), "\(Self.choices)")

        // Off → us,de (the keymap's own with a language whose words are installed).
        try live.tapLanguages(Self.taps(from: nil, to: "us,de"))
        #expect(Harness.waitFor(5) { live.query() == "us,de" }, "\(live.query()) \(session.errors)")
        #expect(live.record().contains(" us,de evdev pc105 us % %"), "recorded as at a start: \(live.record())")
        let on = try live.status()
        #expect(on.layout == "xkb" && on.settings["languages"] == "us,de", "the letters follow the language: \(on)")
        session.geometryArguments = ["--languages", "us,de"]
        try session.tap(["ad06", "language"])
        #expect(Harness.waitFor(5) { server.group == 1 }, "the globe did not lock group 1; clavier said: \(session.errors)")
        usleep(300_000)  // the keyboard hears of the group and relabels
        try session.tap(["ad06", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "yz\n", "\(session.said)")

        // us,de → … → us,fr: the record keeps the user's keymap, never one of ours.
        try live.tapLanguages(Self.taps(from: "us,de", to: "us,fr"))
        #expect(Harness.waitFor(5) { live.query() == "us,fr" }, "\(live.query()) \(session.errors)")
        #expect(live.record().contains(" us,fr evdev pc105 us % %"), "\(live.record())")
        session.geometryArguments = ["--languages", "us,fr"]
        try session.tap(["ad01"])
        try session.tap(["language"])
        #expect(Harness.waitFor(5) { server.group == 1 }, "the globe did not lock fr's group; clavier said: \(session.errors)")
        usleep(300_000)
        try session.tap(["ad01", "return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(session.received == "yz\nqa\n", "\(session.said)")

        // → … → off: the user's keymap again, no record, the keys' own letters.
        try live.tapLanguages(Self.taps(from: "us,fr", to: nil))
        #expect(Harness.waitFor(5) { live.query() == "us" }, "\(live.query()) \(session.errors)")
        #expect(Harness.waitFor(5) { live.record() == "" }, "\(live.record())")
        #expect(server.group == 0)
        let off = try live.status()
        #expect(off.layout == "us" && off.settings["languages"] == "default", "\(off)")
        session.geometryArguments = ["--layout", "us"]
        try session.tap(["q", "return"])
        #expect(session.waitForLines(3), "\(session.said)")
        #expect(session.received == "yz\nqa\nq\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(live.query() == "us" && live.record() == "")
        #expect(server.heldKeycodes.isEmpty)
    }

    /// A layout given on the command line keeps its place: the globe joins it, the letters
    /// stay its own; off, the globe goes (its place is the space bar's again).
    @Test func aGivenLayoutStaysAndTheGlobeComesAndGoes() throws {
        let live = try Live(arguments: ["--no-sound", "--layout", "us"])
        let server = live.server, session = live.session
        try live.tapLanguages(Self.taps(from: nil, to: "us,de"))
        #expect(Harness.waitFor(5) { live.query() == "us,de" }, "\(live.query()) \(session.errors)")
        #expect(try live.status().layout == "us")
        session.geometryArguments = ["--layout", "us", "--languages", "us,de"]
        let globe = try #require(try session.geometry(page: "letters")["language"])
        try session.tap(["language"])
        #expect(Harness.waitFor(5) { server.group == 1 }, "the globe did not lock group 1; clavier said: \(session.errors)")
        usleep(300_000)
        // The layout's own letters: y, typed as y whatever the group.
        try session.tap(["y", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "y\n", "\(session.said)")

        // Off: where the globe was, the space bar types a space.
        try live.tapLanguages(Self.taps(from: "us,de", to: nil))
        #expect(Harness.waitFor(5) { live.query() == "us" && live.record() == "" }, "\(live.query()) \(live.record()) \(session.errors)")
        #expect(server.group == 0)
        session.geometryArguments = ["--layout", "us"]
        #expect(try session.geometry(page: "letters")["space"].map { $0.contains(globe.midX, globe.midY) } == true)
        let f = server.frame(of: session.keyboardWindow)
        server.click(x: f.x + globe.midX, y: f.y + globe.midY)
        usleep(200_000)
        #expect(server.group == 0, "a globe is still there")
        try session.tap(["y", "return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(session.received == "y\n y\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(live.query() == "us" && live.record() == "")
        #expect(server.heldKeycodes.isEmpty)
    }

    /// Quit after a change on the page, SIGTERM after another, SIGKILL after a third and a new
    /// start: each time the user's keymap (us, dvorak, ctrl:nocaps) comes back whole.
    @Test func theUsersKeymapComesBackAfterALiveChange() throws {
        let live = try Live(keymap: ["-layout", "us", "-variant", "dvorak", "-option", "ctrl:nocaps"])
        let server = live.server, session = live.session
        func users() -> Bool { live.query() == "us" && live.query("variant") == "dvorak" && live.query("options") == "ctrl:nocaps" }
        #expect(users())
        try live.tapLanguages(Self.taps(from: nil, to: "us,es"))
        #expect(Harness.waitFor(5) { live.query() == "us,es" }, "\(live.query()) \(session.errors)")
        #expect(live.record().contains(" us,es evdev pc105 us dvorak ctrl:nocaps"), "\(live.record())")
        let quit = try Harness.clavier(["quit"], environment: live.env)
        #expect(quit.status == 0, "\(quit.err)")
        #expect(session.clavier.wait(seconds: 10) == 0)
        #expect(users(), "after clavier quit: \(live.query()) \(live.query("variant")) \(live.query("options")); \(session.errors)")
        #expect(live.record() == "")

        // Kept: the next start makes us,es; the page goes on to us,fr, SIGTERM gives the user's back.
        try live.start()
        #expect(Harness.waitFor(5) { live.query() == "us,es" })
        try live.tapLanguages(Self.taps(from: "us,es", to: "us,fr"))
        #expect(Harness.waitFor(5) { live.query() == "us,fr" }, "\(live.query()) \(session.errors)")
        #expect(live.record().contains(" us,fr evdev pc105 us dvorak ctrl:nocaps"), "\(live.record())")
        #expect(session.stopKeyboard() == 0)
        #expect(users(), "after SIGTERM: \(live.query()) \(live.query("variant")); \(session.errors)")
        #expect(live.record() == "")

        // Off at the start of the next; on from the page (us,de), then SIGKILL: the next start restores.
        try live.start()
        try live.tapLanguages(Self.taps(from: "us,fr", to: nil))
        #expect(Harness.waitFor(5) { users() && live.record() == "" }, "\(live.query()) \(live.record()) \(session.errors)")
        try live.tapLanguages(Self.taps(from: nil, to: "us,de"))
        #expect(Harness.waitFor(5) { live.query() == "us,de" }, "\(live.query()) \(session.errors)")
        session.clavier.signal(SIGKILL)
        #expect(session.clavier.wait(seconds: 10) == 128 + SIGKILL)
        #expect(live.query() == "us,de" && live.record() != "")
        #expect(live.record().contains(" us,de evdev pc105 us dvorak ctrl:nocaps"), "the user's keymap, not one of ours: \(live.record())")
        // The next keyboard, without languages (settings.yaml gone), restores at its start.
        try FileManager.default.removeItem(atPath: session.environment["XDG_CONFIG_HOME"]! + "/clavier/settings.yaml")
        try live.start()
        #expect(Harness.waitFor(5) { users() }, "after SIGKILL and a new start: \(live.query()) \(live.query("variant")); \(session.errors)")
        #expect(live.record() == "")
        #expect(session.stopKeyboard() == 0)
        #expect(users() && live.record() == "")
        #expect(server.heldKeycodes.isEmpty)
    }

    /// setxkbmap failing (missing, broken) is a warning and nothing is lost: the keymap stays
    /// the user's and the keys type on; a change the keymap cannot be given back from keeps our
    /// groups and their record (the user's keymap), which the keyboard gives back as it ends.
    @Test func whenSetxkbmapFailsTheCellWarnsAndTheKeymapStillComesBack() throws {
        let bin = TemporaryDirectory(), broken = bin.file("broken")
        let real = try Harness.run(["sh", "-c", "command -v setxkbmap"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!real.isEmpty)
        let script = bin.file("setxkbmap")
        try "#!/bin/sh\n[ -e '\(broken)' ] && exit 1\nexec '\(real)' \"$@\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        func breakIt(_ on: Bool) {
            if on { FileManager.default.createFile(atPath: broken, contents: nil) } else { unlink(broken) }
        }
        breakIt(true)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let live = try Live(environment: ["PATH": path])
        let session = live.session

        try live.tapLanguages(Self.taps(from: nil, to: "us,de"))  // setxkbmap fails
        #expect(Harness.waitFor(5) { session.errors.contains("'setxkbmap -layout us,de' failed") }, "\(session.errors)")
        #expect(live.query() == "us" && live.record() == "", "\(live.query()) \(live.record())")
        session.geometryArguments = ["--languages", "us,de"]
        try session.tap(["ad01", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "q\n", "\(session.said)")

        breakIt(false)
        try live.tapLanguages(Self.taps(from: "us,de", to: "us,es"))  // made
        #expect(Harness.waitFor(5) { live.query() == "us,es" }, "\(live.query()) \(session.errors)")
        breakIt(true)
        try live.tapLanguages(Self.taps(from: "us,es", to: "us,fr"))  // the user's keymap cannot be given back
        #expect(Harness.waitFor(5) { session.errors.contains("could not restore the keymap") }, "\(session.errors)")
        #expect(live.query() == "us,es" && live.record().contains(" us,es evdev pc105 us % %"), "\(live.query()) \(live.record())")
        session.geometryArguments = ["--languages", "us,fr"]
        try session.tap(["ad01", "return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(session.received == "q\nq\n", "\(session.said)")

        breakIt(false)
        #expect(session.stopKeyboard() == 0)
        #expect(live.query() == "us" && live.record() == "", "given back as the keyboard ends: \(live.query()) \(live.record())")
        #expect(live.server.heldKeycodes.isEmpty)
    }
}
