import CX11
import Glibc

/// What to undo if the X connection dies under us: Xlib then calls its I/O error handler
/// and exits, and the dead connection cannot restore anything, so the handler opens a new
/// one to give back the borrowed keycodes (when the server itself is still there).
enum ConnectionLoss {
    /// The display to reconnect to.
    nonisolated(unsafe) static var displayName: [CChar] = []
    /// Keycodes lent to keysyms off the keymap, and how many columns each has.
    nonisolated(unsafe) static var lent: [UInt8] = []
    nonisolated(unsafe) static var columns: Int32 = 1

    /// Installs the handler (`XSetIOErrorHandler`) for the connection to `name`.
    static func watch(displayName name: String) {
        displayName = Array(name.utf8CString)
        XSetIOErrorHandler { _ in
            let message = "clavier: the connection to the X server is gone; restoring the keymap and quitting\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            if !ConnectionLoss.lent.isEmpty, let again = XOpenDisplay(ConnectionLoss.displayName) {
                ConnectionLoss.giveBack(ConnectionLoss.lent, columns: Int(ConnectionLoss.columns), display: again)
                XCloseDisplay(again)
            }
            _exit(1)
        }
    }

    /// Gives back `lent` and every other keycode the ledger says this process borrowed, and
    /// forgets them, under a grab as every change of the ledger is made.
    private static func giveBack(_ lent: [UInt8], columns: Int, display: OpaquePointer) {
        let owner = KeycodeOwner.current
        BorrowLedger.update(display: display, atom: XInternAtom(display, BorrowLedger.property, 0)) { ledger in
            for keycode in lent where ledger.entry(for: keycode) == nil {
                // Not on record (someone removed the property): NoSymbol, as every spare keycode was.
                BorrowLedger.setMapping(display: display, keycode: keycode, to: [], columns: columns)
            }
            for entry in ledger.entries where entry.owner == owner {
                BorrowLedger.setMapping(display: display, keycode: entry.keycode, to: entry.original, columns: entry.original.count)
                ledger.remove(entry.keycode)
            }
        }
        XSync(display, 0)
    }
}
