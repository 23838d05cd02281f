import ClavierCore
import ClavierWayland
import Glibc
import Testing

/// The keys fake input presses on KWin (issue 49): each keysym's evdev code and level in the
/// keymap XKB's defaults make, `us` when nothing says otherwise, as KWin's own is.
struct KWinKeysTests {
    static var usKeymap: Bool {
        getenv("XKB_DEFAULT_LAYOUT").map { String(cString: $0) == "us" } ?? true
    }

    @Test(.enabled(if: usKeymap, "XKB_DEFAULT_LAYOUT names another keymap"))
    func ctrlAsLetterTabEscAndShiftedSymbolsHaveTheirEvdevKeys() {
        let keys = KWinKeys()
        #expect(keys.key(for: KeySym(rawValue: 0x61)) == KWinKeys.Key(code: 30, level: 0))  // a
        #expect(keys.key(for: KeySym(rawValue: 0x41)) == KWinKeys.Key(code: 30, level: 1))  // A: Shift
        #expect(keys.key(for: KeySym(rawValue: 0x40)) == KWinKeys.Key(code: 3, level: 1))   // @: Shift+2
        #expect(keys.key(for: .tab) == KWinKeys.Key(code: 15, level: 0))
        #expect(keys.key(for: .escape) == KWinKeys.Key(code: 1, level: 0))
        #expect(keys.key(for: .backSpace) == KWinKeys.Key(code: 14, level: 0))
        // A plain key wins over an earlier key's Shift level: < is Shift+comma (51) and, on
        // pc105, the plain key beside the left Shift (86).
        #expect(keys.key(for: KeySym(rawValue: 0x31)) == KWinKeys.Key(code: 2, level: 0))  // 1
        #expect(keys.key(for: KeySym(rawValue: 0x3C)) == KWinKeys.Key(code: 86, level: 0))  // <
        // ŝ is on no key of us: fake input cannot type it (input-method-v1's text does).
        #expect(keys.key(for: KeySym(rawValue: 0x02FE)) == nil)
    }
}
