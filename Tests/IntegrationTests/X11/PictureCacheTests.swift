import ClavierCore
import ClavierTestSupport
import CX11
import Foundation
import Testing

/// The first picture kept in `$XDG_CACHE_HOME/clavier/pictures` puts the keyboard on screen
/// at the next start, and is never trusted over a fresh paint.
@Suite(.serialized, .needsDisplay) struct PictureCacheTests {
    /// The kept pictures of a session's private cache.
    static func pictures(_ session: KeyboardSession) -> [URL] {
        let dir = session.directory.appendingPathComponent("cache/clavier/pictures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".picture") }.map { dir.appendingPathComponent($0) }
    }

    /// A session whose first start kept its picture, with the keyboard stopped again.
    static func sessionWithKeptPicture(serverArguments: [String] = []) throws -> KeyboardSession {
        let session = try KeyboardSession(windowManager: false, environment: ["CLAVIER_LOG": "debug"], serverArguments: serverArguments)
        #expect(Harness.waitFor(5) { pictures(session).count == 1 }, "the first picture was not kept: \(session.errors)")
        #expect(session.stopKeyboard() == 0)
        return session
    }

    @Test func aSecondStartShowsTheKeptPictureExactly() throws {
        let session = try Self.sessionWithKeptPicture()
        let kept = try Data(contentsOf: try #require(Self.pictures(session).first))
        try session.startKeyboard()
        #expect(session.errors.contains("first picture from the cache"), "the second start painted anew: \(session.errors)")
        #expect(!session.errors.contains("differs"), "the kept picture was not the keyboard's: \(session.errors)")
        #expect(try session.pixelsDifferingFromRender(page: "letters") == 0)
        #expect(try Data(contentsOf: try #require(Self.pictures(session).first)) == kept)
        try session.tap(["h", "i", "return"])
        #expect(Harness.waitFor(5) { session.received == "hi\n" }, "typed: \(session.received.debugDescription)")
    }

    /// The first picture goes up as the window's background, so the server paints it as it
    /// maps the window, before the keyboard has read the Expose. The test stands in for a
    /// window manager (SubstructureRedirect on the root): it holds the keyboard's map request,
    /// stops the keyboard (SIGSTOP), maps the window itself and reads what is on screen.
    /// The server reads the kept picture's file itself (MIT-SHM); without MIT-SHM the
    /// picture is sent.
    /// Starts the keyboard with the test standing in for a window manager (SubstructureRedirect
    /// on the root): holds its map request, stops it (SIGSTOP) and maps the window itself, so
    /// what is on screen is what the server painted as it mapped it. The caller sends SIGCONT.
    static func startStoppedAsMapped(_ session: KeyboardSession) throws -> (ChildProcess, Window) {
        let connection = session.server.connection, root = XDefaultRootWindow(connection)
        XSelectInput(connection, root, SubstructureRedirectMask)
        XSync(connection, 0)
        defer {
            XSelectInput(connection, root, 0)
            XSync(connection, 0)
        }
        let clavier = try session.server.start([Harness.clavierBinary, "--no-sound"], environment: session.environment,
                                                stderr: session.clavierErrors.path)
        session.clavier = clavier
        var requested: Window = 0
        #expect(Harness.waitFor(10) {
            var event = XEvent()
            while XPending(connection) > 0 {
                XNextEvent(connection, &event)
                if event.type == MapRequest { requested = event.xmaprequest.window }
            }
            return requested != 0
        }, "the keyboard never asked to be mapped: \(session.errors)")
        clavier.signal(SIGSTOP)
        XSelectInput(connection, root, 0)
        XMapWindow(connection, requested)
        XSync(connection, 0)
        return (clavier, requested)
    }

    @Test(.needs("xdpyinfo"), arguments: [[], ["-extension", "MIT-SHM"]])
    func theWindowIsPaintedAsItIsMapped(serverArguments: [String]) throws {
        let session = try Self.sessionWithKeptPicture(serverArguments: serverArguments)
        let (clavier, requested) = try Self.startStoppedAsMapped(session)
        defer { clavier.signal(SIGCONT) }
        session.keyboardWindow = requested
        #expect(try session.pixelsDifferingFromRender(page: "letters") == 0)
        let shm = try Harness.run(["xdpyinfo", "-display", session.server.display, "-queryExtensions"])
        #expect(shm.out.contains("MIT-SHM") == serverArguments.isEmpty, "the server's extensions: \(shm.out)")
    }

