import ClavierCore
@testable import ClavierX11
import Testing

/// What a key's first borrow lends ahead: its page's keysyms, the middle of each row first,
/// the plain ones before the capitals.
struct PageKeysymsTests {
    static let layout = Layout(id: "t", pages: [
        Page(id: "letters", rows: [
            Row(["й", "ц", "у", "к", "е"].map { Key.character($0) }),
            Row([Key.character("ф"), Key.character("ы"), Key.character("ʼ"), Key.character(","), Key(id: "shift", label: .text("⇧"), action: .modifier(.shift)),
                 Key(id: "return", label: .text("⏎"), action: .key(.return))]),
        ]),
        Page(id: "symbols", rows: [Row(["1", "2", "€"].map { Key.character($0) })]),
    ])
    static let pages = PageKeysyms(Keyboard(layout: layout, size: Size(width: 400, height: 200)))

    static func syms(_ text: String) -> [KeySym] { KeySym.sequence(typing: text) }

    @Test func theMiddleOfEachRowComesFirstThenTheCapitals() {
        // у is the middle of the first row (ц, к one key off, й, е two); ʼ and , half a key off
        // the second's middle, ы and Shift one and a half, ф and Return two and a half. The
        // Shift key types nothing.
        #expect(Self.pages.pages[0] == Self.syms("уʼ,цкы") + Self.syms("йеф") + [.return] + Self.syms("УЦКЫЙЕФ"))
        #expect(Self.pages.pages[1] == Self.syms("21€"))
    }

    @Test func theKeysymComesFirstThenTheRestOfItsPage() {
        #expect(Self.pages.ahead(of: Self.syms("€")[0]) == Self.syms("€21"))
        #expect(Self.pages.ahead(of: Self.syms("Ф")[0]).first == Self.syms("Ф")[0])
        #expect(Self.pages.ahead(of: Self.syms("Ф")[0]).count == Self.pages.pages[0].count)
    }

    @Test func aKeysymOnNoPageIsLentAlone() {
        #expect(Self.pages.ahead(of: Self.syms("😀")[0]) == Self.syms("😀"))
        #expect(PageKeysyms().ahead(of: Self.syms("ж")[0]) == Self.syms("ж"))
    }

    /// What is lent when the keyboard shows: the letters page's characters, each letter with its
    /// capital, marked letter or not (a layout whose letters the keymap has lends nothing, even
    /// for its , or ʼ); nothing of the symbols page (€ waits for its press), nor the keysym
    /// keys (Return).
    @Test func theLettersPageIsWhatIsLentAtShow() {
        let letters = Self.pages.letters
        #expect(letters.map(\.sym) == Self.syms("уʼ,цкыйеф"))
        let capitals: [KeySym?] = Self.syms("У").map { $0 } + [nil, nil] + Self.syms("ЦКЫЙЕФ").map { $0 }
        #expect(letters.map(\.shifted) == capitals)
        #expect(letters.filter { !$0.isLetter }.map(\.sym) == Self.syms(","))
        #expect(!letters.contains { Self.syms("€12").contains($0.sym) })
    }

    /// Under a keymap with every ASCII character and no Cyrillic: each Cyrillic letter with its
    /// capital, ʼ alone (it has no capital), the comma not at all (the keymap has it).
    @Test func theLettersTheKeymapLacksAreLentWithTheirCapitals() {
        let lent = Self.pages.lettersToLend { $0.scalar.map { !$0.isASCII } ?? false }
        #expect(lent.map(\.sym) == Self.syms("уʼцкыйеф").map(\.rawValue))
        #expect(lent.map { $0.shifted.map { KeySym(rawValue: $0) } } == [Self.syms("У")[0], nil] + Self.syms("ЦКЫЙЕФ").map { $0 })
    }

    /// A keymap with every letter of the page lends nothing, not even a comma it lacks: showing
    /// a layout whose letters the keymap has changes no keymap. ʼ is a letter (Ukrainian words
    /// hold it): lacking it alone lends it.
    @Test func aKeymapWithEveryLetterLendsNothing() {
        #expect(Self.pages.lettersToLend { $0 == Self.syms(",")[0] }.isEmpty)
        #expect(Self.pages.lettersToLend { _ in false }.isEmpty)
        #expect(Self.pages.lettersToLend { $0 == Self.syms("ʼ")[0] }.map(\.sym) == Self.syms("ʼ").map(\.rawValue))
    }

    /// A capital the keymap has is not lent: the letter goes alone; a capital it lacks, whose
    /// letter it has, goes alone in the letter's place.
    @Test func onlyTheHalfOfAPairTheKeymapLacksIsLent() {
        let lent = Self.pages.lettersToLend { [Self.syms("у")[0], Self.syms("Ц")[0]].contains($0) }
        #expect(lent.map(\.sym) == Self.syms("уЦ").map(\.rawValue))
        #expect(lent.allSatisfy { $0.shifted == nil })
    }
}
