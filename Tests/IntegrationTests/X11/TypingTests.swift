import ClavierCore
import ClavierTestSupport
import CX11
import Foundation
import Testing

/// The keys a user clicks to type "Hello, World! 42" and Return on the us layout.
let helloWorldTaps = ["shift", "h", "e", "l", "l", "o", "page-numbers", ",", "page-letters", "space",
                      "shift", "w", "o", "r", "l", "d", "page-numbers", "!", "space", "4", "2", "return"]

@Suite(.serialized, .needsDisplay) struct TypingTests {
    @Test(arguments: [false, true])
    func typesHelloWorldIntoXterm(windowManager: Bool) throws {
        let session = try KeyboardSession(windowManager: windowManager)
        let keymapBefore = session.server.keymapDump
        try session.tap(helloWorldTaps)
        let arrived = Harness.waitFor(10) { session.received.hasSuffix("\n") }
        #expect(arrived, "xterm received: \(session.received.debugDescription); clavier said: \(session.errors)")
        #expect(session.received == "Hello, World! 42\n", "clavier said: \(session.errors)")
        #expect(session.server.focus == session.xtermWindow, "the focus moved off the xterm")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
        #expect(session.server.keymapDump == keymapBefore)
    }

    /// A bare `clavier`, as autostart runs it, starts without ArgumentParser (Clavier.main):
    /// it still reads the config file (here: where the click goes), clicks and types.
    @Test func aBareClavierReadsItsConfigClicksAndTypes() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let config = try #require(session.environment["XDG_CONFIG_HOME"]) + "/clavier"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let raw = session.directory.appendingPathComponent("click.raw").path
        try "sound-device: \"file:'\(raw)',raw\"\n".write(toFile: config + "/config.yaml", atomically: true, encoding: .utf8)
        try session.startKeyboard(arguments: [])
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(5) { session.received == "hi\n" }, "typed: \(session.received.debugDescription); \(session.errors)")
        #expect(Harness.waitFor(5) { FileManager.default.fileExists(atPath: raw) }, "no click reached \(raw): \(session.errors)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
    }

    @Test(arguments: [false, true])
    func docksFullWidthAtTheBottomWithoutDecorations(windowManager: Bool) throws {
        let session = try KeyboardSession(windowManager: windowManager)
        let server = session.server
        let f = server.frame(of: session.keyboardWindow)
        #expect(f.x == 0 && f.width == server.width)
        #expect(f.y + f.height == server.height)
        // us has four rows of 16 mm keys and the suggestion bar, given a row of its own to fit;
        // Xvfb's RandR monitor and core millimetres differ slightly.
        let pixelsPerMM = Double(server.height) / Double(XDisplayHeightMM(server.connection, 0))
        let expected = 5 * DockHeight.rowPitchMillimetres * pixelsPerMM
        #expect(abs(Double(f.height) - expected) < 0.06 * expected, "height \(f.height), expected about \(expected)")
        let type = server.property(of: session.keyboardWindow, "_NET_WM_WINDOW_TYPE")
        #expect(type == [Int(XInternAtom(server.connection, "_NET_WM_WINDOW_TYPE_DOCK", 0))])
        // No frame: the window manager did not reparent it into a decorated frame that is taller.
        if windowManager, let parent = WindowTree.parent(server.connection, of: session.keyboardWindow), parent != server.root {
            #expect(server.frame(of: parent).height == f.height)
        }
    }

    @Test func floatsAtTheGivenGeometry() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--geometry", "800x260+100+200"])
        let f = session.server.frame(of: session.keyboardWindow)
        #expect(f.x == 100 && f.y == 200 && f.width == 800 && f.height == 260)
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(10) { session.received == "hi\n" }, "xterm received \(session.received.debugDescription)")
    }

    @Test func symbolsOffTheKeymapArriveAndTheKeymapIsRestored() throws {
        let session = try KeyboardSession(windowManager: false)
        let before = session.server.keymapDump
        try session.tap(["page-numbers", "page-symbols", "€", "£", "¥", "•", "€", "return"])
        #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") })
        #expect(session.received == "€£¥•€\n")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.keymapDump == before, "the keymap was left changed")
        #expect(session.server.heldKeycodes.isEmpty)
    }
}

