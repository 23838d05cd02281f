import ClavierTestSupport
import CX11
import Foundation
import Testing

/// Issue 51: typing a word of letters the keymap lacks (ru under `us`) changed the keymap
/// once per letter and once more per give-back, each change a `MappingNotify` to every client:
/// openbox reloads its keyboard handling on each (~30 ms, four times a change) while holding
/// the clicks it grabs, so clicks reached the keyboard late and wrong. A page's letters are now
/// lent together at the first one typed, in one request, and given back in one.
@Suite(.serialized, .needsClavier, .needsDisplay, .needs("xkbcomp", "xev", "xprop"))
struct BorrowBatchTests {
    /// "Привет" (six letters, none on `us`) changed the keymap 12 times (a borrow per letter,
    /// give-backs in several batches): a plain client heard 13 MappingNotify (one more as the
    /// XTest keyboard first typed), an XKB client 36 XkbMapNotify (one per keyboard device).
    /// Now the layout's letters are lent when the keyboard shows, in one change, and kept while
    /// it shows: typing the word changes the keymap nowhere (openbox never reloads inside it),
    /// and stopping the keyboard gives everything back in one more. The bounds leave room for
    /// two more changes. Everything borrowed is given back, the whole XKB keymap as it was
    /// before the keyboard started, the keycodes between the borrowed ones (written back with
    /// each batch) too.
    @Test func aWordOffTheKeymapChangesItFewTimesAndGivesEverythingBack() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil, geometryArguments: ["--layout", "ru"])
        let before = try Self.xkbDump(session.server)
        let coreBefore = session.server.keymapDump
        let listener = try MappingNotifyCounter(session.server)
        let xkbListener = try XkbMapNotifyCounter(display: session.server.display)
        try session.startKeyboard(arguments: ["--no-sound", "--layout", "ru"])
        #expect(Harness.waitFor(5) { !KeycodeRecoveryTests.ledger(session.server).isEmpty }, "nothing was lent when ru showed")
        usleep(300_000)
        let atShow = listener.count()
        #expect(atShow >= 1, "the letters lent at show changed nothing: \(atShow)")
        try session.tap(["shift", "п", "р", "и", "в", "е", "т", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "Привет\n", "\(session.said)")
        usleep(300_000)  // any change the word made would come now
        let whileTyping = listener.count() - atShow
        // At most one: the XTest keyboard's first typing makes the server copy the keymap to it.
        #expect(whileTyping <= 1, "typing Привет changed the keymap \(whileTyping) times: \(listener.keycodes)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.keymapDump == coreBefore, "the borrowed keycodes were not given back")
        #expect(KeycodeRecoveryTests.ledger(session.server).isEmpty)
        let changes = listener.count()
        #expect(changes >= 2, "a lend and a give-back at least: \(changes)")
        // An XKB request is heard twice by a plain client (the core keyboard's and the XTest
        // keyboard's change): 2 per change, and 1 as the XTest keyboard first types.
        #expect(changes <= 9, "showing ru, typing Привет and stopping changed the keymap \(changes) times: \(listener.keycodes)")
        // Four per change (the core keyboard twice, each keyboard device once).
        let xkbChanges = xkbListener.count()
        #expect(xkbChanges <= 16, "the XKB keymap changed \(xkbChanges) times (devices \(xkbListener.devices))")
        #expect(try Self.xkbDump(session.server) == before, "the XKB keymap differs after the give-back")
    }

    /// A layout switch under `us` (ru to el) gives back ru's letters and lends el's in one keymap
    /// change; the ru letter tapped just before it (too recently for its keycode to change) is
    /// not given back while el's letters are lent, so typing on el changes the keymap nowhere.
    /// Before, a switch made two changes and the give-back a third, 250 ms after the ru letter.
    @Test func aLayoutSwitchChangesTheKeymapOnceAndTypingAfterItNowhere() throws {
        let runtime = TemporaryDirectory()
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil, geometryArguments: ["--layout", "ru"],
                                          environment: ["XDG_RUNTIME_DIR": runtime.path])
        let coreBefore = session.server.keymapDump
        let xkbListener = try XkbMapNotifyCounter(display: session.server.display)
        try session.startKeyboard(arguments: ["--no-sound", "--layout", "ru"])
        #expect(Harness.waitFor(5) { !KeycodeRecoveryTests.ledger(session.server).isEmpty }, "nothing was lent when ru showed")
        try session.tap(["п", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        usleep(300_000)
        _ = xkbListener.count()  // those so far: each count is of the events since the last
        func clavier(_ arguments: String...) throws -> Int32 {
            try Harness.clavier(arguments, environment: session.server.env.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }).status
        }
        try session.tap(["п"])
        #expect(try clavier("layout", "el") == 0)
        usleep(600_000)  // the switch's change, and a give-back of п's keycode 250 ms after it, if any
        // Four XkbMapNotify a change (the core keyboard twice, each keyboard device once).
        let switchChanges = xkbListener.count()
        #expect(switchChanges <= 4, "the switch from ru to el made \(switchChanges) XkbMapNotify (\(xkbListener.devices))")
        session.geometryArguments = ["--layout", "el"]
        try session.tap(["λ", "ε", "ξ", "η", "return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(session.received == "п\nпλεξη\n", "\(session.said)")
        usleep(600_000)
        let afterTyping = xkbListener.count()
        #expect(afterTyping == 0, "typing on el changed the keymap: \(afterTyping) XkbMapNotify")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.keymapDump == coreBefore, "the borrowed keycodes were not given back")
        #expect(KeycodeRecoveryTests.ledger(session.server).isEmpty)
    }

    /// The globe between us and ru on a keymap with both groups locks ru's group, which has ru's
    /// letters: nothing is lent and the keymap does not change, there or back. Before, the letters
    /// were looked up in the group the lock was leaving (its `XkbStateNotify` not read yet): each
    /// tap on the globe lent 16 keycodes, a keymap change (4 XkbMapNotify) that openbox answers
    /// by holding the clicks.
    @Test func theGlobeChangesNoKeymapWhereTheNextGroupHasTheLetters() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil,
                                          geometryArguments: ["--layout", "us", "--languages", "us,ru"])
        let xkbListener = try XkbMapNotifyCounter(display: session.server.display)
        try session.startKeyboard(arguments: ["--no-sound", "--layout", "us", "--languages", "us,ru"])
        func layouts() -> String {
            let query = try? Harness.run(["setxkbmap", "-display", session.server.display, "-query"])
            return query?.out.split(separator: "\n").first { $0.hasPrefix("layout:") }.map(String.init) ?? ""
        }
        #expect(Harness.waitFor(5) { layouts().hasSuffix(" us,ru") }, "the keymap's groups: \(layouts())")
        usleep(300_000)
        _ = xkbListener.count()  // the groups made at the start
        try session.tap(["language"])
        #expect(Harness.waitFor(5) { session.server.group == 1 }, "the globe did not lock ru's group; \(session.said)")
        session.geometryArguments = ["--layout", "ru", "--languages", "us,ru"]
        try session.tap(["п", "р", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "пр\n", "\(session.said)")
        usleep(400_000)
        #expect(xkbListener.count() == 0, "the globe to ru changed the keymap")
        #expect(KeycodeRecoveryTests.ledger(session.server).isEmpty, "lent: \(KeycodeRecoveryTests.ledger(session.server))")
        try session.tap(["language"])
        #expect(Harness.waitFor(5) { session.server.group == 0 }, "the globe did not lock us's group; \(session.said)")
        usleep(400_000)
        #expect(xkbListener.count() == 0, "the globe back to us changed the keymap")
        #expect(KeycodeRecoveryTests.ledger(session.server).isEmpty)
        #expect(session.stopKeyboard() == 0)
    }

    /// Keycodes lent ahead, still lent when the keyboard is stopped, are given back on exit, the
    /// XKB keymap as it was.
    @Test func whatIsLentWhenTheKeyboardStopsIsGivenBack() throws {
        // Read before the keyboard starts: it lends ru's letters as soon as it shows.
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil, geometryArguments: ["--layout", "ru"])
        let before = try Self.xkbDump(session.server)
        let coreBefore = session.server.keymapDump
        try session.startKeyboard(arguments: ["--no-sound", "--layout", "ru"])
        try session.tap(["ж", "return"])
        #expect(session.stopKeyboard() == 0)
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "ж\n", "\(session.said)")
        #expect(session.server.keymapDump == coreBefore)
        #expect(KeycodeRecoveryTests.ledger(session.server).isEmpty)
        #expect(try Self.xkbDump(session.server) == before, "the XKB keymap differs after exit")
    }

    /// The server's whole XKB keymap as xkbcomp writes it (types, actions, groups: more than
    /// the core mapping `keymapDump` reads).
    static func xkbDump(_ server: XServer) throws -> String {
        let result = try Harness.run(["xkbcomp", "-xkb", server.display, "-"])
        guard result.status == 0 else { throw HarnessError("xkbcomp: \(result.err)") }
        return result.out
    }
}

