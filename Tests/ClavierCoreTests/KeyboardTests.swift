import ClavierBuiltins
import Testing
@testable import ClavierCore

@Suite struct KeyboardTests {
    let size = Size(width: 1280, height: 330)
    let t0 = ContinuousClock.now

    func center(_ keyboard: Keyboard, _ id: Key.ID) -> Point {
        let rect = keyboard.geometry.frame(id: id)!.rect
        return Point(x: rect.midX, y: rect.midY)
    }

    func tap(_ keyboard: inout Keyboard, _ id: Key.ID, at offset: Duration = .zero) -> [Effect] {
        let p = center(keyboard, id)
        let down = keyboard.handle(.press(p), at: t0 + offset)
        return down + keyboard.handle(.release(p), at: t0 + offset + .milliseconds(50))
    }

    func typed(_ effects: [Effect]) -> String {
        var out = ""
        for case .type(let sym, _) in effects { out += sym.description }
        return out
    }

    @Test func aPressTypesClicksAndRepaintsOnlyThatKey() {
        var k = Keyboard(layout: .us, size: size)
        // h: a key without alternates (those type on release).
        let effects = k.handle(.press(center(k, "h")), at: t0)
        #expect(effects == [.playClick, .redraw(["h"]), .tapped(k.page.key(id: "h")!), .type(KeySym(rawValue: 0x68), modifiers: [])])
        #expect(k.state(of: k.page.key(id: "h")!) == .pressed)
        #expect(k.handle(.release(center(k, "h")), at: t0) == [.redraw(["h"])])
        #expect(k.state(of: k.page.key(id: "h")!) == .normal)
    }

    @Test func shiftTapTypesOneCapital() {
        var k = Keyboard(layout: .us, size: size)
        _ = tap(&k, "shift")
        #expect(k.shift == .latched)
        #expect(k.label(of: k.page.key(id: "h")!) == .text("H"))
        #expect(k.state(of: k.page.key(id: "shift")!) == .selected)
        #expect(typed(tap(&k, "h", at: .seconds(1))) == "H")
        #expect(k.shift == .off)
        #expect(typed(tap(&k, "i", at: .seconds(2))) == "i")
    }

    @Test func doubleTapLocksShiftAndATapUnlocks() {
        var k = Keyboard(layout: .us, size: size)
        _ = tap(&k, "shift")
        _ = tap(&k, "shift", at: .milliseconds(200))
        #expect(k.shift == .locked)
        #expect(k.state(of: k.page.key(id: "shift")!) == .locked)
        #expect(typed(tap(&k, "a", at: .seconds(1)) + tap(&k, "b", at: .seconds(2))) == "AB")
        _ = tap(&k, "shift", at: .seconds(3))
        #expect(k.shift == .off)
    }

    @Test func twoSlowShiftTapsTurnShiftOff() {
        var k = Keyboard(layout: .us, size: size)
        _ = tap(&k, "shift")
        _ = tap(&k, "shift", at: .seconds(1))
        #expect(k.shift == .off)
    }

    @Test func pageKeysSwitchPagesAndTypeNothing() {
        var k = Keyboard(layout: .us, size: size)
        let effects = tap(&k, "page-numbers")
        #expect(effects.contains(.switchPage("numbers")))
        #expect(typed(effects).isEmpty)
        #expect(k.page.id == "numbers")
        #expect(typed(tap(&k, "4") + tap(&k, "2") + tap(&k, ",") + tap(&k, "!")) == "42,!")
        _ = tap(&k, "page-symbols")
        #expect(typed(tap(&k, "€")) == "€")
        _ = tap(&k, "page-letters")
        #expect(k.page.id == "letters")
    }

    @Test func namedKeysTypeTheirKeysyms() {
        var k = Keyboard(layout: .us, size: size)
        let effects = tap(&k, "space") + tap(&k, "return") + tap(&k, "backspace")
        let syms = effects.compactMap { effect -> KeySym? in
            if case .type(let sym, _) = effect { return sym }
            return nil
        }
        #expect(syms == [.space, .return, .backSpace])
    }

