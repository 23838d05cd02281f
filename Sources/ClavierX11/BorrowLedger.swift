import CX11

/// What Clavier processes have borrowed on one X server: each lent keycode with its original
/// keysyms and its owner. It lives in the root window's `_CLAVIER_BORROWED_KEYCODES` property,
/// where the server keeps it after a borrower is killed, so the next Clavier can give back what
/// a dead owner left and leave a live owner's keycodes alone.
///
/// One line per keycode, readable with `xprop -root _CLAVIER_BORROWED_KEYCODES`:
/// `KEYCODE ORIGINAL-KEYSYMS PID START PID-NAMESPACE HOST`, keysyms in hex separated by commas
/// (`-` for none), the last two with spaces and controls escaped as `%XX`.
public struct BorrowLedger: Equatable, Sendable {
    /// One borrowed keycode.
    public struct Entry: Equatable, Sendable {
        public var keycode: UInt8
        /// The keysyms to give back, one per column; NoSymbol in the columns past the last.
        public var original: [UInt32]
        public var owner: KeycodeOwner

        public init(keycode: UInt8, original: [UInt32], owner: KeycodeOwner) {
            self.keycode = keycode
            self.original = original
            self.owner = owner
        }
    }

    /// The borrowed keycodes, at most one entry each.
    public private(set) var entries: [Entry] = []
    /// Lines this version cannot read (a later Clavier's), kept as they are.
    public private(set) var unread: [String] = []

    /// The name of the root window property the ledger lives in.
    public static let property = "_CLAVIER_BORROWED_KEYCODES"

    public init() {}

    /// Reads the property's text; a line that does not parse is kept in `unread`.
    public init(text: String) {
        for line in text.split(separator: "\n") {
            guard let entry = Self.entry(parsing: line) else {
                unread.append(String(line))
                continue
            }
            // Two lines for one keycode: only a broken writer makes them; the first stands.
            if self.entry(for: entry.keycode) == nil { entries.append(entry) }
        }
    }

    /// The property's text, one line per entry.
    public var text: String {
        let lines = entries.sorted { $0.keycode < $1.keycode }.map { e in
            let original = e.original.isEmpty ? "-" : e.original.map { String($0, radix: 16) }.joined(separator: ",")
            return "\(e.keycode) \(original) \(e.owner.pid) \(e.owner.start) \(Self.escape(e.owner.namespace)) \(Self.escape(e.owner.host))"
        }
        return (lines + unread).map { $0 + "\n" }.joined()
    }

    /// The entry of `keycode`, if it is borrowed.
    public func entry(for keycode: UInt8) -> Entry? { entries.first { $0.keycode == keycode } }

    /// Records that `owner` borrowed `keycode`, replacing what was recorded of it.
    public mutating func record(_ entry: Entry) {
        remove(entry.keycode)
        entries.append(entry)
    }

    /// Forgets `keycode`.
    public mutating func remove(_ keycode: UInt8) {
        entries.removeAll { $0.keycode == keycode }
    }

    private static func entry(parsing line: Substring) -> Entry? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 6, let keycode = UInt8(fields[0]), let pid = Int32(fields[2]), let start = UInt64(fields[3]),
              let namespace = unescape(fields[4]), let host = unescape(fields[5]) else { return nil }
        var original: [UInt32] = []
        if fields[1] != "-" {
            for sym in fields[1].split(separator: ",", omittingEmptySubsequences: false) {
                guard let value = UInt32(sym, radix: 16) else { return nil }
                original.append(value)
            }
        }
        return Entry(keycode: keycode, original: original, owner: KeycodeOwner(pid: pid, start: start, namespace: namespace, host: host))
    }

    /// `%XX` for every byte that is not printable ASCII, and for `%` itself, so a field never
    /// holds a space or a newline.
    static func escape(_ field: String) -> String {
        guard !field.isEmpty else { return "%" }
        var out = ""
        for byte in field.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    static func unescape(_ field: Substring) -> String? {
        if field == "%" { return "" }
        var bytes: [UInt8] = []
        var i = field.utf8.startIndex
        let utf8 = field.utf8
        while i < utf8.endIndex {
            if utf8[i] == UInt8(ascii: "%") {
                let hex = utf8.index(i, offsetBy: 1, limitedBy: utf8.endIndex)
                guard let hex, let end = utf8.index(hex, offsetBy: 2, limitedBy: utf8.endIndex),
                      let byte = UInt8(String(decoding: utf8[hex..<end], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(byte)
                i = end
            } else {
                bytes.append(utf8[i])
                i = utf8.index(after: i)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension BorrowLedger {
    /// Reads the ledger from `display`'s root window (`XGetWindowProperty`); empty when the
    /// property is missing. One request: what it returns is consistent even without a grab.
    init(display: OpaquePointer, atom: Atom) {
        // 256 KB, thousands of entries: far more than the 248 keycodes there are.
        self.init(text: WindowProperty.text(display, clavier_root_window(display), atom, limit: 65536) ?? "")
    }

    /// Writes the ledger to `display`'s root window (`XChangeProperty`, replacing it), or
    /// deletes the property when nothing is borrowed (`XDeleteProperty`).
    func write(display: OpaquePointer, atom: Atom) {
        let root = clavier_root_window(display)
        guard !entries.isEmpty || !unread.isEmpty else {
            XDeleteProperty(display, root, atom)
            return
        }
        var bytes = Array(text.utf8)
        XChangeProperty(display, root, atom, UInt(XA_STRING), 8, PropModeReplace, &bytes, Int32(bytes.count))
    }

    /// Reads the ledger under `XGrabServer`, so no other Clavier changes it in between; lets
    /// `change` edit it (giving keycodes back on the way); writes it if it changed; runs
    /// `then` (so keycodes are changed only once recorded); and lets the server go.
    static func update<R>(display: OpaquePointer, atom: Atom, _ change: (inout BorrowLedger) -> R,
                          then: (R) -> Void = { _ in }) -> R {
        // The grab lasts one round trip (the read) and never a wait: the whole server stalls under it.
        XGrabServer(display)
        var ledger = BorrowLedger(display: display, atom: atom)
        let before = ledger
        let result = change(&ledger)
        if ledger != before { ledger.write(display: display, atom: atom) }
        then(result)
        XUngrabServer(display)
        return result
    }

    /// Maps `keycode` to `syms` in every one of `columns` columns, NoSymbol past the last
    /// (`XChangeKeyboardMapping`).
    static func setMapping(display: OpaquePointer, keycode: UInt8, to syms: [UInt32], columns: Int) {
        var row = [KeySym](repeating: 0, count: max(columns, syms.count, 1))
        for (i, sym) in syms.enumerated() { row[i] = KeySym(sym) }
        XChangeKeyboardMapping(display, Int32(keycode), Int32(row.count), &row, 1)
    }
}
