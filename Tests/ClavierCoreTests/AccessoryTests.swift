import ClavierBuiltins
import Testing
@testable import ClavierCore

@Suite struct CurrentWordTests {
    func typing(_ text: String) -> [Effect] {
        KeySym.sequence(typing: text).map { Effect.type($0, modifiers: []) }
    }

    @Test func lettersGrowTheWordAndSpaceOrPunctuationEndIt() {
        var w = CurrentWord()
        w.follow(typing("hel"))
        #expect(w.text == "hel")
        w.follow(typing("lo "))
        #expect(w.text == "")
        w.follow(typing("don't"))
        #expect(w.text == "don't")
        w.follow(typing(","))
        #expect(w.text == "")
    }

    @Test func backSpaceTakesALetterBackAndOtherKeysEndTheWord() {
        var w = CurrentWord()
        w.follow(typing("cat") + [.type(.backSpace, modifiers: [])])
        #expect(w.text == "ca")
        w.follow([.type(.return, modifiers: [])])
        #expect(w.text == "")
        w.follow(typing("ab") + [.type(.left, modifiers: [])])
        #expect(w.text == "")
        w.follow(typing("ab") + [.type(KeySym(rawValue: 0x63), modifiers: .control)])
        #expect(w.text == "", "Ctrl+c is a command, not a letter")
    }
}

@Suite struct AccessoryBarTests {
    let t0 = ContinuousClock.now
    let size = Size(width: 1000, height: 300)
    let layout = Layout(id: "md", pages: Layout.us.pages, options: LayoutOptions(accessory: [.completions, .formatting]))

    func tap(_ k: inout TypingKeyboard, _ p: Point) -> [Effect] {
        k.handle(.press(p), at: t0) + k.handle(.release(p), at: t0 + .milliseconds(50))
    }
    func center(_ r: Rect) -> Point { Point(x: r.midX, y: r.midY) }
    func typed(_ effects: [Effect]) -> String {
        var out = ""
        for case .type(let sym, _) in effects { out += sym.scalar.map { String(Character($0)) } ?? "?" }
        return out
    }