    @Test func hideKeyHides() {
        var k = Keyboard(layout: .us, size: size)
        #expect(tap(&k, "hide").contains(.hide))
    }

    @Test func twoPointersHoldTwoKeys() {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(center(k, "a"), pointer: 1), at: t0)
        _ = k.handle(.press(center(k, "b"), pointer: 2), at: t0)
        #expect(k.pressed.count == 2)
        #expect(k.handle(.cancelAll, at: t0).count == 1)
        #expect(k.pressed.isEmpty)
    }

    @Test func everyKeyOfTheUsLayoutHasAUniqueIdOnItsPage() {
        for page in Layout.us.pages {
            let ids = page.keys.map(\.id)
            #expect(Set(ids).count == ids.count, "duplicate id on \(page.id)")
            for key in page.keys {
                if case .page(let target) = key.action { #expect(Layout.us.page(id: target) != nil) }
            }
        }
    }
}

@Suite struct ModifierKeyTests {
    let t0 = ContinuousClock.now

    func tap(_ k: inout Keyboard, _ id: Key.ID, at offset: Duration = .zero) -> [Effect] {
        let rect = k.geometry.frame(id: id)!.rect
        let p = Point(x: rect.midX, y: rect.midY)
        return k.handle(.press(p), at: t0 + offset) + k.handle(.release(p), at: t0 + offset)
    }

    @Test func ctrlLatchesForOneKey() {
        var k = Keyboard(layout: .terminal, size: Size(width: 1280, height: 400))
        _ = tap(&k, "ctrl")
        #expect(k.modifiers[.ctrl] == .latched)
        #expect(k.state(of: k.page.key(id: "ctrl")!) == .selected)
        #expect(tap(&k, "c", at: .seconds(1)).contains(.type(KeySym(rawValue: 0x63), modifiers: [.control])))
        #expect(k.modifiers[.ctrl] == nil)
        #expect(tap(&k, "c", at: .seconds(2)).contains(.type(KeySym(rawValue: 0x63), modifiers: [])))
    }

    @Test func doubleTapLocksAltUntilTappedAgain() {
        var k = Keyboard(layout: .terminal, size: Size(width: 1280, height: 400))
        _ = tap(&k, "alt")
        _ = tap(&k, "alt", at: .milliseconds(150))
        #expect(k.state(of: k.page.key(id: "alt")!) == .locked)
        #expect(tap(&k, "x", at: .seconds(1)).contains(.type(KeySym(rawValue: 0x78), modifiers: [.alt])))
        #expect(tap(&k, "y", at: .seconds(2)).contains(.type(KeySym(rawValue: 0x79), modifiers: [.alt])))
        _ = tap(&k, "alt", at: .seconds(3))
        #expect(k.modifiers[.alt] == .off)
    }

    @Test func shiftGoesWithNamedKeysAndModifiersCombine() {
        var k = Keyboard(layout: .terminal, size: Size(width: 1280, height: 400))
        _ = tap(&k, "shift")
        #expect(tap(&k, "tab", at: .seconds(1)).contains(.type(.tab, modifiers: [.shift])))
        _ = tap(&k, "ctrl", at: .seconds(2))
        _ = tap(&k, "shift", at: .seconds(3))
        #expect(tap(&k, "c", at: .seconds(4)).contains(.type(KeySym(rawValue: 0x43), modifiers: [.control])))
    }
}

@Suite struct KeyRepeatTests {
    let t0 = ContinuousClock.now

    func center(_ k: Keyboard, _ id: Key.ID) -> Point {
        let r = k.geometry.frame(id: id)!.rect
        return Point(x: r.midX, y: r.midY)
    }

    func typed(_ effects: [Effect]) -> Int { effects.filter { if case .type = $0 { true } else { false } }.count }

