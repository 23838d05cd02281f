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
    private var rows: [UInt8: UInt32?] = [:]
    /// Keycodes given back to keysyms of their own (not a spare keycode's none), one core request each.
    private var others: [UInt8: [UInt32]] = [:]

    var isEmpty: Bool { rows.isEmpty && others.isEmpty }

    /// Lends `keycode` to `sym`: one group, one level, so neither Shift nor the group changes it.
    mutating func lend(_ keycode: UInt8, to sym: UInt32) {
        others[keycode] = nil
        rows[keycode] = .some(sym)
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
        for (keycode, sym) in rows {
            BorrowLedger.setMapping(display: display, keycode: keycode, to: Array(repeating: sym ?? 0, count: max(columns, 1)),
                                    columns: columns)
        }
        return nil
    }

    private func sendXKB(display: OpaquePointer, first: UInt8, last: UInt8) -> (first: UInt8, count: Int)? {
        guard let xkb = XkbGetMap(display, UInt32(XkbKeyTypesMask | XkbKeySymsMask), UInt32(XkbUseCoreKbd)) else { return nil }
        defer { XkbFreeKeyboard(xkb, 0, 1) }
        guard first >= xkb.pointee.min_key_code, last <= xkb.pointee.max_key_code else { return nil }
        for (keycode, sym) in rows {
            var oneLevel = Int32(XkbOneLevelIndex)
            guard XkbChangeTypesOfKey(xkb, Int32(keycode), sym == nil ? 0 : 1, UInt32(XkbGroup1Mask), &oneLevel, nil) == Success
            else { return nil }
            if let sym, let map = xkb.pointee.map {
                map.pointee.syms[Int(map.pointee.key_sym_map[Int(keycode)].offset)] = KeySym(sym)
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
