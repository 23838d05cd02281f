import CXKBCommon
import ClavierCore
import ClavierLayouts
import Testing

struct KeysymNameTests {
    /// Values from keysymdef.h and XF86keysym.h.
    static let named: [(String, UInt32)] = [
        ("Return", 0xFF0D), ("BackSpace", 0xFF08), ("eacute", 0xE9), ("EuroSign", 0x20AC),
        ("XF86AudioMute", 0x1008_FF12), ("XF86Switch_VT_2", 0x1008_FE02), ("Terminate_Server", 0xFED5),
    ]

    @Test(arguments: named)
    func x11NamesAreTheirKeysyms(name: String, value: UInt32) {
        #expect(KeysymName.lookup(name) == KeySym(rawValue: value))
    }

    @Test(arguments: named)
    func aNameComesBackFromItsKeysym(name: String, value: UInt32) throws {
        let sym = try #require(KeysymName.lookup(name))
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(sym.rawValue, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) == name)
    }

    @Test func coreShortNamesComeFirst() {
        #expect(KeysymName.lookup("backspace") == .backSpace)
        #expect(KeysymName.lookup("return") == .return)
        #expect(KeysymName.lookup("space") == .space)
    }

    @Test func namesAreCaseSensitive() {
        #expect(KeysymName.lookup("RETURN") == nil)
        #expect(KeysymName.lookup("Eacute") == KeySym(rawValue: 0xC9))
    }

    @Test func unicodeScalarsInBothSpellings() {
        #expect(KeysymName.lookup("U20AC") == KeySym(rawValue: 0x0100_20AC))
        #expect(KeysymName.lookup("U+20AC") == KeySym(rawValue: 0x0100_20AC))
        #expect(KeysymName.lookup("U+20ac") == KeySym(rawValue: 0x0100_20AC))
        #expect(KeysymName.lookup("U+00E9") == KeySym(rawValue: 0xE9))
    }

    @Test func aUnicodeKeysymTypesItsScalarForCoreAndXkbcommon() throws {
        let sym = try #require(KeysymName.lookup("U20AC"))
        #expect(sym.scalar == "€")
        #expect(xkb_keysym_to_utf32(sym.rawValue) == 0x20AC)
    }

    @Test func hexNumbersAreKeysyms() {
        #expect(KeysymName.lookup("0xff08") == .backSpace)
        #expect(KeysymName.lookup("0x1008FE14") == KeySym(rawValue: 0x1008_FE14))
        #expect(KeysymName.lookup("0x1fffffff") == KeySym(rawValue: 0x1FFF_FFFF))
    }

    @Test(arguments: ["Nope", "", "U+", "U+diaeresis", "U+0008", "0x", "0x0", "0x20000000", "0x-1", "NoSymbol"])
    func notAKeysym(name: String) {
        #expect(KeysymName.lookup(name) == nil)
    }

    @Test(arguments: ["Terminate_Server", "XF86Switch_VT_1", "XF86Switch_VT_12", "Super_R", "XF86ClearGrab",
                      "XF86Terminal", "XF86WWW", "XF86LogOff", "Sys_Req", "F4", "Menu", "Pointer_EnableKeys"])
    func theKeysymsThatLeaveAKioskAreRefused(name: String) throws {
        #expect(!Kiosk.allowsKeysym(try #require(KeysymName.lookup(name))))
    }

    @Test(arguments: ["a", "eacute", "EuroSign", "Cyrillic_shorti", "dead_acute", "BackSpace", "Return", "Tab",
                      "ISO_Left_Tab", "Escape", "Left", "Page_Down", "KP_7", "U4E00"])
    func theKeysymsAKioskNeedsAreAllowed(name: String) throws {
        #expect(Kiosk.allowsKeysym(try #require(KeysymName.lookup(name))))
    }

    @Test func anUnknownKeysymIsReportedWhereItIsWritten() {
        let text = """
        pages:
          - id: a
            rows:
              - [x, {label: y, action: {keysym: Retrun}}]
        """
        #expect {
            try LayoutFile.parse(text, id: "t", file: "t.yaml")
        } throws: { error in
            guard case LayoutError.invalid(let diagnostics) = error else { return false }
            return diagnostics.map(\.description) == ["t.yaml:4:41: unknown keysym 'Retrun'"]
        }
    }
}
