import ClavierCore
import ClavierTestSupport
import ClavierX11
import CX11
import Foundation
import Testing

/// The language key (issue 27, part 5) with `--languages us,de,ru` beside a real xterm: the
/// keymap's groups are made us, de, ru; a tap on the globe locks the next group, so the key
/// right of T types z under de and the key right of Tab й under ru; a long press on the globe
/// and a slide onto its first entry goes back to us. The suggestions' language follows.
@Suite(.serialized, .needsDisplay) struct LanguageKeyIntegrationTests {
    @Test func theGlobeSwitchesTheGroupAndTheKeysTypeItsCharacters() throws {
        let languages = ["--languages", "us,de,ru"]
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"] + languages,
                                          geometryArguments: languages, environment: ["CLAVIER_LOG": "debug"])
        let server = session.server
        #expect(Harness.waitFor(15) { session.errors.contains("made the word predictor for 'en'") }, "\(session.said)")
        let query = try Harness.run(["setxkbmap", "-display", server.display, "-query"])
        #expect(query.out.contains("us,de,ru"), "the keymap's groups: \(query.out) \(query.err)")
        try session.tap(["ad06", "language"])
        #expect(Harness.waitFor(5) { server.group == 1 }, "the globe did not lock group 1; clavier said: \(session.errors)")
        #expect(Harness.waitFor(10) { session.errors.contains("suggestions in 'de', the keymap's language") }, "\(session.said)")
        usleep(300_000)  // the keyboard hears of the group and relabels
        try session.tap(["ad06", "language"])
        #expect(Harness.waitFor(5) { server.group == 2 }, "the globe did not lock group 2; clavier said: \(session.errors)")
        #expect(Harness.waitFor(10) { session.errors.contains("suggestions in 'ru', the keymap's language") }, "\(session.said)")
        usleep(300_000)
        try session.tap(["ad01"])