    @Test func aHeldKeyRepeatsAfterTheDelayAtTheInterval() {
        var k = Keyboard(layout: .us, size: Size(width: 1280, height: 330))
        k.repeatDelay = .milliseconds(500)
        k.repeatInterval = .milliseconds(50)
        #expect(k.nextDeadline == nil)
        #expect(typed(k.handle(.press(center(k, "backspace")), at: t0)) == 1)
        #expect(k.nextDeadline == t0 + .milliseconds(500))
        #expect(k.handle(.tick, at: t0 + .milliseconds(499)).isEmpty)
        #expect(k.handle(.tick, at: t0 + .milliseconds(500)) == [.type(.backSpace, modifiers: [])])
        #expect(k.nextDeadline == t0 + .milliseconds(550))
        #expect(typed(k.handle(.tick, at: t0 + .milliseconds(550))) == 1)
        _ = k.handle(.release(center(k, "backspace")), at: t0 + .milliseconds(560))
        #expect(k.nextDeadline == nil, "no timer once nothing is held")
        #expect(k.handle(.tick, at: t0 + .milliseconds(600)).isEmpty)
    }

    @Test func slidingOffTheKeyStopsTheRepeat() {
        var k = Keyboard(layout: .us, size: Size(width: 1280, height: 330))
        _ = k.handle(.press(center(k, "a")), at: t0)
        #expect(k.handle(.motion(center(k, "a")), at: t0).isEmpty)
        #expect(k.handle(.motion(center(k, "s")), at: t0) == [.redraw(["a"])])
        #expect(k.nextDeadline == nil)
        #expect(k.pressed.isEmpty)
    }

    @Test func aRepeatTypesWhatThePressTyped() {
        var k = Keyboard(layout: .us, size: Size(width: 1280, height: 330))
        k.repeatDelay = .milliseconds(100)
        _ = k.handle(.press(center(k, "shift")), at: t0)
        _ = k.handle(.release(center(k, "shift")), at: t0)
        _ = k.handle(.press(center(k, "b")), at: t0 + .seconds(1))
        #expect(k.shift == .off)
        #expect(k.handle(.tick, at: t0 + .seconds(2)) == [.type(KeySym(rawValue: 0x42), modifiers: [])])
    }

    @Test func modifiersAndPageKeysDoNotRepeat() {
        var k = Keyboard(layout: .us, size: Size(width: 1280, height: 330))
        _ = k.handle(.press(center(k, "shift")), at: t0)
        #expect(k.nextDeadline == nil)
        _ = k.handle(.release(center(k, "shift")), at: t0)
        _ = k.handle(.press(center(k, "page-numbers")), at: t0)
        #expect(k.nextDeadline == nil)
    }

    @Test func aBusyMachineGetsOneRepeatNotABurst() {
        var k = Keyboard(layout: .us, size: Size(width: 1280, height: 330))
        k.repeatDelay = .milliseconds(100)
        k.repeatInterval = .milliseconds(10)
        _ = k.handle(.press(center(k, "x")), at: t0)
        #expect(typed(k.handle(.tick, at: t0 + .seconds(5))) == 1)
        #expect(k.nextDeadline! > t0 + .seconds(5))
    }
}

@Suite struct LongPressTests {
    let t0 = ContinuousClock.now
    let size = Size(width: 1280, height: 330)

    func center(_ r: Rect) -> Point { Point(x: r.midX, y: r.midY) }
    func center(_ k: Keyboard, _ id: Key.ID) -> Point { center(k.geometry.frame(id: id)!.rect) }
    func typed(_ effects: [Effect]) -> String {
        var out = ""
        for case .type(let sym, _) in effects { out += sym.scalar.map { String(Character($0)) } ?? "?" }
        return out
    }

    @Test func aShortTapOnAKeyWithAlternatesTypesTheKeyOnRelease() {
        var k = Keyboard(layout: .us, size: size)
        let down = k.handle(.press(center(k, "e")), at: t0)
        #expect(typed(down).isEmpty, "nothing is typed until we know it is a tap")
        #expect(down.contains(.playClick))
        #expect(k.nextDeadline == t0 + k.longPressDelay)
        #expect(typed(k.handle(.release(center(k, "e")), at: t0 + .milliseconds(100))) == "e")
        #expect(k.nextDeadline == nil, "no timer once nothing is held")
        #expect(k.popup == nil)
    }

