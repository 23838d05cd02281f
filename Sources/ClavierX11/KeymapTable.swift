import CX11
import ClavierCore

/// Where a keysym sits on the server's keyboard: its keycode and whether Shift selects it.
public struct KeyPosition: Hashable, Sendable {
    public var keycode: UInt8
    public var shift: Bool
}

/// The keysym → keycode table of the server's core keyboard mapping
/// (`XGetKeyboardMapping`), and the keycodes that carry no symbol at all.
///
/// Only this type knows keycodes: they belong to one X server, so Core never sees them.
struct KeymapTable {
    private(set) var positions: [UInt32: KeyPosition] = [:]
    /// Keycodes with no keysym in any column: free to borrow for characters off the keymap.
    private(set) var spareKeycodes: [UInt8] = []
    let minKeycode: Int32
    let symbolsPerKeycode: Int32

    /// Reads the mapping; `lent` keycodes (ours, borrowed for a while) count as spare.
    init(display: Display, lent: Set<UInt8> = []) {
        var minKC: Int32 = 0, maxKC: Int32 = 0
        XDisplayKeycodes(display.raw, &minKC, &maxKC)
        minKeycode = minKC
        var perKeycode: Int32 = 0
        let count = maxKC - minKC + 1
        guard let map = XGetKeyboardMapping(display.raw, UInt8(minKC), count, &perKeycode) else {
            symbolsPerKeycode = 0
            return
        }
        defer { XFree(map) }
        symbolsPerKeycode = perKeycode
        for index in 0..<Int(count) {
            let keycode = UInt8(Int(minKC) + index)
            let columns = (0..<Int(perKeycode)).map { map[index * Int(perKeycode) + $0] }
            if lent.contains(keycode) || columns.allSatisfy({ $0 == 0 }) {
                spareKeycodes.append(keycode)
                continue
            }
            // Columns 0 and 1 are group 1 without and with Shift. A keysym found on an
            // earlier keycode wins, as XKeysymToKeycode does.
            for (column, shift) in [(0, false), (1, true)] where column < columns.count {
                var sym = UInt32(truncatingIfNeeded: columns[column])
                if column == 1 && sym == 0 { continue }
                if sym == 0 { continue }
                // A letter's upper case is implied by its lower case in column 0.
                if positions[sym] == nil { positions[sym] = KeyPosition(keycode: keycode, shift: shift) }
                if column == 0 && columns.count > 1 && columns[1] == 0 {
                    var lower: CX11.KeySym = 0, upper: CX11.KeySym = 0
                    XConvertCase(CX11.KeySym(sym), &lower, &upper)
                    sym = UInt32(truncatingIfNeeded: upper)
                    if upper != lower, positions[sym] == nil {
                        positions[sym] = KeyPosition(keycode: keycode, shift: true)
                    }
                }
            }
        }
    }

    /// Where `sym` sits on the keyboard, if it is on it.
    func position(of sym: ClavierCore.KeySym) -> KeyPosition? { positions[sym.rawValue] }
}