        // A long press lists the languages above the globe, us first: a slide onto it chooses it.
        let globe = try session.press("language", pause: 900_000)
        let f = server.frame(of: session.keyboardWindow)
        server.movePointer(x: f.x + globe.midX, y: f.y + globe.y - globe.height / 2 - 4)
        server.button(down: false)
        #expect(Harness.waitFor(5) { server.group == 0 }, "the long press did not choose us; clavier said: \(session.errors)")
        usleep(300_000)
        try session.tap(["ad01", "return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "yzйq\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(server.heldKeycodes.isEmpty)
    }

    /// The keymap is the user's again when the keyboard quits (issue 27, part 5): after
    /// `clavier quit` and after SIGTERM the groups are `us` and the first group is locked; a
    /// keyboard killed with SIGKILL cannot restore it, so the next keyboard does, at its start;
    /// a keymap changed by someone else meanwhile is left alone.
    @Test func theKeymapIsRestoredWhenTheKeyboardQuits() throws {
        let scratch = TemporaryDirectory(), runtime = scratch.path
        let arguments = ["--no-sound", "--languages", "us,de,ru"]
        let session = try KeyboardSession(windowManager: false, clavierArguments: arguments,
                                          geometryArguments: ["--languages", "us,de,ru"], environment: ["XDG_RUNTIME_DIR": runtime])
        let server = session.server
        /// A line of `setxkbmap -query` (layout, variant, options).
        func query(_ field: String = "layout") -> String {
            let query = try? Harness.run(["setxkbmap", "-display", server.display, "-query"])
            let line = query?.out.split(separator: "\n").first { $0.hasPrefix(field + ":") }
            return line.map { String($0.dropFirst(field.count + 1)).trimmingCharacters(in: .whitespaces) } ?? ""
        }
        func layouts() -> String { query() }
        /// What the root window's record of the changed keymap says.
        func record() -> String {
            WindowProperty.text(server.connection, server.root, XInternAtom(server.connection, "_CLAVIER_CHANGED_KEYMAP", 0)) ?? ""
        }
        #expect(layouts() == "us,de,ru")
        #expect(record().contains(" us,de,ru evdev pc105 us % %"), "the record: \(record())")
        try session.tap(["language"])
        #expect(Harness.waitFor(5) { server.group == 1 }, "the globe did not lock group 1; clavier said: \(session.errors)")
        let quit = try Harness.clavier(["quit"], environment: server.env.merging(["XDG_RUNTIME_DIR": runtime]) { $1 })
        #expect(quit.status == 0, "\(quit.err)")
        #expect(session.clavier.wait(seconds: 10) == 0)
        #expect(layouts() == "us", "after clavier quit; clavier said: \(session.errors)")
        #expect(server.group == 0)
        #expect(record() == "")

        try session.startKeyboard(arguments: arguments)
        #expect(Harness.waitFor(5) { layouts() == "us,de,ru" })
        #expect(session.stopKeyboard() == 0)
        #expect(layouts() == "us", "after SIGTERM; clavier said: \(session.errors)")

        // A variant and options are given back too: setxkbmap -layout drops the variant.
        _ = try Harness.run(["setxkbmap", "-display", server.display, "-layout", "us", "-variant", "dvorak", "-option", "ctrl:nocaps"])
        try session.startKeyboard(arguments: arguments)
        #expect(query("variant") == "")
        session.clavier.signal(SIGKILL)
        #expect(session.clavier.wait(seconds: 10) == 128 + SIGKILL)
        #expect(layouts() == "us,de,ru")
        try session.startKeyboard(arguments: ["--no-sound"])
        #expect(Harness.waitFor(5) { layouts() == "us" }, "a killed keyboard's keymap was not restored by the next; \(session.errors)")
        #expect(query("variant") == "dvorak" && query("options") == "ctrl:nocaps")
        #expect(record() == "")
        #expect(session.stopKeyboard() == 0)
        #expect(layouts() == "us" && query("variant") == "dvorak")

        // A keymap someone else changed while the keyboard ran is theirs: it is left as it is.
        try session.startKeyboard(arguments: arguments)
        _ = try Harness.run(["setxkbmap", "-display", server.display, "fr"])
        #expect(session.stopKeyboard() == 0)
        #expect(layouts() == "fr" && record() == "", "\(record())")
        #expect(server.heldKeycodes.isEmpty)
    }

    /// A `_CLAVIER_CHANGED_KEYMAP` planted by another X client (issue 34, item 9), owned by a
    /// dead pid on this host and saying the keymap was changed to what it is now: no keyboard
    /// runs setxkbmap with its values, since none of this user's keyboards kept a receipt of
    /// it; a kiosk without `languages` leaves it untouched, any other keyboard removes it.
    @Test func aPlantedKeymapRecordIsNeverRestored() throws {
        let scratch = TemporaryDirectory(), runtime = scratch.path
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil, environment: ["XDG_RUNTIME_DIR": runtime])
        let server = session.server, c = server.connection
        func layouts() -> String {
            let query = try? Harness.run(["setxkbmap", "-display", server.display, "-query"])
            let line = query?.out.split(separator: "\n").first { $0.hasPrefix("layout:") }
            return line.map { String($0.dropFirst(7)).trimmingCharacters(in: .whitespaces) } ?? ""
        }
        let atom = XInternAtom(c, "_CLAVIER_CHANGED_KEYMAP", 0)
        func record() -> String { WindowProperty.text(c, server.root, atom) ?? "" }
        // A pid that ran and is gone, in this pid namespace and on this host.
        let gone = try ChildProcess(["/bin/true"])
        #expect(gone.wait(seconds: 5) == 0)
        let here = KeycodeOwner.current
        let planted = KeymapRecord(original: XKBNames(rules: "evdev", model: "pc105", layout: "ru", options: "terminate:ctrl_alt_bksp"),
                                   changedTo: "us", owner: KeycodeOwner(pid: gone.pid, start: 1, namespace: here.namespace, host: here.host))
        var bytes = Array(planted.text.utf8)
        XChangeProperty(c, server.root, atom, UInt(XA_STRING), 8, PropModeReplace, &bytes, Int32(bytes.count))
        XSync(c, 0)
        #expect(layouts() == "us")

        try session.startKeyboard(arguments: ["--no-sound", "--kiosk"])
        usleep(300_000)
        #expect(layouts() == "us", "a kiosk keyboard ran setxkbmap with a planted record; it said: \(session.errors)")
        #expect(record() == planted.text, "a kiosk without languages touched the record: \(record())")
        #expect(session.stopKeyboard() == 0)

        try session.startKeyboard(arguments: ["--no-sound"])
        usleep(300_000)
        #expect(layouts() == "us", "a keyboard ran setxkbmap with a planted record; it said: \(session.errors)")
        #expect(record() == "", "the planted record stays: \(record())")
        #expect(session.errors.contains("that no keyboard of yours wrote"), "\(session.errors)")
        #expect(session.stopKeyboard() == 0)
        #expect(layouts() == "us")
    }

    /// On the `us` touch layout with `--languages us,ru` (issue 51) the globe brings the `ru`
    /// layout: its keys type Cyrillic into xterm and the suggestions are Russian; the globe
    /// there gives `us` again.
    @Test func onATouchLayoutTheGlobeBringsTheNextLanguagesLayout() throws {
        let runtime = TemporaryDirectory()
        let arguments = ["--layout", "us", "--languages", "us,ru"]
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"] + arguments, geometryArguments: arguments,
                                          environment: ["CLAVIER_LOG": "debug", "XDG_RUNTIME_DIR": runtime.path])
        func shown() -> String? {
            let status = try? Harness.clavier(["status", "--json"], environment: session.server.env.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
            return status.flatMap { try? JSONDecoder().decode(KeyboardStatus.self, from: Data($0.out.utf8)) }?.layout
        }
        #expect(Harness.waitFor(10) { shown() == "us" }, "\(session.said)")
        try session.tap(["q", "language"])
        #expect(Harness.waitFor(10) { shown() == "ru" }, "the globe did not bring ru: \(shown() ?? "no answer"); \(session.said)")
        #expect(Harness.waitFor(10) { session.errors.contains("suggestions in 'ru'") }, "\(session.said)")
        session.geometryArguments = ["--layout", "ru", "--languages", "us,ru"]
        try session.tap(["п", "р", "и", "в", "е", "т", "language"])
        #expect(Harness.waitFor(10) { shown() == "us" }, "the globe did not bring us back: \(shown() ?? "no answer"); \(session.said)")
        session.geometryArguments = arguments
        try session.tap(["q", "return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "qприветq\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }
}