    @Test func aLongPressShowsTheAlternatesAboveTheKeyAndSlidingOntoOneTypesIt() throws {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(center(k, "a")), at: t0)
        #expect(k.handle(.tick, at: t0 + .milliseconds(499)).isEmpty)
        #expect(k.popup == nil)
        #expect(k.handle(.tick, at: t0 + .milliseconds(500)) == [.redrawAll])
        let popup = try #require(k.popup)
        #expect(popup.texts == ["á", "à", "â", "ä", "ã", "å", "æ", "ą", "ă", "ā"])
        let key = k.geometry.frame(id: "a")!.rect
        #expect(popup.cells.allSatisfy { $0.maxY < key.y && $0.height == key.height })
        // Ten cells do not fit rightwards from a's left edge: the row moves left, still over a.
        #expect(popup.cells[0].x <= key.x && popup.cells[popup.cells.count - 1].maxX > key.x)
        #expect(popup.selected == nil, "the finger is still on the key, not on an alternate")
        #expect(k.nextDeadline == nil)
        #expect(k.handle(.motion(center(popup.cells[3])), at: t0 + .milliseconds(600)) == [.redrawAll])
        #expect(k.popup?.selected == 3)
        #expect(k.handle(.motion(center(popup.cells[3])), at: t0 + .milliseconds(610)).isEmpty)
        let up = k.handle(.release(center(popup.cells[3])), at: t0 + .milliseconds(700))
        #expect(typed(up) == "ä")
        #expect(up.contains(.redrawAll))
        #expect(k.popup == nil && k.pressed.isEmpty)
    }

    @Test func releasingAwayFromTheAlternatesTypesNothing() {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(center(k, "a")), at: t0)
        _ = k.handle(.tick, at: t0 + .seconds(1))
        #expect(k.popup != nil)
        // Still on the key itself, then somewhere else entirely: neither types.
        #expect(typed(k.handle(.release(center(k, "a")), at: t0 + .seconds(2))).isEmpty)
        _ = k.handle(.press(center(k, "a")), at: t0 + .seconds(3))
        _ = k.handle(.tick, at: t0 + .seconds(4))
        _ = k.handle(.motion(center(k, "m")), at: t0 + .seconds(4))
        #expect(typed(k.handle(.release(center(k, "m")), at: t0 + .seconds(5))).isEmpty)
    }

    @Test func keysWithAlternatesDoNotRepeat() {
        var k = Keyboard(layout: .us, size: size)
        k.repeatDelay = .milliseconds(100)
        _ = k.handle(.press(center(k, "e")), at: t0)
        #expect(typed(k.handle(.tick, at: t0 + .milliseconds(200))).isEmpty)
        #expect(typed(k.handle(.tick, at: t0 + .seconds(1))).isEmpty)
    }

    @Test func slidingOffBeforeThePopupCancelsTheKey() {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(center(k, "e")), at: t0)
        _ = k.handle(.motion(center(k, "r")), at: t0 + .milliseconds(100))
        #expect(k.nextDeadline == nil)
        #expect(typed(k.handle(.release(center(k, "r")), at: t0 + .milliseconds(200))).isEmpty)
    }

    @Test func shiftCapitalisesTheAlternatesAndIsUsedUp() throws {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(center(k, "shift")), at: t0)
        _ = k.handle(.release(center(k, "shift")), at: t0)
        _ = k.handle(.press(center(k, "e")), at: t0 + .seconds(1))
        _ = k.handle(.tick, at: t0 + .seconds(2))
        let popup = try #require(k.popup)
        #expect(popup.texts.first == "É")
        #expect(typed(k.handle(.release(center(popup.cells[1])), at: t0 + .seconds(3))) == "È")
        #expect(k.shift == .off)
    }

    @Test func aTopRowKeyShowsItsAlternatesBelowItInsideTheWindow() throws {
        var k = Keyboard(layout: Layout(id: "bare", pages: Layout.us.pages), size: size)
        _ = k.handle(.press(center(k, "o")), at: t0)
        _ = k.handle(.tick, at: t0 + .seconds(1))
        let popup = try #require(k.popup)
        let key = k.geometry.frame(id: "o")!.rect
        #expect(popup.cells.allSatisfy { $0.y > key.maxY && $0.maxX <= size.width && $0.x >= 0 })
        #expect(popup.cells.last!.maxX <= size.width, "runs left when the window ends first")
    }

    @Test func cancelAllClosesThePopup() {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(center(k, "u")), at: t0)
        _ = k.handle(.tick, at: t0 + .seconds(1))
        #expect(k.handle(.cancelAll, at: t0 + .seconds(1)) == [.redrawAll])
        #expect(k.popup == nil && k.nextDeadline == nil)
    }
}

