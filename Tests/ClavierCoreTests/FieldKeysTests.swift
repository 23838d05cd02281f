import ClavierBuiltins
import Testing
@testable import ClavierCore

/// The right keys for each field (issue 27, part 4): the focused field's kind chooses the
/// layout, the page, the keys beside the space bar and a password's privacy, in the session.
@Suite struct FieldKeysTests {
    let t0 = ContinuousClock.now
    let editor = WindowIdentity(instance: "gedit", windowClass: "Gedit", title: "notes")

    func session(rules: [WindowRule] = []) -> Session {
        var options = Session.Options()
        options.autoShow = true
        options.rules = rules
        options.layoutName = "us"
        return Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: 3), size: Size(width: 1000, height: 300)),
                       options: options, at: t0)
    }

    func focus(_ s: inout Session, _ kind: FieldKind) -> [Effect] {
        s.handle(.field(kind, before: nil, moved: true), at: t0) + s.handle(.focus(.textField), at: t0)
    }

    func loads(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .loadLayout(let name, _) = $0 { name } else { nil } }
    }

    @Test func aNumberFieldTurnsToTheNumbersAndAProseFieldBackToTheLetters() {
        var s = session()
        let number = focus(&s, .number)
        #expect(s.keyboard.page.id == "numbers")
        #expect(number.contains(.switchPage("numbers")) && loads(number).isEmpty)
        _ = focus(&s, .prose)
        #expect(s.keyboard.page.id == "letters")
        // A page the user turned to stays when the next field asks for none.
        var k = s.keyboard
        _ = k.act(on: k.page.key(id: "page-numbers")!, at: t0)
        s.keyboard = k
        _ = focus(&s, .prose)
        #expect(s.keyboard.page.id == "numbers")
        // A password, e-mail or URL field turns to the letters wherever the keyboard was.
        for kind in [FieldKind.password, .email, .url] {
            _ = focus(&s, .number)
            k = s.keyboard
            _ = k.act(on: k.page.key(id: "page-symbols")!, at: t0)
            s.keyboard = k
            #expect(s.keyboard.page.id == "symbols")
            _ = focus(&s, kind)
            #expect(s.keyboard.page.id == "letters", "\(kind)")
        }
    }

    @Test func aTelephoneFieldLoadsThePhonePadAndItsKeyboardKeepsTheFieldsKeys() {
        var s = session()
        #expect(loads(focus(&s, .telephone)) == ["phone"])
        #expect(s.rules.shownLayout == "us", "shown only once the keyboard is ready")
        let phone = Layout(id: "phone", pages: [Page(id: "digits", rows: [Row([Key.character("1")])])])
        _ = s.handle(.keyboardReady(Keyboard(layout: phone, size: Size(width: 1000, height: 300)), .rule("phone")), at: t0)
        #expect(s.keyboard.layout.id == "phone" && s.rules.shownLayout == "phone")
        // Leaving it for an e-mail field goes back to the window's layout.
        #expect(loads(focus(&s, .email)) == ["us"])
    }

    @Test func anEmailFieldPutsAtAndDotBesideTheSpaceBarAndAURLFieldSlashAndDotCom() {
        var s = session()
        _ = focus(&s, .email)
        let bottom = s.keyboard.page.rows[3].keys.map(\.id)
        #expect(bottom == ["page-numbers", "hide", "field-@", "space", "field-.", "return"])
        #expect(s.keyboard.page.rows[3].units == Layout.us.pages[0].rows[3].units, "the space bar gave up their room")
        let at = s.keyboard.geometry.frame(id: "field-@")!.rect
        let typed = s.handle(.input(.press(Point(x: at.midX, y: at.midY), pointer: 1)), at: t0)
            + s.handle(.input(.release(Point(x: at.midX, y: at.midY), pointer: 1)), at: t0)
        #expect(typed.contains(.type(KeySym(rawValue: 0x40), modifiers: [])))
        _ = focus(&s, .url)
        #expect(s.keyboard.page.rows[3].keys.map(\.id) == ["page-numbers", "hide", "field-/", "space", "field-.com", "return"])
        // The other pages are as they were.
        var k = s.keyboard
        _ = k.act(on: k.page.key(id: "page-numbers")!, at: t0)
        #expect(k.page == Layout.us.page(id: "numbers"))
        _ = focus(&s, .prose)
        #expect(s.keyboard.page == Layout.us.pages[0])
    }

    @Test func aPasswordFieldShowsNoPressedKeyNoPreviewAndAsksNoSuggestions() {
        var s = session()
        _ = focus(&s, .prose)
        _ = s.handle(.completions(["hello"]), at: t0)
        #expect(s.typing.completions == ["hello"])
        let effects = focus(&s, .password)
        #expect(s.keyboard.page.id == "letters" && loads(effects).isEmpty)
        #expect(s.typing.completions.isEmpty && !effects.contains(.suggest))
        let q = s.keyboard.geometry.frame(id: "q")!.rect
        let pressed = s.handle(.input(.press(Point(x: q.midX, y: q.midY), pointer: 1)), at: t0)
        #expect(pressed.contains(.type(KeySym(rawValue: 0x71), modifiers: [])), "it types")
        #expect(!pressed.contains(.suggest))
        #expect(s.picture.state(of: s.keyboard.page.key(id: "q")!) != .pressed)
        #expect(s.picture.preview(.always) == nil)
        _ = s.handle(.input(.release(Point(x: q.midX, y: q.midY), pointer: 1)), at: t0)
        _ = s.handle(.completions(["late"]), at: t0)
        #expect(s.typing.completions.isEmpty, "late words are dropped")
        // The next field is no longer private.
        let next = focus(&s, .prose)
        #expect(next.contains(.suggest) && s.picture.showsPressedKeys)
    }

    @Test func purposeRulesComeFirstThenThePurposesOwnThenTheWindowsRules() {
        let rules = [WindowRule(windowClass: "Gedit", layout: "terminal"),
                     WindowRule(windowClass: "Firefox", field: .number, layout: "pin"),
                     WindowRule(field: .telephone, layout: "pc")]
        var s = session(rules: rules)
        _ = s.handle(.activeWindow(editor), at: t0)
        #expect(s.rules.decide(field: .prose).layout == "terminal")
        #expect(s.rules.decide(field: .telephone).layout == "pc")
        #expect(s.rules.decide(field: .number).layout == "terminal", "the pin rule is Firefox's")
        _ = s.rules.decide(for: WindowIdentity(instance: "Navigator", windowClass: "Firefox", title: ""))
        #expect(s.rules.decide(field: .number).layout == "pin")
        #expect(s.rules.decide(field: .unknown).layout == nil, "us: shown already")
        var plain = WindowRuleFollower(rules: [], layout: "us")
        #expect(plain.decide(field: .telephone).layout == "phone")
        #expect(plain.decide(field: .password).layout == nil, "us is shown already")
    }

    @Test func aPurposeRuleMatchesNoWindowOnItsOwn() {
        #expect(!WindowRule(field: .number, layout: "pin").matches(editor))
        #expect(WindowRule(field: .number, layout: "pin").matches(nil, field: .number))
        #expect(!WindowRule(windowClass: "Gedit", field: .number, layout: "pin").matches(nil, field: .number))
        #expect(WindowRule(windowClass: "Gedit", field: .number, layout: "pin").matches(editor, field: .number))
    }
}
