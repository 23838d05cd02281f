import ClavierCore
import ClavierRender
import ClavierTestSupport
import CX11
import Foundation
import Testing

/// The full PC keyboard (`pc`, `pc-numpad`) and `--key-size`, on a real server beside xterm.
@Suite(.serialized) struct PCLayoutTests {
    /// The ids `clavier geometry` lists for `layout` at 1400×400.
    static func listedIDs(_ layout: String) throws -> Set<String> {
        let result = try Harness.clavier(["geometry", "--layout", layout, "--size", "1400x400"])
        #expect(result.status == 0, "\(result.err)")
        let printed = try JSONDecoder().decode(PrintedGeometry.self, from: Data(result.out.utf8))
        return Set(printed.keys.map(\.id))
    }

    @Test(.needsClavier) func geometryListsTheWholeKeyboard() throws {
        let whole = ["esc", "left", "up", "right", "down", "home", "end", "pgup", "pgdn", "ins", "del", "tab", "caps",
                     "lshift", "rshift", "lctrl", "lsuper", "lalt", "altgr", "menu", "rctrl", "space", "return", "backspace",
                     "print", "scroll", "pause", "ad01", "ac11", "ae12", "tlde", "lsgt"] + (1...12).map { "f\($0)" }
        let pc = try Self.listedIDs("pc")
        #expect(Set(whole).subtracting(pc).isEmpty, "missing: \(Set(whole).subtracting(pc).sorted())")
        #expect(!pc.contains("kp7") && !pc.contains(""), "no numeric pad and no gap in pc")
        let pad = try Self.listedIDs("pc-numpad")
        #expect(pad.isSuperset(of: pc.union(["numlock", "kp7", "kp0", "kpdl", "kpen", "kpad", "kpdv"])))
    }

    /// The pixels of `rect` in `image` (`width` pixels a row, `stride` words a row).
    static func pixels(of rect: PrintedGeometry.Box, in data: [UInt32], stride: Int) -> [UInt32] {
        (rect.y..<rect.y + rect.height).flatMap { y in (rect.x..<rect.x + rect.width).map { data[y * stride + $0] & 0xFFFFFF } }
    }

    /// The pixels of key `id` on screen now.
    static func keyPixels(_ session: KeyboardSession, _ id: String) throws -> [UInt32] {
        let key = try #require(try session.geometry(page: "keys")[id])
        let screen = try #require(session.server.pixels(of: session.keyboardWindow))
        return pixels(of: key, in: screen.data, stride: screen.width)
    }

