import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// The floating keyboard: dragged by its handle, resized from its corner, and back at the
/// same place and size on the next run.
@Suite(.serialized, .needsDisplay) struct FloatTests {
    /// Presses button 1 at `from`, moves the pointer to `to` in steps, as a hand would, and lets go.
    static func drag(_ server: XServer, from: (x: Int, y: Int), to: (x: Int, y: Int)) {
        server.movePointer(x: from.x, y: from.y)
        server.button(down: true, pause: 50_000)
        for step in 1...5 {
            server.movePointer(x: from.x + (to.x - from.x) * step / 5, y: from.y + (to.y - from.y) * step / 5, pause: 40_000)
        }
        server.button(down: false, pause: 100_000)
    }

    /// A floating keyboard (`clavierArguments`) beside the xterm, keeping its place in a
    /// state directory of the test's own, `state`.
    static func session(_ clavierArguments: [String], state: borrowing TemporaryDirectory, windowManager: Bool = false,
                        environment: [String: String] = [:]) throws -> KeyboardSession {
        try KeyboardSession(windowManager: windowManager, clavierArguments: ["--no-sound"] + clavierArguments,
                            environment: ["XDG_RUNTIME_DIR": state.path, "XDG_STATE_HOME": state.path].merging(environment) { $1 })
    }

    @Test func dragResizeAndComeBack() throws {
        let dir = TemporaryDirectory()
        let session = try Self.session(["--float"], state: dir)
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
        try session.tap(["h", "i", "return"], top: FloatFrame.handleHeight)
        #expect(Harness.waitFor(5) { session.received == "hi\n" }, "typed: \(session.received)")

        let last = server.frame(of: session.keyboardWindow)
        #expect(session.stopKeyboard() == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: dir.file("clavier/float.yaml"))[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let back = server.frame(of: try session.startKeyboard(arguments: ["--no-sound", "--float"]))
        #expect((back.x, back.y, back.width, back.height) == (last.x, last.y, last.width, last.height),
                "came back at \(back), left at \(last)")
    }

    /// Under openbox the move goes through `_NET_WM_MOVERESIZE`: the window manager moves it.
    @Test func theWindowManagerMovesItUnderOpenbox() throws {
        let dir = TemporaryDirectory()
        let session = try Self.session(["--geometry", "600x220+300+300"], state: dir, windowManager: true,
                                       environment: ["CLAVIER_LOG": "debug"])
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
        let state = try String(contentsOfFile: dir.file("clavier/float.yaml"), encoding: .utf8)
        #expect(state.contains("geometry: \(last.width)x\(last.height)+\(last.x)+\(last.y)"), "\(state)")
    }

    /// `--scale 2` doubles the handle: a press 27 px down (below an 18 px handle) still drags.
    @Test func theHandleGrowsWithTheScale() throws {
        let dir = TemporaryDirectory()
        let session = try Self.session(["--geometry", "600x300+300+300", "--scale", "2"], state: dir)
        let server = session.server
        let start = server.frame(of: session.keyboardWindow)
        Self.drag(server, from: (start.x + 100, start.y + 27), to: (start.x + 100 + 50, start.y + 27 + 40))
        #expect(Harness.waitFor(5) {
            let f = server.frame(of: session.keyboardWindow)
            return f.x == start.x + 50 && f.y == start.y + 40
        }, "after the drag: \(server.frame(of: session.keyboardWindow)), from \(start)")
    }

    @Test func aGeometryIsRememberedToo() throws {
        let dir = TemporaryDirectory()
        let session = try Self.session(["--geometry", "500x200+30+40"], state: dir)
        let f = session.server.frame(of: session.keyboardWindow)
        #expect((f.x, f.y, f.width, f.height) == (30, 40, 500, 200))
        let state = try String(contentsOfFile: dir.file("clavier/float.yaml"), encoding: .utf8)
        #expect(state.contains("geometry: 500x200+30+40"), "\(state)")
    }

    @Test func aCorruptStateFileGivesOneWarningAndTheDefault() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("clavier"), withIntermediateDirectories: true)
        try "geometry: banana\n".write(toFile: dir.file("clavier/float.yaml"), atomically: true, encoding: .utf8)
        let session = try Self.session(["--float"], state: dir)
        let f = session.server.frame(of: session.keyboardWindow)
        let expected = FloatFrame.defaultRect(monitor: Rect(x: 0, y: 0, width: session.server.width, height: session.server.height))
        #expect((f.x, f.y, f.width, f.height) == (expected.x, expected.y, expected.width, expected.height))
        let warnings = session.errors.components(separatedBy: "corrupt").count - 1
        #expect(warnings == 1, "clavier said: \(session.errors)")
    }
}
