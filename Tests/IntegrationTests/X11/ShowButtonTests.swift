import ClavierTestSupport
import CX11
import Foundation
import Testing

/// `--show-button` (on by default): a hidden keyboard leaves a button behind; a tap on it
/// shows the keyboard without taking the focus from xterm, and a drag moves it to a place
/// kept for the next start.
@Suite(.serialized, .needsDisplay, .needs("openbox")) struct ShowButtonTests {
    static func session(_ state: borrowing TemporaryDirectory, arguments: [String] = []) throws -> KeyboardSession {
        try KeyboardSession(windowManager: true, clavierArguments: ["--no-sound"] + arguments,
                            environment: ["XDG_RUNTIME_DIR": state.path, "XDG_STATE_HOME": state.path])
    }

    static func hide(_ session: KeyboardSession, runtime: String) throws {
        let hidden = try Harness.clavier(["hide"], environment: session.server.env.merging(["XDG_RUNTIME_DIR": runtime]) { $1 })
        #expect(hidden.status == 0, "\(hidden)")
    }

    /// The button's window once it is viewable, or nil.
    static func button(_ server: XServer) -> Window? { server.waitForWindow(named: "ClavierButton", seconds: 5) }

    @Test func aTapShowsTheKeyboardAndTheFocusStaysInXterm() throws {
        let state = TemporaryDirectory()
        let session = try Self.session(state)
        let server = session.server
        server.activate(session.xtermWindow)
        #expect(Harness.waitFor(5) { server.focus == session.xtermWindow }, "xterm has no focus: \(server.focus)")
        #expect(server.windows(named: "ClavierButton").allSatisfy { !server.frame(of: $0).viewable },
                "the button shows beside a shown keyboard")
        try Self.hide(session, runtime: state.path)
        let button = try #require(Self.button(server), "no button after the keyboard hid; clavier said: \(session.errors)")
        #expect(!server.frame(of: session.keyboardWindow).viewable)
        let frame = server.frame(of: button)
        // The bottom right of the 1280x800 screen, 16 px in; 40 px square at a scale of 1.
        #expect((frame.x, frame.y, frame.width, frame.height) == (1224, 744, 40, 40), "\(frame)")
        server.click(x: frame.x + 20, y: frame.y + 20)
        #expect(Harness.waitFor(5) { server.frame(of: session.keyboardWindow).viewable }, "the tap did not show the keyboard")
        #expect(Harness.waitFor(5) { !server.frame(of: button).viewable }, "the button stays beside the shown keyboard")
        #expect(server.focus == session.xtermWindow, "the focus moved to \(server.focus)")
        // And typing still goes where it went.
        try session.tap(["o", "k", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "ok\n", "\(session.said)")
    }

    @Test func aDragMovesItAndItsPlaceOutlivesARestart() throws {
        let state = TemporaryDirectory()
        let session = try Self.session(state)
        let server = session.server
        try Self.hide(session, runtime: state.path)
        let button = try #require(Self.button(server), "no button; clavier said: \(session.errors)")
        let start = server.frame(of: button)
        FloatTests.drag(server, from: (start.x + 20, start.y + 20), to: (start.x + 20 - 600, start.y + 20 - 400))
        #expect(Harness.waitFor(5) { server.frame(of: button).x == start.x - 600 && server.frame(of: button).y == start.y - 400 },
                "after the drag: \(server.frame(of: button)), from \(start)")
        // A drag is no tap: the keyboard stays hidden.
        #expect(!server.frame(of: session.keyboardWindow).viewable)
        let kept = TextFile.read(state.file("clavier/show-button.yaml")) ?? ""
        #expect(kept.contains("geometry: 40x40+\(start.x - 600)+\(start.y - 400)\n"), "\(kept)")

        #expect(session.stopKeyboard() == 0)
        try session.startKeyboard(arguments: ["--no-sound"])
        try Self.hide(session, runtime: state.path)
        let again = try #require(Self.button(server), "no button after the restart")
        let place = server.frame(of: again)
        #expect((place.x, place.y) == (start.x - 600, start.y - 400), "came back at \(place)")
    }

    @Test func noButtonWhenTurnedOff() throws {
        let state = TemporaryDirectory()
        let session = try Self.session(state, arguments: ["--no-show-button"])
        try Self.hide(session, runtime: state.path)
        #expect(Harness.waitFor(5) { !session.server.frame(of: session.keyboardWindow).viewable })
        usleep(300_000)
        #expect(session.server.windows(named: "ClavierButton").allSatisfy { !session.server.frame(of: $0).viewable })
    }
}
