import ClavierApp
import ClavierCore
import ClavierX11
import Glibc

/// `languages`: the server's keymap gets one group per language before the keyboard reads
/// it (and again as the settings page changes them, `KeymapGroups`), so the language key
/// (`Effect.switchLanguage`) has groups to lock; and the user's keymap comes back when the
/// keyboard quits, or, if it was killed, when the next one starts (`KeymapRecord` on the root
/// window says what it was).
enum KeyboardLanguages {
    /// The keymap as it was before `prepare` made its groups `languages`.
    struct Change {
        let original: XKBNames
        let languages: [String]
    }

    /// Restores the keymap a killed keyboard changed (when `restoresLeftover`, and only one
    /// of this user's keyboards recorded, `KeymapReceipt`); then makes the keymap's groups
    /// `languages` with `setxkbmap -layout us,de,ru` (which keeps the model and options),
    /// unless they are so already, recording first what it was; says why when it cannot.
    static func prepare(_ languages: [String], restoresLeftover: Bool, on display: Display, name: String?) -> Change? {
        let receipt = KeymapReceipt(display: name)
        if restoresLeftover, let leftover = display.keymapRecord, !leftover.owner.mayBeRunning() {
            // Any X client may write the root's property: only a record this user's keyboard
            // kept a receipt of is run through setxkbmap, never one planted by another client.
            if receipt.matches(leftover) {
                Log.debug("languages: restoring the keymap a killed keyboard (pid \(leftover.owner.pid)) changed")
                restore(Change(original: leftover.original, languages: leftover.changedTo.split(separator: ",").map(String.init)),
                        on: display, name: name)
            } else {
                Log.warning("languages: a record of a changed keymap (_CLAVIER_CHANGED_KEYMAP, pid \(leftover.owner.pid)) "
                            + "that no keyboard of yours wrote: removed, the keymap left as it is")
                display.write(nil)
            }
        }
        guard !languages.isEmpty, display.xkbLayouts != languages, let original = display.xkbNames else { return nil }
        let layouts = languages.joined(separator: ",")
        // A running keyboard's record (a greeter's beside the session's) already holds the user's keymap.
        let recorded = display.keymapRecord == nil
        if recorded {
            let record = KeymapRecord(original: original, changedTo: layouts)
            // The receipt first: a keyboard killed between the two leaves a receipt that
            // matches nothing, never a record without one.
            receipt.keep(record)
            display.write(record)
        }
        guard run(arguments(display: name) + ["-layout", layouts]) == 0 else {
            if recorded { display.write(nil) }
            Log.warning("languages: 'setxkbmap -layout \(layouts)' failed (is x11-xkb-utils installed?): "
                        + "the language key switches between the keymap's groups as they are")
            return nil
        }
        Log.debug("languages: the keymap's groups are \(layouts)")
        return recorded ? Change(original: original, languages: languages) : nil
    }

    /// Gives the keymap back as `change` found it, in its first group, unless someone has
    /// changed it since (its groups are no longer the `languages`); forgets the record. False
    /// when setxkbmap failed: the keymap is still ours, and with `keepsRecord` (a change on the
    /// settings page) the record and its receipt stay, so that quitting or the next start tries again.
    @discardableResult
    static func restore(_ change: Change, on display: Display, name: String?, keepsRecord: Bool = false) -> Bool {
        func forget() {
            display.write(nil)
            KeymapReceipt(display: name).drop()
        }
        guard display.xkbLayouts == change.languages else {
            forget()
            Log.debug("languages: the keymap was changed by another since: left as it is")
            return true
        }
        // The first group, as the user's keymap may have only that one.
        display.lockGroup(0)
        guard run(arguments(display: name) + change.original.setxkbmapArguments) == 0 else {
            if !keepsRecord { forget() }
            Log.warning("languages: could not restore the keymap (setxkbmap \(change.original.setxkbmapArguments.joined(separator: " ")))")
            return false
        }
        forget()
        Log.debug("languages: the keymap's groups are \(change.original.layout) again")
        return true
    }

    /// `setxkbmap` on the keyboard's display.
    private static func arguments(display name: String?) -> [String] {
        guard let name = name ?? getenv("DISPLAY").map({ String(cString: $0) }) else { return ["setxkbmap"] }
        return ["setxkbmap", "-display", name]
    }

    /// Runs `arguments` (found on PATH) and waits for it; its exit status, or -1.
    private static func run(_ arguments: [String]) -> Int32 {
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawnp(&pid, arguments[0], nil, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 { if errno != EINTR { return -1 } }
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