    @Test func theBarTakesAStripAboveTheKeys() throws {
        let k = Keyboard(layout: layout, size: size)
        let bar = try #require(k.accessory)
        #expect(bar.rect.y == 0 && bar.rect.width == size.width)
        #expect(k.geometry.frames.allSatisfy { $0.rect.y >= bar.rect.maxY })
        #expect(k.geometry.frames.map(\.rect.maxY).max()! <= size.height)
        #expect(bar.cells.map(\.cell) == [.completion(0), .completion(1), .completion(2),
                                           .format(.emphasis), .format(.strong), .format(.code)])
        #expect(Keyboard(layout: Layout(id: "bare", pages: layout.pages), size: size).accessory == nil, "no accessory, no bar")
        #expect(Keyboard(layout: .us, size: size).accessory?.cells.map(\.cell) == [.completion(0), .completion(1), .completion(2)])
    }

    @Test func aTopRowKeysAlternatesOpenAboveItOverTheBar() throws {
        var k = TypingKeyboard(Keyboard(layout: layout, size: size))
        let e = k.geometry.frame(id: "e")!.rect
        _ = k.handle(.press(center(e)), at: t0)
        _ = k.handle(.tick, at: t0 + .seconds(1))
        let cells = try #require(k.popup?.cells)
        #expect(cells.allSatisfy { $0.y >= 0 && $0.maxY <= e.y })
    }

    @Test func aCompletionTypesTheRestOfTheWordAndASpace() throws {
        var k = TypingKeyboard(Keyboard(layout: layout, size: size))
        for id in ["h", "e"] { _ = tap(&k, center(k.geometry.frame(id: id)!.rect)) }
        #expect(k.word.text == "he")
        #expect(k.setCompletions(["help", "hello", "held", "helmet"]) == [.redrawAccessory])
        #expect(k.completions == ["help", "hello", "held"])
        let cell = try #require(k.accessory?.rect(of: .completion(1)))
        let effects = tap(&k, center(cell))
        #expect(typed(effects) == "llo ")
        #expect(k.word.text == "")
        #expect(k.context.pending == "hello ", "what is typed is learned once committed")
    }

    @Test func aLayoutWithoutCompletionsKeepsNoWord() throws {
        var plain = TypingKeyboard(Keyboard(layout: Layout(id: "fmt", pages: layout.pages, options: LayoutOptions(accessory: [.formatting])), size: size))
        var bare = TypingKeyboard(Keyboard(layout: Layout(id: "bare", pages: layout.pages), size: size))
        for id in ["h", "e"] {
            _ = tap(&plain, center(plain.geometry.frame(id: id)!.rect))
            _ = tap(&bare, center(bare.geometry.frame(id: id)!.rect))
        }
        #expect(plain.word.text == "")
        #expect(bare.word.text == "")
    }

    @Test func aWordRunsThroughLettersAndApostrophesOnly() throws {
        var k = TypingKeyboard(Keyboard(layout: layout, size: size))
        for id in ["h", "e"] { _ = tap(&k, center(k.geometry.frame(id: id)!.rect)) }
        #expect(k.word.text == "he")
        _ = tap(&k, center(k.geometry.frame(id: "space")!.rect))
        #expect(k.word.text == "")
        #expect(CurrentWord.isWordScalar("'") && CurrentWord.isWordScalar("Z") && CurrentWord.isWordScalar("é"))
        #expect(!CurrentWord.isWordScalar("1") && !CurrentWord.isWordScalar("-") && !CurrentWord.isWordScalar("€"))
    }

    @Test func anEmptySlotOrAReleaseElsewhereDoesNothing() throws {
        var k = TypingKeyboard(Keyboard(layout: layout, size: size))
        _ = k.setCompletions(["help"])
        let empty = try #require(k.accessory?.rect(of: .completion(2)))
        #expect(tap(&k, center(empty)).isEmpty)
        let first = try #require(k.accessory?.rect(of: .completion(0)))
        _ = k.handle(.press(center(first)), at: t0)
        #expect(k.pressedAccessoryCell == .completion(0))
        #expect(typed(k.handle(.release(center(k.geometry.frame(id: "g")!.rect)), at: t0)).isEmpty)
        #expect(k.pressedAccessoryCell == nil)
    }

    @Test func formattingAsksTheXSideToWrapAndEndsTheWord() throws {
        var k = TypingKeyboard(Keyboard(layout: layout, size: size))
        _ = tap(&k, center(k.geometry.frame(id: "h")!.rect))
        let strong = try #require(k.accessory?.rect(of: .format(.strong)))
        let effects = tap(&k, center(strong))
        #expect(effects.contains(.format(.strong)))
        #expect(typed(effects).isEmpty)
        #expect(k.word.text == "")
        #expect(Formatting.strong.delimiter == "**" && Formatting.code.delimiter == "`")
        // Without a selection: the pair, then Left over the closing delimiter.
        #expect(Formatting.strong.pairKeys == KeySym.sequence(typing: "****") + [.left, .left])
        #expect(Formatting.code.pairKeys == KeySym.sequence(typing: "``") + [.left])
    }
}

@Suite struct FormattingSelectionTests {
    @Test func oneLineOfTextIsWrapped() {
        #expect(Formatting.strong.wrapping("hello world") == "**hello world**")
        #expect(Formatting.code.wrapping("naïve – 中文") == "`naïve – 中文`")
    }

    @Test func nothingSelectedTypesOnlyThePair() {
        #expect(Formatting.emphasis.wrapping(nil) == nil)
        #expect(Formatting.emphasis.wrapping("") == nil)
    }

    @Test func aSelectionThatCouldRunACommandIsNeverTyped() {
        #expect(Formatting.code.wrapping("x\necho INJECTED > file\n") == nil)
        #expect(Formatting.code.wrapping("line\r") == nil)
        #expect(Formatting.code.wrapping("tab\there") == nil)
        #expect(Formatting.code.wrapping("escape \u{1B}[2J") == nil)
        #expect(Formatting.code.wrapping("next\u{2028}line") == nil)
        #expect(Formatting.code.wrapping("bidi \u{202E}trick") == nil)
    }

    @Test func aLongSelectionIsNotTyped() {
        #expect(Formatting.code.wrapping(String(repeating: "a", count: Formatting.longestWrapped)) != nil)
        #expect(Formatting.code.wrapping(String(repeating: "a", count: Formatting.longestWrapped + 1)) == nil)
    }
}
