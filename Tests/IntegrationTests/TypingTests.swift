import CX11
import ClavierCore
import Foundation
import Testing

/// The keys a user clicks to type "Hello, World! 42" and Return on the us layout.
let helloWorldTaps = ["shift", "h", "e", "l", "l", "o", "page-numbers", ",", "page-letters", "space",
                      "shift", "w", "o", "r", "l", "d", "page-numbers", "!", "space", "4", "2", "return"]

@Suite(.serialized) struct TypingTests {
    @Test(arguments: [false, true])
    func typesHelloWorldIntoXterm(windowManager: Bool) throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
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
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let config = try #require(session.environment["XDG_CONFIG_HOME"]) + "/clavier"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let raw = session.directory.appendingPathComponent("click.raw").path
        try "sound-device: \"file:'\(raw)',raw\"\n".write(toFile: config + "/config.yaml", atomically: true, encoding: .utf8)
        _ = try KeyboardSession.restartKeyboard(session, arguments: [])
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(5) { session.received == "hi\n" }, "typed: \(session.received.debugDescription); \(session.errors)")
        #expect(Harness.waitFor(5) { FileManager.default.fileExists(atPath: raw) }, "no click reached \(raw): \(session.errors)")
        #expect(session.stopKeyboard() == 0)
        #expect(session.server.heldKeycodes.isEmpty, "keys left held: \(session.server.heldKeycodes)")
    }

    @Test(arguments: [false, true])
    func docksFullWidthAtTheBottomWithoutDecorations(windowManager: Bool) throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let session = try KeyboardSession(windowManager: windowManager)
        let server = session.server
        let f = server.frame(of: session.keyboardWindow)
        #expect(f.x == 0 && f.width == server.width)
        #expect(f.y + f.height == server.height)
        // us has four rows of 16 mm keys; Xvfb's RandR monitor and core millimetres differ slightly.
        let pixelsPerMM = Double(server.height) / Double(XDisplayHeightMM(server.connection, 0))
        let expected = 4 * DockHeight.rowPitchMillimetres * pixelsPerMM
        #expect(abs(Double(f.height) - expected) < 0.06 * expected, "height \(f.height), expected about \(expected)")
        let type = server.property(of: session.keyboardWindow, XInternAtom(server.connection, "_NET_WM_WINDOW_TYPE", 0))
        #expect(type == [Int(XInternAtom(server.connection, "_NET_WM_WINDOW_TYPE_DOCK", 0))])
        if windowManager {
            // No frame: the window manager did not reparent it into a decorated frame that is taller.
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            XQueryTree(server.connection, session.keyboardWindow, &root, &parent, &children, &count)
            if let children { XFree(children) }
            if parent != root { #expect(server.frame(of: parent).height == f.height) }
        }
    }

    @Test func floatsAtTheGivenGeometry() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--geometry", "800x260+100+200"])
        let f = session.server.frame(of: session.keyboardWindow)
        #expect(f.x == 100 && f.y == 200 && f.width == 800 && f.height == 260)
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(10) { session.received == "hi\n" }, "xterm received \(session.received.debugDescription)")
    }

    @Test func symbolsOffTheKeymapArriveAndTheKeymapIsRestored() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
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

@Suite struct CommandLineTests {
    @Test func withoutADisplayItSaysSoInOneLineAndExits1() throws {
        guard FileManager.default.isExecutableFile(atPath: Harness.clavierBinary) else {
            Issue.record("no clavier binary at \(Harness.clavierBinary)")
            return
        }
        let result = try Harness.run(["/usr/bin/env", "-u", "DISPLAY", Harness.clavierBinary, "--no-sound"])
        #expect(result.status == 1)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.err)")
        #expect(result.err.contains("cannot open an X display: DISPLAY is not set"))
    }

    @Test func geometryPrintsTheKeysAsJSON() throws {
        guard FileManager.default.isExecutableFile(atPath: Harness.clavierBinary) else {
            Issue.record("no clavier binary at \(Harness.clavierBinary)")
            return
        }
        let result = try Harness.run([Harness.clavierBinary, "geometry", "--layout", "us", "--page", "numbers",
                                      "--size", "800x260"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as! [String: Any]
        #expect(json["layout"] as? String == "us")
        #expect(json["page"] as? String == "numbers")
        #expect(json["width"] as? Int == 800 && json["height"] as? Int == 260)
        let keys = json["keys"] as! [[String: Any]]
        let actions = Set(keys.compactMap { $0["action"] as? String })
        #expect(actions.isSuperset(of: ["1", "\"", "backspace", "page:letters", "page:symbols", "space", "return", "hide"]))
    }

    @Test func badArgumentsAreClearErrors() throws {
        guard FileManager.default.isExecutableFile(atPath: Harness.clavierBinary) else {
            Issue.record("no clavier binary at \(Harness.clavierBinary)")
            return
        }
        let layout = try Harness.run([Harness.clavierBinary, "geometry", "--layout", "nope"])
        #expect(layout.status != 0 && layout.err.contains("no layout 'nope'"))
        let geometry = try Harness.run([Harness.clavierBinary, "--geometry", "huge"])
        #expect(geometry.status != 0 && geometry.err.contains("WxH+X+Y"))
    }
}

@Suite struct LayoutFileCommandTests {
    static var shipped: [String] {
        ["layouts", "themes"].flatMap { dir -> [String] in
            let path = Harness.packageRoot.appendingPathComponent("Assets/\(dir)").path
            return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".yaml") }
                .sorted().map { path + "/" + $0 }
        }
    }

    @Test func checkPassesEveryShippedFileWithOneLine() throws {
        guard FileManager.default.isExecutableFile(atPath: Harness.clavierBinary) else {
            Issue.record("no clavier binary at \(Harness.clavierBinary)")
            return
        }
        let result = try Harness.run([Harness.clavierBinary, "check"] + Self.shipped)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.split(separator: "\n").count == 1)
        #expect(result.out.contains("\(Self.shipped.count) files OK"))
    }

    @Test func checkReportsEveryBrokenFileAtItsLineAndColumn() throws {
        guard FileManager.default.isExecutableFile(atPath: Harness.clavierBinary) else {
            Issue.record("no clavier binary at \(Harness.clavierBinary)")
            return
        }
        let dir = Harness.packageRoot.appendingPathComponent("Tests/ClavierLayoutsTests/Broken").path
        let files = ["", "/themes"].flatMap { sub in
            ((try? FileManager.default.contentsOfDirectory(atPath: dir + sub)) ?? []).filter { $0.hasSuffix(".yaml") }
                .map { dir + sub + "/" + $0 }
        }
        #expect(files.count >= 10)
        let result = try Harness.run([Harness.clavierBinary, "check"] + files)
        #expect(result.status == 1)
        for file in files {
            let expect = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")[0].dropFirst("# expect: ".count)
            #expect(result.out.contains("\(file):\(expect)"), "\(file): expected \(expect) in \(result.out)")
        }
    }

    @Test func aBrokenLayoutFallsBackToUSWithTheErrorPrinted() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = dir.appendingPathComponent("broken.yaml")
        try "pages:\n  - id: a\n    rows: [[{label: x, colour: red}]]\n".write(to: broken, atomically: true, encoding: .utf8)
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", broken.path])
        #expect(Harness.waitFor(5) { session.errors.contains("broken.yaml:3:24: unknown field 'colour'") }, "stderr: \(session.errors)")
        #expect(session.errors.contains("using the built-in 'us' layout"))
        session.geometryArguments = ["--layout", "us"]
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(10) { session.received == "hi\n" }, "xterm received \(session.received.debugDescription)")
    }
}