    /// Under a de keymap the keys show ü ö ä ß, y where us has z, and the dead keys their
    /// accents, painted exactly as keys written with those labels; and they type them.
    @Test(.needsDisplay) func deKeymapShowsAndTypesUmlauts() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "pc", "--dock", "bottom"],
                                          layout: "de")
        let f = session.server.frame(of: session.keyboardWindow)
        #expect(f.width == session.server.width, "--dock docks the wide layout")
        // The same layout with those four keys written with the de labels, for `clavier render`.
        let expected = ["ad11": "ü", "ac10": "ö", "ac11": "ä", "ae11": "ß", "tlde": "^", "ae12": "´", "ab01": "y"]
        var text = try String(contentsOf: Harness.packageRoot.appendingPathComponent("Assets/layouts/pc.yaml"), encoding: .utf8)
        for (id, label) in expected {
            let line = try #require(text.split(separator: "\n").first { $0.contains("{id: \(id),") })
            text = text.replacingOccurrences(of: String(line), with: "        - {id: \(id), label: \"\(label)\", action: {text: \"\(label)\"}}")
        }
        let file = session.directory.appendingPathComponent("pc-de.yaml").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let png = session.directory.appendingPathComponent("pc-de.png").path
        let render = try Harness.clavier(["render", "--layout", file, "--size", "\(f.width)x\(f.height)", "--output", png])
        #expect(render.status == 0, "\(render.err)")
        let image = try Canvas.readPNG(path: png)
        let rendered = Array(UnsafeBufferPointer(start: image.data.assumingMemoryBound(to: UInt32.self),
                                                 count: image.stride / 4 * image.size.height))
        let keys = try session.geometry(page: "keys")
        for id in expected.keys.sorted() {
            let key = try #require(keys[id])
            let shown = try Self.keyPixels(session, id), painted = Self.pixels(of: key, in: rendered, stride: image.stride / 4)
            #expect(shown == painted, "key \(id) does not show \(expected[id]!)")
        }
        // AltGr latched, then q: de's @, and AltGr is used up.
        try session.tap(["ad11", "ac10", "ac11", "ae11", "altgr", "ad01", "ad01", "return"], startingOn: "keys")
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "üöäß@q\n", "\(session.said)")
    }

    /// Under a de keymap the ISO key beside left Shift is the only one for < > |: it types
    /// them alone, after Shift and after AltGr.
    @Test(.needsDisplay) func deKeymapTypesTheISOKey() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "pc", "--dock", "bottom"],
                                          layout: "de")
        try session.tap(["lsgt", "lshift", "lsgt", "altgr", "lsgt", "lsgt", "return"], startingOn: "keys")
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "<>|<\n", "\(session.said)")
    }

    /// Ctrl tapped on the keyboard, then c, interrupts the command running in xterm.
    @Test(.needsDisplay) func ctrlThenCInterruptsCat() throws {
        let dir = TemporaryDirectory()
        let status = dir.file("status")
        let command = "stty -echo; trap 'echo interrupted > \(status)' INT; cat > 'OUTPUT'"
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "pc", "--dock", "bottom"],
                                          shellCommand: command)
        try session.tap(["ac06", "ad08", "return", "lctrl", "ab03"], startingOn: "keys")
        #expect(Harness.waitFor(10) { (try? String(contentsOfFile: status, encoding: .utf8)) == "interrupted\n" }, "\(session.said)")
        #expect(session.received == "hi\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
    }

    /// Caps Lock pressed on the physical keyboard (XTest from outside clavier) lights the
    /// Caps Lock key and capitalises the letters; the on-screen key turns it off again.
    @Test(.needsDisplay) func capsLockShowsTheServersLock() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "pc", "--dock", "bottom"])
        let server = session.server
        let capsOff = try Self.keyPixels(session, "caps"), qLower = try Self.keyPixels(session, "ad01")
        Self.pressOutside(server, XK_Caps_Lock)
        #expect(Self.capsLocked(server))
        #expect(try Harness.waitFor(5) { try Self.keyPixels(session, "caps") != capsOff }, "Caps Lock is not shown locked")
        #expect(try Self.keyPixels(session, "ad01") != qLower, "q is not shown as Q")
        try session.tap(["ad01", "caps"], startingOn: "keys")
        #expect(Harness.waitFor(5) { !Self.capsLocked(server) }, "the on-screen Caps Lock did not unlock")
        #expect(try Harness.waitFor(5) { try Self.keyPixels(session, "caps") == capsOff }, "Caps Lock still shown locked")
        #expect(try Self.keyPixels(session, "ad01") == qLower)
        try session.tap(["ad01", "return"], startingOn: "keys")
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "Qq\n", "\(session.said)")
    }

    /// Num Lock set from outside lights the Num Lock key and turns the keypad's Home into 7.
    @Test(.needsDisplay) func numLockShowsTheServersLock() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "pc-numpad", "--dock", "bottom"],
                                          geometryArguments: ["--layout", "pc-numpad"])
        let server = session.server
        let numOff = try Self.keyPixels(session, "numlock"), home = try Self.keyPixels(session, "kp7")
        Self.pressOutside(server, XK_Num_Lock)
        #expect(try Harness.waitFor(5) { try Self.keyPixels(session, "numlock") != numOff }, "Num Lock is not shown locked")
        #expect(try Self.keyPixels(session, "kp7") != home, "the keypad's 7 still shows Home")
        try session.tap(["kp7", "kp1", "return"], startingOn: "keys")
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "71\n", "\(session.said)")
    }

    /// Presses and releases the key of `keysym` as a physical keyboard would, from the
    /// test's own connection (XTest), not through clavier.
    static func pressOutside(_ server: XServer, _ keysym: Int32) {
        let keycode = UInt32(XKeysymToKeycode(server.connection, KeySym(keysym)))
        XTestFakeKeyEvent(server.connection, keycode, 1, 0)
        XTestFakeKeyEvent(server.connection, keycode, 0, 0)
        XSync(server.connection, 0)
    }

    static func capsLocked(_ server: XServer) -> Bool {
        var state = XkbStateRec()
        XkbGetState(server.connection, UInt32(XkbUseCoreKbd), &state)
        return state.locked_mods & UInt8(LockMask) != 0
    }

    /// pc floats with keys 16 mm apart; `--key-size 12` makes them 12 mm apart, floating and docked.
    @Test(.needsDisplay) func keySizeSetsTheKeyPitchInMillimetres() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", "pc"])
        let server = session.server
        // Xvfb's RandR monitor and core millimetres differ slightly.
        let pixelsPerMM = Double(server.height) / Double(XDisplayHeightMM(server.connection, 0))
        func near(_ pixels: Int, _ millimetres: Double) -> Bool { abs(Double(pixels) - millimetres * pixelsPerMM) < 0.06 * millimetres * pixelsPerMM }
        let floating = server.frame(of: session.keyboardWindow)
        #expect(floating.width < server.width && near(floating.width, 18.5 * 16), "floating by default, 16 mm keys: \(floating)")
        _ = session.stopKeyboard()
        try session.startKeyboard(arguments: ["--no-sound", "--layout", "pc", "--key-size", "12"])
        let smaller = server.frame(of: session.keyboardWindow)
        #expect(near(smaller.width, 18.5 * 12), "12 mm keys: \(smaller)")
        let keys = try session.geometry(page: "keys", size: (smaller.width, smaller.height - 18))
        let q = try #require(keys["ad01"]), w = try #require(keys["ad02"])
        #expect(near((w.x - q.x) * 10, 120), "the key pitch: \(w.x - q.x) px")
        _ = session.stopKeyboard()
        try session.startKeyboard(arguments: ["--no-sound", "--layout", "pc", "--key-size", "12", "--dock", "bottom"])
        let docked = server.frame(of: session.keyboardWindow)
        // Six rows and the suggestion bar, given a row of its own to fit.
        #expect(docked.width == server.width && near(docked.height, 7 * 12), "docked rows 12 mm apart: \(docked)")
    }
}
