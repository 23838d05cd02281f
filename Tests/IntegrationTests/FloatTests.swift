import CX11
import ClavierCore
import Foundation
import Testing

/// The floating keyboard: dragged by its handle, resized from its corner, and back at the
/// same place and size on the next run.
@Suite(.serialized) struct FloatTests {
    /// Presses button 1 at `from`, moves the pointer to `to` in steps, as a hand would, and lets go.
    static func drag(_ server: XServer, from: (x: Int, y: Int), to: (x: Int, y: Int)) {
        XTestFakeMotionEvent(server.connection, 0, Int32(from.x), Int32(from.y), 0)
        XSync(server.connection, 0)
        usleep(20_000)
        XTestFakeButtonEvent(server.connection, 1, 1, 0)
        XSync(server.connection, 0)
        usleep(50_000)
        for step in 1...5 {
            XTestFakeMotionEvent(server.connection, 0, Int32(from.x + (to.x - from.x) * step / 5),
                                 Int32(from.y + (to.y - from.y) * step / 5), 0)
            XSync(server.connection, 0)
            usleep(40_000)
        }
        XTestFakeButtonEvent(server.connection, 1, 0, 0)
        XSync(server.connection, 0)
        usleep(100_000)
    }

    /// Clicks keys of the letters page of a floating keyboard, whose keys sit below its handle.
    static func tap(_ ids: [String], session: KeyboardSession) throws {
        let f = session.server.frame(of: session.keyboardWindow)
        let keysHeight = f.height - FloatFrame.handleHeight
        let result = try Harness.run([Harness.clavierBinary, "geometry", "--layout", "us", "--page", "letters",
                                      "--size", "\(f.width)x\(keysHeight)"])
        let json = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let keys = try #require(json?["keys"] as? [[String: Any]])
        for id in ids {
            let key = try #require(keys.first { $0["id"] as? String == id })
            session.server.click(x: f.x + (key["x"] as! Int) + (key["width"] as! Int) / 2,
                                 y: f.y + FloatFrame.handleHeight + (key["y"] as! Int) + (key["height"] as! Int) / 2)
        }
    }

