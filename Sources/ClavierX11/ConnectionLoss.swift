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
                var empty = [KeySym](repeating: 0, count: Int(max(ConnectionLoss.columns, 1)))
                for keycode in ConnectionLoss.lent {
                    XChangeKeyboardMapping(again, Int32(keycode), Int32(empty.count), &empty, 1)
                }
                XSync(again, 0)
                XCloseDisplay(again)
            }
            _exit(1)
        }
    }
}
