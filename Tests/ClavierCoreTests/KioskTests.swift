import ClavierCore
import Testing

struct KioskTests {
    static func f(_ n: UInt32) -> KeySym { KeySym(rawValue: 0xFFBE + n - 1) }

    @Test(arguments: 1...12)
    func ctrlAltFunctionKeysAreBlocked(n: Int) {
        #expect(Kiosk.blocks(Self.f(UInt32(n)), modifiers: [.control, .alt]))
        #expect(Kiosk.blocks(Self.f(UInt32(n)), modifiers: [.control, .alt, .shift]))
        #expect(!Kiosk.blocks(Self.f(UInt32(n)), modifiers: [.control]))
    }

    @Test func escapesAreBlocked() {
        #expect(Kiosk.blocks(.backSpace, modifiers: [.control, .alt]))
        #expect(Kiosk.blocks(Self.f(4), modifiers: [.alt]))
        #expect(Kiosk.blocks(KeySym(scalar: "e"), modifiers: [.super]))
        #expect(Kiosk.blocks(KeySym(rawValue: 0xFFEB), modifiers: []))  // Super_L
        #expect(Kiosk.blocks(KeySym(rawValue: 0xFFEC), modifiers: []))  // Super_R
        #expect(Kiosk.blocks(KeySym(rawValue: 0x1008_FE02), modifiers: []))  // XF86Switch_VT_2
        #expect(Kiosk.blocks(KeySym(rawValue: 0xFED5), modifiers: []))  // Terminate_Server
    }

    @Test func ordinaryTypingIsNot() {
        #expect(!Kiosk.blocks(.backSpace, modifiers: []))
        #expect(!Kiosk.blocks(.backSpace, modifiers: [.control]))
        #expect(!Kiosk.blocks(Self.f(4), modifiers: []))
        #expect(!Kiosk.blocks(Self.f(4), modifiers: [.control]))
        #expect(!Kiosk.blocks(Self.f(2), modifiers: [.alt]))
        #expect(!Kiosk.blocks(KeySym(scalar: "c"), modifiers: [.control]))
        #expect(!Kiosk.blocks(KeySym(scalar: "a"), modifiers: [.control, .alt]))
        #expect(!Kiosk.blocks(KeySym(scalar: "€"), modifiers: [.altGr]))
    }
}
