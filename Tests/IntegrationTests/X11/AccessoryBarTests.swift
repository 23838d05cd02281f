import ClavierBuiltins
import ClavierCore
import ClavierTestSupport
import CX11
import Foundation
import Testing

/// Owns PRIMARY on its own connection, as an application with selected text does, and
/// hands its text to whoever asks (ICCCM: the text in the requested property, then
/// SelectionNotify to the requestor).
final class SelectionOwner {
    let connection: OpaquePointer
    let window: Window
    let text: String

    init(display: String, text: String) throws {
        guard let c = XOpenDisplay(display) else { throw HarnessError("cannot open \(display)") }
        connection = c
        self.text = text
        window = XCreateSimpleWindow(c, XDefaultRootWindow(c), 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(c, 1, window, UInt(CurrentTime))  // 1 is XA_PRIMARY
        XSync(c, 0)
    }

    deinit {
        XDestroyWindow(connection, window)
        XCloseDisplay(connection)
    }

    /// Answers selection requests for up to `seconds`; returns how many it answered.
    @discardableResult
    func serve(for seconds: Double) -> Int {
        var answered = 0
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            guard XPending(connection) > 0 else {
                usleep(5_000)
                continue
            }
            var event = XEvent()
            XNextEvent(connection, &event)
            guard event.type == SelectionRequest else { continue }
            let request = event.xselectionrequest
            var bytes = Array(text.utf8)
            XChangeProperty(connection, request.requestor, request.property, request.target, 8, PropModeReplace,
                            &bytes, Int32(bytes.count))
            var notify = XEvent()
            notify.xselection = XSelectionEvent(type: SelectionNotify, serial: 0, send_event: 1, display: connection,
                                                requestor: request.requestor, selection: request.selection,
                                                target: request.target, property: request.property, time: request.time)
            XSendEvent(connection, request.requestor, 0, 0, &notify)
            XSync(connection, 0)
            answered += 1
        }
        return answered
    }
}

@Suite(.serialized, .needsDisplay) struct AccessoryBarIntegrationTests {
    static let arguments = ["--no-sound", "--layout", "markdown"]
    static let markdown = Layout(id: "markdown", pages: Layout.us.pages,
                                 options: LayoutOptions(accessory: [.completions, .formatting]))

    /// Where the running keyboard draws the bar cell `id` (`completion-0`, `strong` …), as
    /// `clavier geometry` prints it; checked against the core's own bar.
    func centre(of id: String, in session: KeyboardSession) throws -> (x: Int, y: Int) {
        let f = session.server.frame(of: session.keyboardWindow)
        let cells = try #require(try session.printedGeometry().accessory, "clavier geometry printed no accessory")
        let cell = try #require(cells.first { $0.id == id })
        // As the running keyboard lays it out: its settings page may open, so its bar ends in the gear.
        var keyboard = Keyboard(layout: Self.markdown, size: Size(width: f.width, height: f.height))
        keyboard.opensSettings = true
        let bar = try #require(keyboard.accessory)
        #expect(bar.cells.map(\.rect).contains(Rect(x: cell.x, y: cell.y, width: cell.width, height: cell.height)))
        return (f.x + cell.midX, f.y + cell.midY)
    }

    /// Clicks the bar cell at `cell` while another client holds `text` selected (owns PRIMARY),
    /// and expects clavier to ask that client for it once.
    func click(_ cell: (x: Int, y: Int), selecting text: String, in session: KeyboardSession,
               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let owner = try SelectionOwner(display: session.server.display, text: text)
        session.server.click(x: cell.x, y: cell.y)
        #expect(owner.serve(for: 1) == 1, "clavier did not ask for PRIMARY; it said: \(session.errors)", sourceLocation: sourceLocation)
    }

    /// Typing "hell" offers the model's completions; tapping the first types its rest and a
    /// space into xterm, and the line is learned in words-en.model, private to the user.
    @Test func aCompletionFinishesTheWordInXterm() throws {
        guard let expected = try Harness.firstCompletion(of: "hell") else { return }
        let session = try KeyboardSession(windowManager: false, clavierArguments: Self.arguments)
        try session.tap(["h", "e", "l", "l"])
        usleep(200_000)
        let first = try centre(of: "completion-0", in: session)
        session.server.click(x: first.x, y: first.y)
        try session.tap(["return"])
        #expect(Harness.waitFor(10) { session.received.hasSuffix("\n") },
                "xterm received \(session.received.debugDescription); clavier said: \(session.errors)")
        #expect(session.received == expected + " \n", "clavier said: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
        let file = session.directory.appendingPathComponent("state/clavier/words-en.model").path
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains("\t\(expected.lowercased())\n"), "words-en.model: \(saved)")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// With "bold" selected (PRIMARY owned by another client), strong types **bold**; with
    /// nothing selected it types **** and steps back twice (xterm sends Left as ESC [ D).
    @Test func strongWrapsTheSelectionOrTypesThePair() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: Self.arguments)
        let strong = try centre(of: "strong", in: session)
        try click(strong, selecting: "bold", in: session)
        try session.tap(["return"])
        #expect(session.waitForLines(), "\(session.said)")
        #expect(session.received == "**bold**\n", "\(session.said)")
        // The owner is gone: nothing is selected.
        session.server.click(x: strong.x, y: strong.y)
        try session.tap(["x", "return"])
        #expect(session.waitForLines(2), "\(session.said)")
        #expect(session.received == "**bold**\n****\u{1B}[D\u{1B}[Dx\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }
}
