import ClavierCore
@testable import ClavierX11
import Testing

/// What a key's first borrow lends ahead: its page's keysyms, the middle of each row first,
/// the plain ones before the capitals.
struct PageKeysymsTests {
    static let layout = Layout(id: "t", pages: [
        Page(id: "letters", rows: [
            Row(["й", "ц", "у", "к", "е"].map { Key.character($0) }),
            Row([Key.character("ф"), Key.character("ы"), Key(id: "shift", label: .text("⇧"), action: .modifier(.shift)),
                 Key(id: "return", label: .text("⏎"), action: .key(.return))]),
        ]),
        Page(id: "symbols", rows: [Row(["1", "2", "€"].map { Key.character($0) })]),
    ])
    static let pages = PageKeysyms(Keyboard(layout: layout, size: Size(width: 400, height: 200)))

    static func syms(_ text: String) -> [KeySym] { KeySym.sequence(typing: text) }

    @Test func theMiddleOfEachRowComesFirstThenTheCapitals() {
        // у is the middle of the first row (ц, к one key off, й, е two); ы half a key off the
        // second's middle, ф and Return one and a half. The Shift key types nothing.
        #expect(Self.pages.pages[0] == Self.syms("уыцкф") + [.return] + Self.syms("йеУЫЦКФЙЕ"))
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
}
