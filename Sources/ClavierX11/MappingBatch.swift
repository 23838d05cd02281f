import CX11

/// Keycodes to change together, sent as one request over the range from the lowest to the
/// highest, the keycodes in between written back as they are. Every mapping change makes the
/// server send every client a `MappingNotify`, and clients re-read the keymap on it: openbox
/// reloads its keyboard handling (~30 ms, four times a change) while holding the clicks it
/// grabs, so a change per borrowed keycode made clicks reach the keyboard late and wrong. One
/// request per batch is one notification per batch.
///
/// The request is XKB's (`XkbGetMap`, edit, `XkbChangeMap`): the core protocol's
/// `XChangeKeyboardMapping` would write the keys in between through the core keymap's columns,
/// from which the server guesses their groups and types anew (measured: Escape gained groups, the
/// keymap grew from 7 columns to 15). Sent under `XGrabServer` (`BorrowLedger.update`), so
/// nothing changes the keys in between from the moment they are read to the moment they are written.
struct MappingBatch {
    /// Per keycode: the keysym it types at every level and group, or nil for none (a spare keycode).
    /// A letter's capital, when lent with it, is the second level (Shift) of the same keycode.
    private var rows: [UInt8: [UInt32]?] = [:]
    /// Keycodes given back to keysyms of their own (not a spare keycode's none), one core request each.
    private var others: [UInt8: [UInt32]] = [:]

    var isEmpty: Bool { rows.isEmpty && others.isEmpty }

    /// Lends `keycode` to `sym`: one group, one level, so neither Shift nor the group changes it.
    /// With `shifted`, two levels (XKB's TWO_LEVEL type: Shift, and nothing else, gives the
    /// second), so a letter and its capital take one keycode and Caps Lock changes neither.
    mutating func lend(_ keycode: UInt8, to sym: UInt32, shifted: UInt32? = nil) {
        others[keycode] = nil
        rows[keycode] = .some(shifted.map { [sym, $0] } ?? [sym])
    }

    /// Lends `keycode` four levels (XKB's FOUR_LEVEL type: Shift, LevelThree (Mod5), both): two letters and their capitals.
    mutating func lend(_ keycode: UInt8, levels: [UInt32]) {
        others[keycode] = nil
        rows[keycode] = .some(levels)
    }

    /// Gives `keycode` back to `original` (its core keysyms): none, as a spare keycode has, in
    /// the batch; anything else alone, through the core protocol (`BorrowLedger.setMapping`).
    mutating func giveBack(_ keycode: UInt8, to original: [UInt32]) {
        if original.allSatisfy({ $0 == 0 }) {
            others[keycode] = nil
            rows[keycode] = .some(nil)
        } else {
            rows[keycode] = nil
            others[keycode] = original
        }
    }

    /// Sends the batch: one request for the rows, or one per keycode if XKB's map cannot be read
    /// or changed (the keys in between are never written blind). The range the one request
    /// covered (its `MappingNotify`'s first keycode and count), if it was sent.
    @discardableResult
    func send(display: OpaquePointer, columns: Int) -> (first: UInt8, count: Int)? {
        for (keycode, original) in others {
            BorrowLedger.setMapping(display: display, keycode: keycode, to: original, columns: original.count)
        }
        guard let first = rows.keys.min(), let last = rows.keys.max() else { return nil }
        if let range = sendXKB(display: display, first: first, last: last) { return range }
        for (keycode, row) in rows {
            let width = max(columns, 1)
            let syms = (0..<width).map { column in row.map { column % 2 == 1 && $0.count > 1 ? $0[1] : $0[0] } ?? 0 }
            BorrowLedger.setMapping(display: display, keycode: keycode, to: syms, columns: columns)
        }
        return nil
    }

    /// The keymap's four-level type: four levels chosen by Shift and Mod5 (LevelThree).
    private func fourLevel(_ xkb: UnsafeMutablePointer<XkbDescRec>) -> Int32? {
        guard let map = xkb.pointee.map, let types = map.pointee.types else { return nil }
        let mask = UInt8(ShiftMask | Mod5Mask)
        for i in 0..<Int(map.pointee.num_types) where types[i].num_levels == 4 && types[i].mods.mask == mask { return Int32(i) }
        return nil
    }

    private func sendXKB(display: OpaquePointer, first: UInt8, last: UInt8) -> (first: UInt8, count: Int)? {
        guard let xkb = XkbGetMap(display, UInt32(XkbKeyTypesMask | XkbKeySymsMask), UInt32(XkbUseCoreKbd)) else { return nil }
        defer { XkbFreeKeyboard(xkb, 0, 1) }
        guard first >= xkb.pointee.min_key_code, last <= xkb.pointee.max_key_code else { return nil }
        for (keycode, row) in rows {
            var type = Int32((row?.count ?? 1) == 1 ? XkbOneLevelIndex : XkbTwoLevelIndex)
            if (row?.count ?? 1) > 2 {
                guard let four = fourLevel(xkb) else { return nil }
                type = four
            }
            // Emptied first: widening a key that has a group reads its actions, which this map
            // (no XkbKeyActionsMask) does not hold (libX11 dereferences xkb->server: a crash).
            guard XkbChangeTypesOfKey(xkb, Int32(keycode), 0, UInt32(XkbGroup1Mask), &type, nil) == Success,
                  XkbChangeTypesOfKey(xkb, Int32(keycode), row == nil ? 0 : 1, UInt32(XkbGroup1Mask), &type, nil) == Success
            else { return nil }
            if let row, let map = xkb.pointee.map {
                let offset = Int(map.pointee.key_sym_map[Int(keycode)].offset)
                for (level, sym) in row.enumerated() { map.pointee.syms[offset + level] = KeySym(sym) }
            }
        }
        var changes = XkbMapChangesRec()
        changes.changed = UInt16(XkbKeySymsMask)
        changes.first_key_sym = first
        changes.num_key_syms = last - first + 1
        guard XkbChangeMap(display, xkb, &changes) != 0 else { return nil }
        return (first, Int(last) - Int(first) + 1)
    }
}
