import Testing
@testable import ClavierCore

@Suite struct KeySymTests {
    @Test func latin1KeysymsAreTheirCodePoints() {
        #expect(KeySym(scalar: "a").rawValue == 0x61)
        #expect(KeySym(scalar: "é").rawValue == 0xE9)
    }

    @Test func otherCharactersUseTheUnicodeRange() {
        #expect(KeySym(scalar: "€").rawValue == 0x0100_20AC)
        #expect(KeySym.sequence(typing: "😀").map(\.rawValue) == [0x0101_F600])
        #expect(KeySym(rawValue: 0x0100_20AC).scalar == "€")
    }

    @Test func controlCharactersAreNamedKeys() {
        #expect(KeySym(scalar: "\n") == .return)
        #expect(KeySym(scalar: "\t") == .tab)
    }

    @Test func actionsPrintTheirShortForm() {
        #expect(KeyAction.text("a").description == "a")
        #expect(KeyAction.key(.backSpace).description == "backspace")
        #expect(KeyAction.key(.space).description == "space")
        #expect(KeyAction.modifier(.shift).description == "shift")
        #expect(KeyAction.page("numbers").description == "page:numbers")
        #expect(KeyAction.hide.description == "hide")
    }
}