    /// The words the bar offers before anything is typed are in the first picture (issue 35,
    /// part 4): the window as the server maps it, with the keyboard stopped right then, is
    /// the window once everything has come, the first start's painted picture as well as the
    /// kept one of the next start. (They came 100 ms later, after a poll, and the kept picture
    /// had an empty bar.)
    @Test func theFirstPictureHasTheFirstWords() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil, environment: ["CLAVIER_LOG": "debug"])
        for start in ["first", "second"] {
            let (clavier, requested) = try Self.startStoppedAsMapped(session)
            let mapped = try #require(session.server.pixels(of: requested))
            clavier.signal(SIGCONT)
            #expect(Harness.waitFor(10) { session.errors.contains("made the word predictor") }, "\(session.errors)")
            usleep(1_000_000)
            let settled = try #require(session.server.pixels(of: requested))
            let differing = zip(mapped.data, settled.data).filter { $0 != $1 }.count
            #expect(differing == 0, "the \(start) start's first picture differs from the settled window in \(differing) pixels")
            #expect(session.stopKeyboard() == 0)
            #expect(start == "second" || Harness.waitFor(5) { Self.pictures(session).count == 1 }, "no picture kept: \(session.errors)")
        }
    }

    /// With the last start's first words kept (`first-words`, beside the pictures), the first
    /// picture waits for no model: the model is made once the window is up (the predictor's
    /// line comes after the picture's), and where its words differ from the kept ones the bar
    /// shows the model's, on screen and in the file. (Made beside the window's making, the
    /// model took 4 of a 9 ms start on two cores.)
    @Test func keptFirstWordsLetThePictureGoUpBeforeTheModel() throws {
        let session = try Self.sessionWithKeptPicture()
        let words = session.directory.appendingPathComponent("cache/clavier/pictures/first-words")
        let kept = try String(contentsOf: words, encoding: .utf8)
        #expect(kept.hasPrefix("clavier first words 1\nen\t"), "\(kept.debugDescription)")
        // Words the model does not offer first: the picture kept for them is none, so this start
        // paints them, and the model's replace them.
        try "clavier first words 1\nen\t3\tzebra\tquokka\tyak\n".write(to: words, atomically: true, encoding: .utf8)
        try session.startKeyboard()
        #expect(Harness.waitFor(10) { session.errors.contains("made the word predictor") }, "\(session.errors)")
        let lines = session.errors.split(separator: "\n")
        let picture = lines.firstIndex { $0.contains("no kept picture: painting the first one") }
        let model = lines.firstIndex { $0.contains("making the word predictor") }
        #expect(picture != nil && model != nil && picture! < model!, "the model was made before the first picture: \(session.errors)")
        #expect(Harness.waitFor(5) { (try? session.pixelsDifferingFromRender(page: "letters")) == 0 },
                "the bar kept the kept words, not the model's")
        #expect(Harness.waitFor(5) { (try? String(contentsOf: words, encoding: .utf8)) == kept }, "the file kept the old words")
        try session.tap(["o", "k", "return"])
        #expect(Harness.waitFor(5) { session.received == "ok\n" }, "typed: \(session.received.debugDescription)")
    }

    /// Cairo, Pango and the libraries under them are loaded by `dlopen` at their first call
    /// (CLazyLibs): a start from the kept picture has it on screen before any of them is
    /// loaded. The dynamic loader says what it loads and why (`LD_DEBUG=files`).
    @Test func theKeptPictureIsOnScreenBeforeTheDrawingLibrariesLoad() throws {
        let session = try Self.sessionWithKeptPicture()
        try session.startKeyboard(environment: ["LD_DEBUG": "files"])
        Self.expectDrawingLibrariesLoadedAfterThePicture(session)
        #expect(!session.errors.contains("differs"), "clavier said: \(session.errors)")
        try session.tap(["o", "k", "return"])
        #expect(Harness.waitFor(5) { session.received == "ok\n" }, "typed: \(session.received.debugDescription)")
    }

    /// What the dynamic loader said (`LD_DEBUG=files`) shows no drawing library loaded before
    /// the kept picture was on screen, and all of them loaded after, for the check.
    static func expectDrawingLibrariesLoadedAfterThePicture(_ session: KeyboardSession,
                                                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Harness.waitFor(5) { session.errors.contains("the kept first picture is on screen") }, "\(session.errors)",
                sourceLocation: sourceLocation)
        let lines = session.errors.split(separator: "\n").map(String.init)
        guard let onScreen = lines.firstIndex(where: { $0.contains("the kept first picture is on screen") }) else { return }
        let loads = lines.enumerated().filter { $0.element.contains("file=") && $0.element.contains("generating link map") }
        let early = loads.filter { $0.offset < onScreen }.map { $0.element }
        let late = loads.filter { $0.offset > onScreen }.map { $0.element }
        for library in ["libcairo.so", "libpango-1.0.so", "libpangocairo-1.0.so", "libfontconfig.so", "libglib-2.0.so"] {
            #expect(!early.contains { $0.contains(library) }, "\(library) was loaded before the picture was up",
                    sourceLocation: sourceLocation)
            #expect(late.contains { $0.contains(library) }, "\(library) was never loaded, so nothing checked the picture",
                    sourceLocation: sourceLocation)
        }
        #expect(early.contains { $0.contains("libX11.so") }, "the loader's report was not read: \(early)",
                sourceLocation: sourceLocation)
        #expect(lines.contains { $0.contains("file=libpangocairo-1.0.so.0") && $0.contains("dynamically loaded") },
                sourceLocation: sourceLocation)
    }

    /// A floating keyboard keeps its whole window (handle strip, keys, resize grip): the next
    /// start shows exactly what the first painted, before any drawing library is loaded.
    @Test func aFloatingKeyboardKeepsItsWholeWindow() throws {
        // No bar: its first words come once the model is read, after the picture is kept, and a
        // slow second start read its screen after they came (320 pixels of "The", 2026-11-26).
        let arguments = ["--no-sound", "--suggestions", "0", "--geometry", "640x260+40+300"]
        let session = try KeyboardSession(windowManager: false, clavierArguments: arguments,
                                          environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(5) { Self.pictures(session).count == 1 }, "the first picture was not kept: \(session.errors)")
        let painted = try #require(session.server.pixels(of: session.keyboardWindow))
        #expect(session.stopKeyboard() == 0)
        try session.startKeyboard(arguments: arguments, environment: ["LD_DEBUG": "files"])
        #expect(session.errors.contains("first picture from the cache"), "the second start painted anew: \(session.errors)")
        Self.expectDrawingLibrariesLoadedAfterThePicture(session)
        let shown = try #require(session.server.pixels(of: session.keyboardWindow))
        #expect(shown.width == painted.width && shown.height == painted.height)
        #expect(shown.data == painted.data, "\(zip(shown.data, painted.data).filter { $0 != $1 }.count) pixels differ")
        #expect(!session.errors.contains("differs"), "the kept picture was not the keyboard's")
        try session.tap(["h", "i", "return"], top: FloatFrame.handleHeight)
        #expect(Harness.waitFor(5) { session.received == "hi\n" }, "typed: \(session.received.debugDescription)")
    }

    @Test func aWrongKeptPictureIsReplacedOnScreenAndOnDisk() throws {
        let session = try Self.sessionWithKeptPicture()
        let file = try #require(Self.pictures(session).first)
        // The same key and size, other pixels: as if fonts had changed since it was kept.
        var bytes = try Data(contentsOf: file)
        let half = bytes.count / 2
        bytes.replaceSubrange(half..<bytes.count, with: Data(repeating: 0xFF, count: bytes.count - half))
        try bytes.write(to: file)
        try session.startKeyboard()
        #expect(Harness.waitFor(5) { (try? session.pixelsDifferingFromRender(page: "letters")) == 0 },
                "the screen kept the wrong picture")
        #expect(session.errors.contains("differs"), "clavier said: \(session.errors)")
        #expect(Harness.waitFor(5) { (try? Data(contentsOf: file)).map { $0 != bytes && $0.count == bytes.count } == true },
                "the wrong picture stayed on disk")
    }

    /// Issue 23, item 7: the kept picture cut short while the keyboard runs from it (another
    /// program, a full disk, a cleaner) made the next show exit 1 ("connection to the X server
    /// is gone"). A bad cache is ignored with one debug line at every read, not only at start:
    /// the keyboard lives on, shows, and shows what it paints.
    @Test(arguments: ["truncated", "emptied", "removed"])
    func aKeptPictureCutShortWhileRunningIsIgnored(_ change: String) throws {
        let session = try Self.sessionWithKeptPicture()
        let file = try #require(Self.pictures(session).first)
        let runtime = TemporaryDirectory()
        try session.startKeyboard(environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(session.errors.contains("first picture from the cache"), "\(session.errors)")
        let env = session.server.env.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        for round in 0..<3 {
            switch change {
            case "truncated": #expect(truncate(file.path, off_t(4096 * (round + 1))) == 0)
            case "emptied": #expect(truncate(file.path, 0) == 0)
            default: unlink(file.path)
            }
            // A dead keyboard's window is gone, and asking X about it would end this process.
            func viewable() -> Bool? { session.clavier.isRunning ? session.server.frame(of: session.keyboardWindow).viewable : nil }
            #expect(try Harness.clavier(["hide"], environment: env).status == 0)
            #expect(Harness.waitFor(5) { viewable() != true })
            let shown = try Harness.clavier(["show"], environment: env)
            #expect(shown.status == 0, "round \(round): \(shown); clavier said: \(session.errors)")
            #expect(Harness.waitFor(5) { viewable() != false })
            usleep(300_000)
            #expect(session.clavier.isRunning, "round \(round): the keyboard died; it said: \(session.errors)")
            guard session.clavier.isRunning else { return }
            #expect(Harness.waitFor(5) { (try? session.pixelsDifferingFromRender(page: "letters")) == 0 }, "round \(round): the screen is not the keyboard")
        }
        let said = session.errors.split(separator: "\n").filter { $0.contains("cut short while in use") }.count
        #expect(said == (change == "removed" ? 0 : 1), "one debug line when the file is cut short: \(session.errors)")
        try session.tap(["o", "k", "return"])
        #expect(Harness.waitFor(5) { session.received == "ok\n" }, "typed: \(session.received.debugDescription)")
        #expect(session.stopKeyboard() == 0)
    }
}
