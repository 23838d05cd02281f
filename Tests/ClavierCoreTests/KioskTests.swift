import ClavierCore
import Testing

/// Kiosk mode's allow-list, over whole keysym ranges rather than a few examples.
struct KioskTests {
    @Test func noXF86KeysymIsAllowed() {
        // XF86ClearGrab, XF86Terminal, XF86Switch_VT_n, launchers, power and session keys.
        let allowed = (UInt32(0x1008_FE00)...0x1008_FFFF).filter { Kiosk.allowsKeysym(KeySym(rawValue: $0)) }
        #expect(allowed.isEmpty)
    }

    @Test func ofTheFunctionRangeOnlyEditingNavigationAndTheKeypadsCharactersAreAllowed() {
        let allowed = Set((UInt32(0xFE00)...0xFFFF).filter { Kiosk.allowsKeysym(KeySym(rawValue: $0)) })
        let expected: Set<UInt32> = Set(0xFE50...0xFE6F).union(0xFE80...0xFE8C).union(0xFE90...0xFE93)  // dead keys
            .union([0xFE20])  // ISO_Left_Tab
            .union([0xFF08, 0xFF09, 0xFF0D, 0xFF1B, 0xFFFF, 0xFF63])  // BackSpace, Tab, Return, Escape, Delete, Insert
            .union(0xFF50...0xFF58)  // Home, arrows, Prior, Next, End, Begin
            .union([0xFF80, 0xFF8D, 0xFFAA, 0xFFAB, 0xFFAC, 0xFFAD, 0xFFAE, 0xFFAF, 0xFFBD])  // keypad operators, Enter
            .union(0xFFB0...0xFFB9)  // KP_0 … KP_9
        #expect(allowed == expected)
        // Among the refused: F1–F35, Terminate_Server, Sys_Req, Menu, every modifier keysym.
        // Issue 23: and AccessX_Enable … AudibleBell_Enable (0xFE70–0xFE7A), which change the whole server.
        for refused: UInt32 in [0xFFBE, 0xFFC9, 0xFFE0, 0xFED5, 0xFF15, 0xFF67, 0xFFE1, 0xFFE3, 0xFFE9, 0xFFEB, 0xFE03]
            + Array(0xFE70...0xFE7A) {
            #expect(!allowed.contains(refused), "0x\(String(refused, radix: 16))")
        }
    }

    @Test func charactersAreAllowedAndControlCodesAreNot() {
        for text in ["a", "Z", " ", "é", "€", "й", "中", "😀", "ß"] {
            #expect(Kiosk.allowsKeysym(KeySym(scalar: text.unicodeScalars.first!)), "\(text)")
        }
        for code: UInt32 in [0x00, 0x07, 0x1B, 0x7F, 0x85, 0x9F] {
            #expect(!Kiosk.allowsKeysym(KeySym(rawValue: 0x0100_0000 + code)), "U+\(String(code, radix: 16))")
        }
        #expect(Kiosk.allowsKeysym(KeySym(rawValue: 0x6CA)), "Cyrillic_shorti, a legacy keysym")
    }

    @Test func onlyShiftAndAltGrLevelsAreAllowed() {
        let a = KeySym(scalar: "a")
        #expect(Kiosk.allows(a, modifiers: []))
        #expect(Kiosk.allows(a, modifiers: [.shift]))
        #expect(Kiosk.allows(KeySym(scalar: "€"), modifiers: [.altGr, .shift]))
        for modifiers: ModifierSet in [[.control], [.alt], [.super], [.control, .alt], [.shift, .control]] {
            #expect(!Kiosk.allows(a, modifiers: modifiers))
            #expect(!Kiosk.allows(.backSpace, modifiers: modifiers), "Ctrl+Alt+BackSpace and its kin")
        }
        // KP_Multiply is allowed alone, never with the Ctrl+Alt that makes it XF86ClearGrab.
        #expect(Kiosk.allows(KeySym(rawValue: 0xFFAA), modifiers: []))
        #expect(!Kiosk.allows(KeySym(rawValue: 0xFFAA), modifiers: [.control, .alt]))
    }
}

struct KioskRefusalTests {
    @Test func aLayoutsKeysAreJudgedAsKioskModeWouldTypeThem() {
        #expect(Kiosk.refusal(of: .key(KeySym(rawValue: 0xFED5)), written: "Terminate_Server")?.contains("'Terminate_Server'") == true)
        #expect(Kiosk.refusal(of: .key(KeySym(rawValue: 0x1008_FE21)))?.contains("0x1008fe21") == true)
        #expect(Kiosk.refusal(of: .modifier(.ctrl)) != nil)
        #expect(Kiosk.refusal(of: .modifier(.alt)) != nil)
        #expect(Kiosk.refusal(of: .modifier(.super)) != nil)
        #expect(Kiosk.refusal(of: .text("a\u{7}"))?.contains("U+7") == true)
        for fine: KeyAction in [.key(.backSpace), .key(.return), .text("héllo €"), .modifier(.shift), .modifier(.altgr),
                                .page("numbers"), .xkbKey("AD01"), .hide] {
            #expect(Kiosk.refusal(of: fine) == nil, "\(fine)")
        }
    }
}

/// The layer-shell layer a docked Wayland keyboard is on (`--layer`, issue 49).
struct SurfaceLayerTests {
    @Test func aKiosksKeyboardIsOnTheOverlayLayerUnlessTheLayerIsGiven() {
        var options = Session.Options()
        #expect(options.surfaceLayer == .top)
        options.layer = .overlay
        #expect(options.surfaceLayer == .overlay)
        options = Session.Options()
        options.kiosk = true
        #expect(options.surfaceLayer == .overlay, "above a fullscreen application, as its X window stays on top")
        options.layer = .top
        #expect(options.surfaceLayer == .top, "a kiosk's builder may ask for the top layer")
    }

    @Test func theLayerIsTopOrOverlay() throws {
        #expect(try Setting.layer.parse("overlay") == .overlay)
        #expect(try Setting.layer.parse("top") == .top)
        #expect(throws: SettingError.self) { try Setting.layer.parse("bottom") }
    }
}
