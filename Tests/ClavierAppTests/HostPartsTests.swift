import ClavierBuiltins
import ClavierCore
import Testing
@testable import ClavierApp

/// A host is the parts chosen at start (`KeyboardHost`): the app runs on a host without the
/// X-only parts (Wayland's: no keymap, no focus), and on a host whose typist alone is another.
@Suite struct HostPartsTests {
    func press(_ p: Point) -> HostEvent { .window(.pointer(.press(p, pointer: 0))) }
    func release(_ p: Point) -> HostEvent { .window(.pointer(.release(p, pointer: 0))) }

    /// The window system's keymap and focus events come to nothing without those parts; the
    /// keys type, a scan switch shows a hidden keyboard, and an autocorrection is made and
    /// taken back as on X.
    @Test func theAppRunsOnAHostWithoutKeymapOrFocus() {
        var options = Session.Options()
        options.autocorrect = .always
        options.scanInterval = .milliseconds(800)
        options.scanSwitches = 1
        let t = AppUnderTest(options, words: ["tgif"], keymap: false, focus: false)
        #expect(t.parts.keymap == nil && t.parts.focus == nil)
        t.host.corrections = ["tge": "the"]
        t.host.focus = 0x40_0001
        let (a, h) = (t.centre("a"), t.centre("h"))
        t.host.script = [[.window(.mapped)], [.window(.keymapChanged), .window(.groupChanged), .window(.locksChanged)],
                         [.window(.activeWindowChanged), press(a), release(a)], [.request(.hide)],
                         [.window(.switchPressed(0, down: true)), .window(.switchPressed(0, down: false))],
                         [press(h), release(h)]]
        t.app.run(control: nil)
        #expect(!t.host.log.contains("keymap changed") && !t.host.log.contains("keymap read"), "\(t.host.log)")
        #expect(t.host.typed == "ah", "\(t.host.log)")
        #expect(t.host.log.filter { $0 == "hide" || $0 == "show" } == ["hide", "show"], "the switch showed no keyboard: \(t.host.log)")
        // No focus part: nobody is asked which window has the focus, nor to hear other keys.
        for c in ["space", "t", "g", "e", "space"] { t.tap(c) }
        #expect(t.host.typed.hasSuffix("the "), "\(t.host.log)")
        #expect(!t.host.hearsKeysTypedElsewhere)
        #expect(t.app.session.typing.mayTakeCorrectionBack)
        t.host.focus = 0x60_0001  // Not asked: the undo stays for the field the session follows.
        let undo = t.host.log.count
        t.tap("backspace")
        let back = t.host.log[undo...].filter { $0.hasPrefix("type ") }
        let backSpace = "type 0x" + String(KeySym.backSpace.rawValue, radix: 16)
        #expect(back == Array(repeating: backSpace, count: 4) + ["type t", "type g", "type e"], "\(back)")
    }

    /// The same events on the whole recording host reach its keymap part: the test above
    /// shows their absence, not a script that never sent them.
    @Test func withAKeymapPartTheKeymapsEventsReachIt() {
        let t = AppUnderTest()
        t.host.script = [[.window(.keymapChanged), .window(.groupChanged)]]
        t.app.run(control: nil)
        #expect(t.host.log.filter { $0.hasPrefix("keymap") } == ["keymap changed", "keymap read"], "\(t.host.log)")
    }

    /// Another typist, everything else the same: the keys and each keyboard made go to it,
    /// none to the host's own, and the window it says it typed into is the session's.
    @Test func anotherTypistTypesAndTheRestStays() {
        let other = OtherTypist()
        let t = AppUnderTest(typist: other)
        #expect(other.prepared == [Layout.us.id], "the typist was not told the first keyboard")
        t.tap("h")
        t.tap("i")
        #expect(other.typed == ["h", "i"] && t.host.typed.isEmpty, "\(other.typed) \(t.host.log)")
        #expect(t.app.session.typing.focusedWindow == 0x70_0001)
        t.app.send(.request(.layout("terminal")))
        #expect(other.prepared == [Layout.us.id, Layout.terminal.id], "a new keyboard was not told: \(other.prepared)")
    }
}

/// A typist that keeps what it typed, as a new way to type would send it.
final class OtherTypist: HostTypist {
    var typed: [String] = []
    var formatted: [Formatting] = []
    /// The layouts of the keyboards it was told of, in order.
    var prepared: [String] = []

    func type(_ effects: [Effect]) -> UInt64? {
        var any = false
        for case .type(let sym, _) in effects {
            typed.append(sym.scalar.map { String(Character($0)) } ?? "?")
            any = true
        }
        return any ? 0x70_0001 : nil
    }

    func format(_ formatting: Formatting) { formatted.append(formatting) }
    func prepare(for keyboard: Keyboard) { prepared.append(keyboard.layout.id) }
    var typingName: String { "other" }
}