    @Test func dragResizeAndComeBack() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["XDG_RUNTIME_DIR": dir.path, "XDG_STATE_HOME": dir.path]
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--float"],
                                          environment: env)
        let server = session.server
        let start = server.frame(of: session.keyboardWindow)
        #expect((start.x, start.y, start.width, start.height) == (213, 487, 853, 273), "the default place: \(start)")

        // Drag the handle (left of its grip mark, as anywhere on it) up and to the left.
        Self.drag(server, from: (start.x + 60, start.y + 8), to: (start.x + 60 - 120, start.y + 8 - 200))
        #expect(Harness.waitFor(5) {
            let f = server.frame(of: session.keyboardWindow)
            return f.x == start.x - 120 && f.y == start.y - 200 && f.width == start.width && f.height == start.height
        }, "after the drag: \(server.frame(of: session.keyboardWindow))")

        // Resize from the bottom-right corner.
        let moved = server.frame(of: session.keyboardWindow)
        Self.drag(server, from: (moved.x + moved.width - 4, moved.y + moved.height - 4),
                  to: (moved.x + moved.width - 4 + 80, moved.y + moved.height - 4 + 50))
        #expect(Harness.waitFor(5) {
            let f = server.frame(of: session.keyboardWindow)
            return f.x == moved.x && f.y == moved.y && f.width == moved.width + 80 && f.height == moved.height + 50
        }, "after the resize: \(server.frame(of: session.keyboardWindow))")
        usleep(200_000)

        // The keys below the handle type, and neither drag typed anything.
        try Self.tap(["h", "i", "return"], session: session)
        #expect(Harness.waitFor(5) { session.received == "hi\n" }, "typed: \(session.received)")

        let last = server.frame(of: session.keyboardWindow)
        #expect(session.stopKeyboard() == 0)
        let state = dir.appendingPathComponent("clavier/float.yaml").path
        let mode = try FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        session.clavier = try server.start([Harness.clavierBinary, "--no-sound", "--float"], environment: env,
                                           stderr: session.clavierErrors.path)
        var window: Window = 0
        #expect(Harness.waitFor(10) {
            window = server.windows(named: "Clavier").first ?? 0
            return window != 0 && server.frame(of: window).viewable
        }, "clavier did not come back: \(session.errors)")
        let back = server.frame(of: window)
        #expect((back.x, back.y, back.width, back.height) == (last.x, last.y, last.width, last.height),
                "came back at \(back), left at \(last)")
    }

    /// Under openbox the move goes through `_NET_WM_MOVERESIZE`: the window manager moves it.
    @Test func theWindowManagerMovesItUnderOpenbox() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["XDG_RUNTIME_DIR": dir.path, "XDG_STATE_HOME": dir.path]
        let session = try KeyboardSession(windowManager: true, clavierArguments: ["--no-sound", "--geometry", "600x220+300+300"],
                                          environment: env.merging(["CLAVIER_LOG": "debug"]) { $1 })
        let server = session.server
        let start = server.frame(of: session.keyboardWindow)
        Self.drag(server, from: (start.x + 100, start.y + 8), to: (start.x + 100 - 150, start.y + 8 - 100))
        #expect(Harness.waitFor(5) {
            let f = server.frame(of: session.keyboardWindow)
            return f.x == start.x - 150 && f.y == start.y - 100
        }, "after the drag: \(server.frame(of: session.keyboardWindow)), from \(start)")
        #expect(session.errors.contains("move handed to the window manager"), "\(session.errors)")
        #expect(server.focus != session.keyboardWindow)
        let last = server.frame(of: session.keyboardWindow)
        #expect(session.stopKeyboard() == 0)
        let state = try String(contentsOfFile: dir.appendingPathComponent("clavier/float.yaml").path, encoding: .utf8)
        #expect(state.contains("geometry: \(last.width)x\(last.height)+\(last.x)+\(last.y)"), "\(state)")
    }

    /// `--scale 2` doubles the handle: a press 27 px down (below an 18 px handle) still drags.
    @Test func theHandleGrowsWithTheScale() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["XDG_RUNTIME_DIR": dir.path, "XDG_STATE_HOME": dir.path]
        let session = try KeyboardSession(windowManager: false,
                                          clavierArguments: ["--no-sound", "--geometry", "600x300+300+300", "--scale", "2"],
                                          environment: env)
        let server = session.server
        let start = server.frame(of: session.keyboardWindow)
        Self.drag(server, from: (start.x + 100, start.y + 27), to: (start.x + 100 + 50, start.y + 27 + 40))
        #expect(Harness.waitFor(5) {
            let f = server.frame(of: session.keyboardWindow)
            return f.x == start.x + 50 && f.y == start.y + 40
        }, "after the drag: \(server.frame(of: session.keyboardWindow)), from \(start)")
    }

    @Test func aGeometryIsRememberedToo() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["XDG_RUNTIME_DIR": dir.path, "XDG_STATE_HOME": dir.path]
        let session = try KeyboardSession(windowManager: false,
                                          clavierArguments: ["--no-sound", "--geometry", "500x200+30+40"], environment: env)
        let f = session.server.frame(of: session.keyboardWindow)
        #expect((f.x, f.y, f.width, f.height) == (30, 40, 500, 200))
        let state = try String(contentsOfFile: dir.appendingPathComponent("clavier/float.yaml").path, encoding: .utf8)
        #expect(state.contains("geometry: 500x200+30+40"), "\(state)")
    }

    @Test func aCorruptStateFileGivesOneWarningAndTheDefault() throws {
        if let missing = Harness.missing {
            Issue.record("cannot run the X tests: \(missing)")
            return
        }
        let dir = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("clavier"), withIntermediateDirectories: true)
        try "geometry: banana\n".write(to: dir.appendingPathComponent("clavier/float.yaml"), atomically: true, encoding: .utf8)
        let env = ["XDG_RUNTIME_DIR": dir.path, "XDG_STATE_HOME": dir.path]
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--float"],
                                          environment: env)
        let f = session.server.frame(of: session.keyboardWindow)
        let expected = FloatFrame.defaultRect(monitor: Rect(x: 0, y: 0, width: session.server.width, height: session.server.height))
        #expect((f.x, f.y, f.width, f.height) == (expected.x, expected.y, expected.width, expected.height))
        let warnings = session.errors.components(separatedBy: "corrupt").count - 1
        #expect(warnings == 1, "clavier said: \(session.errors)")
    }
}
