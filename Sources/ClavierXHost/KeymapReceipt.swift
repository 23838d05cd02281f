import ClavierApp
import ClavierLayouts
import ClavierX11
import Glibc

/// The user's own copy of the keymap record a `languages` keyboard wrote on a display's root
/// window (`KeymapRecord`): `$XDG_STATE_HOME/clavier/keymap-DISPLAY`, mode 0600. Any X client
/// may write the root's `_CLAVIER_CHANGED_KEYMAP`, and the next keyboard runs `setxkbmap` with
/// what it says; a record is restored only when it is word for word the receipt, which only
/// this user's keyboards can have written. Made before the record, dropped with it.
struct KeymapReceipt {
    let path: String

    /// The receipt of display `name` (nil: `$DISPLAY`).
    init(display name: String?) {
        let display = name ?? getenv("DISPLAY").map { String(cString: $0) } ?? ""
        // A display's name as a file name: `:0`, `host:10.0`; anything else becomes `_`.
        let safe = String(String.UnicodeScalarView(display.unicodeScalars.map { scalar in
            scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ":.-".unicodeScalars.contains(scalar) ? scalar : "_"
        }))
        path = StateFile.path("keymap-" + (safe.isEmpty ? "_" : safe))
    }

    /// Keeps `record` as this user's.
    func keep(_ record: KeymapRecord) {
        do {
            try StateFile.writeAtomically(Array(record.text.utf8), to: path)
        } catch {
            Log.warning("languages: cannot keep the keymap's record in \(path): \(error); a killed keyboard's keymap is not restored")
        }
    }

    /// Whether `record` is the one this user's keyboard kept.
    func matches(_ record: KeymapRecord) -> Bool {
        guard let text = try? PlainFiles.text(path, limit: 4096) else { return false }
        return KeymapRecord(text: text) == record
    }

    /// Forgets the receipt (the record is gone).
    func drop() { unlink(path) }
}