/// An XKB client (as GTK and openbox are), counting the `XkbMapNotify` events of the core
/// keyboard: one per change of its keymap, whatever request made it.
final class XkbMapNotifyCounter {
    private let connection: OpaquePointer
    private var eventBase: Int32 = 0
    var devices: [UInt32] = []

    init(display: String) throws {
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion), opcode: Int32 = 0, error: Int32 = 0, reason: Int32 = 0
        guard let connection = XkbOpenDisplay(display, &eventBase, &error, &major, &minor, &reason) else {
            throw HarnessError("cannot open \(display) with XKB (\(reason))")
        }
        _ = opcode
        self.connection = connection
        XkbSelectEvents(connection, UInt32(XkbUseCoreKbd), UInt32(XkbMapNotifyMask), UInt32(XkbMapNotifyMask))
        XSync(connection, 0)
    }

    deinit { XCloseDisplay(connection) }

    /// How many arrived so far (read now).
    func count() -> Int {
        XSync(connection, 0)
        var n = 0
        var event = XEvent()
        while XPending(connection) > 0 {
            XNextEvent(connection, &event)
            guard event.type == eventBase else { continue }
            let any = withUnsafePointer(to: &event) { $0.withMemoryRebound(to: XkbAnyEvent.self, capacity: 1) { $0.pointee } }
            if any.xkb_type == XkbMapNotify { n += 1; devices.append(any.device) }
        }
        return n
    }
}

