import ClavierBuiltins
import ClavierCore
import ClavierLayouts
@testable import ClavierApp

/// A host's every part that records what the app asks of it, in order: the app's behaviour
/// (show, hide, kiosk refusals, dwell, scanning, layouts, the loop and its translation of the
/// window's events) tested without an X server. Typing, painting and the window are the X
/// server's and tested there (IntegrationTests). Its events are a script: one turn of the
/// loop each. `AppUnderTest` gives it as every part, or leaves the keymap and focus parts out.
final class RecordingHost: HostLoop, HostScreen, HostSettings, HostTypist, KeyboardWords, HostKeymap, HostFocus {
    /// What was asked, one line each: `type h`, `show`, `hide`, `click`, `recreate`.
    var log: [String] = []
    /// Whether the window is mapped, as the app last asked.
    var mapped = true
    /// Whether a key preview is up (mode `always`).
    var previewUp = false
    var pointer: Point?
    let size = Size(width: 1280, height: 330)
    var layouts: [String: Layout] = Layout.builtin

    /// The keysyms typed, as their characters where they have one.
    var typed: String {
        log.filter { $0.hasPrefix("type ") }.map { String($0.dropFirst(5)) }.joined()
    }

    /// The window with the input focus, as the script sets it (nil: the host cannot tell).
    var focus: UInt64?
    /// Whether the app asked to hear keys typed on a hardware keyboard.
    var hearsKeysTypedElsewhere = false

    func type(_ effects: [Effect]) -> UInt64? {
        var any = false
        for case .type(let sym, _) in effects {
            log.append("type " + (sym.scalar.map { String(Character($0)) } ?? "0x" + String(sym.rawValue, radix: 16)))
            any = true
        }
        return any ? focus : nil
    }

    func focusedWindow() -> UInt64? { focus }
    func hearKeysTypedElsewhere() { hearsKeysTypedElsewhere = true }

    func format(_ formatting: Formatting) { log.append("format \(formatting.rawValue)") }
    func prepare(for keyboard: Keyboard) {}
    var typingName: String { "recording" }
    func pressesBegin() {}
    var keysSize: Size { size }
    func paint(_ picture: Picture, damaged: [Key.ID], whole: Bool, bar: Bool) {}
    func followPreview(_ picture: Picture) { previewUp = picture.preview(.always) != nil }
    func paintTrail(_ picture: Picture, at now: ContinuousClock.Instant, whole: Bool) {
        log.append(picture.keyboard.glideDrag.trail(at: now) == nil ? "trail gone" : "trail")
    }
    func click() { log.append("click") }
    func prepareToShow(_ picture: Picture) {}

    func showWindow() {
        mapped = true
        log.append("show")
    }

    func hideWindow() {
        mapped = false
        previewUp = false
        log.append("hide")
    }

    func recreateWindow(_ picture: Picture) { log.append("recreate") }

    func loadLayout(_ name: String) throws(LayoutError) -> Layout {
        guard let layout = layouts[name] else { throw .notFound(name: name, kind: "layout", searched: []) }
        return layout
    }

    func switchLanguage(_ index: Int?) { log.append("language \(index.map(String.init) ?? "next")") }
    func askField() { log.append("ask field") }
    func pointerOnKeys() -> Point? { pointer }
    /// What the settings page kept last (settings.yaml's lines).
    var keptSettings: [String] = []
    /// Each `keepPins` call's texts, in order.
    var keptPins: [[String]] = []
    func keepSettings(_ lines: [(name: String, text: String)]) { keptSettings = lines.map { "\($0.name): \($0.text)" } }
    /// The settings the host was last told to apply.
    var appliedSettings: Settings?
    func applySetting(_ name: String, _ settings: Settings, picture: Picture) -> Bool {
        appliedSettings = settings
        log.append("setting \(name)")
        // One switch grabbed while the page's scanning is on, as XHost's grab of F9.
        if name == Setting.scan.name { scanSwitches = settings[.scan] == nil ? 0 : 1 }
        return name == Setting.suggestions.name || name == Setting.repeatDelay.name
    }
    /// The scan switches grabbed (the session's options' at first).
    var scanSwitches = 0
    var windowRect: Rect { Rect(x: 0, y: 470, width: size.width, height: size.height) }

    // The loop.

    /// What each turn of the loop hears, in order; once it is all heard, the keyboard ends.
    var script: [[HostEvent]] = []
    /// The deadlines the loop asked for, one per turn.
    var deadlines: [ContinuousClock.Instant?] = []
    /// Moves the test's clock to a turn's deadline when it hears `.deadline`.
    var clock: TestClock?

    func start(_ picture: Picture) { log.append("start") }

    func events(until deadline: ContinuousClock.Instant?, watching: [Int32], holding: Set<Int>) -> [HostEvent] {
        deadlines.append(deadline)
        guard !script.isEmpty else { return [.ended] }
        let turn = script.removeFirst()
        if turn.contains(where: { if case .deadline = $0 { true } else { false } }), let deadline { clock?.now = deadline }
        return turn
    }