@Suite struct LiveKeyTests {
    let layout = Layout(id: "live", pages: [Page(id: "p", rows: [Row([
        Key(id: "ad06", label: .text("y"), action: .xkbKey("AD06")),
        Key(id: "shift", label: .icon(.shift), action: .modifier(.shift), keyClass: .function),
    ])])])

    @Test func xkbKeysTakeLabelAndKeysymFromTheLiveKeymap() {
        var k = Keyboard(layout: layout, size: Size(width: 400, height: 100))
        let key = k.page.key(id: "ad06")!
        #expect(k.label(of: key) == .text("y"), "without a keymap the layout's own label shows")
        #expect(k.xkbKeyNames == ["AD06"])
        let z = LiveKey(base: KeySym(rawValue: 0x7A), shifted: KeySym(rawValue: 0x5A))
        #expect(k.setLiveKeys(["AD06": z]) == [.redrawAll])
        #expect(k.setLiveKeys(["AD06": z]).isEmpty, "no repaint when nothing changed")
        #expect(k.label(of: key) == .text("z"))
        let r = k.geometry.frame(id: "ad06")!.rect
        let p = Point(x: r.midX, y: r.midY)
        #expect(k.handle(.press(p), at: .now).contains(.type(KeySym(rawValue: 0x7A), modifiers: [])))
        _ = k.handle(.release(p), at: .now)
        k.setShift(.latched)
        #expect(k.label(of: key) == .text("Z"))
        #expect(k.handle(.press(p), at: .now).contains(.type(KeySym(rawValue: 0x5A), modifiers: [])))
    }

    @Test func aKeyTheLiveKeymapLeavesEmptyIsDisabledAndTypesNothing() {
        var k = Keyboard(layout: layout, size: Size(width: 400, height: 100))
        let key = k.page.key(id: "ad06")!
        #expect(k.state(of: key) == .normal, "without a keymap nothing is known to be empty")
        _ = k.setLiveKeys(["AD06": LiveKey(base: nil, shifted: nil)])
        #expect(k.state(of: key) == .disabled)
        let r = k.geometry.frame(id: "ad06")!.rect
        let typed = k.handle(.press(Point(x: r.midX, y: r.midY)), at: .now).filter { if case .type = $0 { true } else { false } }
        #expect(typed.isEmpty)
    }

    @Test func legacyKeysymsShowTheTextTheXSideGives() {
        var k = Keyboard(layout: layout, size: Size(width: 400, height: 100))
        // Cyrillic_shorti is 0x6ca, not a Unicode code point: the label is the text given.
        _ = k.setLiveKeys(["AD06": LiveKey(base: KeySym(rawValue: 0x6CA), shifted: nil, baseText: "й")])
        #expect(k.label(of: k.page.key(id: "ad06")!) == .text("й"))
        #expect(KeyAction.xkbKey("AD06").description == "key:AD06")
    }
}