/// A plain X client, counting the keyboard `MappingNotify` events the server sends it: xev
/// without XKB (`XKB_DISABLE=1`), as a client that does not speak XKB gets one per mapping
/// change, selected or not. (An XKB client of Xlib's is sent XKB's own events instead.)
final class MappingNotifyCounter {
    private let directory = TemporaryDirectory()
    private var log: String { directory.file("xev.log") }

    init(_ server: XServer) throws {
        try server.start(["sh", "-c", "exec xev -root -event property > '\(log)'"], environment: ["XKB_DISABLE": "1"])
        // Listening once it reports a property change on the root window.
        let listening = Harness.waitFor(5) {
            _ = try? Harness.run(["xprop", "-display", server.display, "-root", "-f", "_CLAVIER_TEST", "8s", "-set", "_CLAVIER_TEST", "1"])
            return TextFile.read(self.log)?.contains("PropertyNotify") == true
        }
        guard listening else { throw HarnessError("xev did not start") }
    }

    /// How many arrived so far.
    func count() -> Int { keycodes.count }

    /// The keycodes each said (`first_keycode N, count M`), in order.
    var keycodes: [String] {
        (TextFile.read(log) ?? "").components(separatedBy: "\n").filter { $0.contains("request MappingKeyboard") }
            .map { $0.components(separatedBy: "request MappingKeyboard, ").last ?? $0 }
    }
}