@Suite(.needsClavier) struct CommandLineTests {
    @Test func withoutADisplayItSaysSoInOneLineAndExits1() throws {
        let result = try Harness.run(["/usr/bin/env", "-u", "DISPLAY", Harness.clavierBinary, "--no-sound"])
        #expect(result.status == 1)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.err)")
        #expect(result.err.contains("cannot open an X display: DISPLAY is not set"))
    }

    @Test func geometryPrintsTheKeysAsJSON() throws {
        let result = try Harness.clavier(["geometry", "--layout", "us", "--page", "numbers", "--size", "800x260"])
        #expect(result.status == 0)
        // The README's example, fields in its order.
        #expect(result.out.hasPrefix(#"{"layout":"us","page":"numbers","width":800,"height":260,"#
                                     + #""keys":[{"id":"1","label":"1","action":"1","x":4,"y":48,"width":72,"height":44},"#), "\(result.out)")
        let json = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as! [String: Any]
        #expect(json["layout"] as? String == "us")
        #expect(json["page"] as? String == "numbers")
        #expect(json["width"] as? Int == 800 && json["height"] as? Int == 260)
        let keys = json["keys"] as! [[String: Any]]
        let actions = Set(keys.compactMap { $0["action"] as? String })
        #expect(actions.isSuperset(of: ["1", "\"", "backspace", "page:letters", "page:symbols", "space", "return", "hide"]))
    }

    @Test func badArgumentsAreClearErrors() throws {
        let layout = try Harness.clavier(["geometry", "--layout", "nope"])
        #expect(layout.status != 0 && layout.err.contains("no layout 'nope'"))
        let geometry = try Harness.clavier(["--geometry", "huge"])
        #expect(geometry.status != 0 && geometry.err.contains("WxH+X+Y"))
    }
}

@Suite(.needsClavier) struct LayoutFileCommandTests {
    static var shipped: [String] {
        ["layouts", "themes"].flatMap { dir -> [String] in
            let path = Harness.packageRoot.appendingPathComponent("Assets/\(dir)").path
            return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".yaml") }
                .sorted().map { path + "/" + $0 }
        }
    }

    @Test func checkPassesEveryShippedFileWithOneLine() throws {
        let result = try Harness.clavier(["check"] + Self.shipped)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.split(separator: "\n").count == 1)
        #expect(result.out.contains("\(Self.shipped.count) files OK"))
    }

    /// Among good files, a broken layout and a broken theme are each reported at their line
    /// and column (every kind of mistake is ClavierLayoutsTests' BrokenFileTests), and the
    /// command fails.
    @Test func checkReportsABrokenFileAtItsLineAndColumn() throws {
        let broken = Harness.packageRoot.appendingPathComponent("Tests/ClavierLayoutsTests/Broken").path
        let (layout, theme) = (broken + "/unknown-key-field.yaml", broken + "/themes/bad-colour.yaml")
        let result = try Harness.clavier(["check", layout] + Self.shipped + [theme])
        #expect(result.status == 1)
        #expect(result.out.hasPrefix(layout + ":5:24: unknown field 'colour' in a key"), "\(result.out)")
        #expect(result.out.contains("\n" + theme + ":3:8: label: '#12345' is not a colour"), "\(result.out)")
        #expect(!result.out.contains("Assets/"), "a shipped file was reported: \(result.out)")
        #expect(result.err.contains("in \(Self.shipped.count + 2) files"), "\(result.err)")
    }

    @Test(.needsDisplay) func aBrokenLayoutFallsBackToUSWithTheErrorPrinted() throws {
        let dir = TemporaryDirectory()
        let broken = dir.file("broken.yaml")
        try "pages:\n  - id: a\n    rows: [[{label: x, colour: red}]]\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", broken])
        #expect(Harness.waitFor(5) { session.errors.contains("broken.yaml:3:24: unknown field 'colour'") }, "stderr: \(session.errors)")
        #expect(session.errors.contains("using the built-in 'us' layout"))
        session.geometryArguments = ["--layout", "us"]
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(10) { session.received == "hi\n" }, "xterm received \(session.received.debugDescription)")
    }
}