    func follow(shown: Bool) -> SessionRequest? { nil }
    func finish() { log.append("finish") }
    func dropIdlePages() { log.append("drop idle pages") }
    func route(_ input: InputEvent) -> InputEvent? { input }
    func keysPoint(_ point: Point) -> Point? { point }
    func expose(_ rect: Rect, picture: Picture) {}
    func resize(to size: Size, picture: Picture) -> Size? { size }
    func screenChanged() { log.append("screen changed") }
    /// The active window the host says there is.
    var active: WindowIdentity?
    func activeWindow() -> WindowIdentity? { active }
    func keymapChanged(keyboard: Keyboard) -> SessionEvent {
        log.append("keymap changed")
        return .keymap(live: nil, locks: nil)
    }
    func keymap(for keyboard: Keyboard) -> SessionEvent {
        log.append("keymap read")
        return .keymap(live: nil, locks: nil)
    }
    func label(_ keyboard: inout Keyboard) {}
    var serverRepeat: KeyRepeat? { .standard }
    var layoutNames: String? { nil }

    // Words.

    /// What a glide's points, drawn after the text given, mean (nil: the app must not ask).
    var glideDecoder: ((Keyboard, [Point], String) -> [String])?
    /// The words the bar offers, whatever the context (nil: no suggestions).
    var words: [String]?
    /// What the app gave to learn.
    var learned: [String] = []

    func glideWords(_ keyboard: Keyboard, _ points: [Point], after before: String) -> [String] {
        log.append("glide")
        return glideDecoder?(keyboard, points, before) ?? []
    }
    /// Whether each ask for the bar's words said words are corrected in the field.
    var asksCorrecting: [Bool] = []
    func suggestions(for keyboard: Keyboard, after context: TypingContext, corrects: Bool) -> [String] {
        asksCorrecting.append(corrects)
        return words ?? []
    }
    /// What a word typed becomes as it ends (autocorrection), by its letters; the taps asked with.
    var corrections: [String: String] = [:]
    var correctionTaps: [[WordTap]] = []
    func correction(of taps: [WordTap], on keyboard: Keyboard, before: String) -> String? {
        correctionTaps.append(taps)
        return corrections[String(taps.map(\.character))]
    }
    func wordsChanged(on keyboard: Keyboard, after context: TypingContext) -> Bool { false }
    func followKeymapLanguage(on keyboard: Keyboard) -> Bool { false }
    func learn(_ text: String, on layout: Layout) { learned.append(text) }
    func forgetLearned() { log.append("forget") }
    func keepPins(_ texts: [String]) { keptPins.append(texts) }
    func saveLearning() {}
    var suggests: Bool { words != nil }
    func refreshLayout(_ layout: Layout) -> Layout? { nil }
    func tapped(_ key: Key) {}
    /// What each query of the emoji search finds; the queries asked, in order.
    var emojiFound: [String: [String]] = [:]
    var searched: [String] = []
    func emojiMatches(for query: String, on layout: Layout) -> [String] {
        searched.append(query)
        return emojiFound[query] ?? []
    }
}

/// The test's clock: time passes only when the test says.
final class TestClock {
    var now = ContinuousClock.now
}

/// A running keyboard on a recording host, with a clock the test moves.
final class AppUnderTest {
    let host = RecordingHost()
    /// The parts the app was given (the recording host's, unless the test chose otherwise).
    let parts: KeyboardHost
    let clock = TestClock()
    let app: KeyboardApp
    var now: ContinuousClock.Instant {
        get { clock.now }
        set { clock.now = newValue }
    }

    /// `keymap`, `focus`: whether the host has those parts (Wayland's has neither); `typist`:
    /// another typist than the recording host's own.
    init(_ options: Session.Options = Session.Options(), layout: Layout = .us,
         glideWords: ((Keyboard, [Point], String) -> [String])? = nil, words: [String]? = nil,
         keymap: Bool = true, focus: Bool = true, typist: (any HostTypist)? = nil) {
        var options = options
        if options.layoutName.isEmpty { options.layoutName = layout.id }
        host.glideDecoder = glideWords
        host.words = words
        host.clock = clock
        host.scanSwitches = options.scanSwitches
        parts = KeyboardHost(host, typist: typist ?? host, words: host, keymap: keymap ? host : nil, focus: focus ? host : nil,
                             loadLayout: { [host] (name) throws(LayoutError) in try host.loadLayout(name) }, keyRepeat: { $0 })
        let session = Session(keyboard: parts.makeKeyboard(words == nil ? layout : layout.offering(suggestions: 3), page: nil),
                              options: options, at: clock.now)
        app = KeyboardApp(session: session, host: parts, shuffleSource: SystemRandomNumberGenerator(),
                          now: { [clock] in clock.now })
    }

    var keyboard: Keyboard { app.session.keyboard }

    func centre(_ id: Key.ID) -> Point {
        let r = keyboard.geometry.frame(id: id)!.rect
        return Point(x: r.midX, y: r.midY)
    }

    /// Lets `ms` pass, sending a tick at every deadline on the way, as the loop does.
    func wait(_ ms: Int) {
        let end = now + .milliseconds(ms)
        while let due = app.session.nextDeadline(after: now), due <= end {
            now = due
            app.send(.tick)
        }
        now = end
        app.send(.tick)
    }

    func tap(_ id: Key.ID, pointer: Int = 0) {
        app.send(.input(.press(centre(id), pointer: pointer)))
        app.send(.input(.release(centre(id), pointer: pointer)))
    }

    /// Asks as `clavier REQUEST` does, through the request's line on the wire.
    func request(_ request: ControlRequest) -> ControlReply { ControlRequest.respond(to: request.line, app: app) }
}
