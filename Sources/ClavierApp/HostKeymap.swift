import ClavierCore

/// The host's part that reads the window system's keymap and switches its groups: X's (the
/// server's mapping, XKB's group and locks; `XHost`). A host without one (Wayland, where
/// the keyboard writes its own keymap) labels keys from the default keymap, has no language
/// key's group to lock and no keymap change to follow: the app skips what needs it.
package protocol HostKeymap: AnyObject {
    /// The keymap changed (`WindowEvent.keymapChanged`): what the keys of `keyboard` now
    /// produce, as the session's event.
    func keymapChanged(keyboard: Keyboard) -> SessionEvent
    /// What the keymap-named keys of `keyboard` produce now, and the locks (the group changed).
    func keymap(for keyboard: Keyboard) -> SessionEvent
    /// Labels a new `keyboard` from the live keymap (its XKB-named keys, its locks).
    func label(_ keyboard: inout Keyboard)
    /// How the server repeats keys (nil: its auto-repeat is off).
    var serverRepeat: KeyRepeat? { get }
    /// Locks the keymap's group for `languages` entry `index`, or the next one (nil).
    func switchLanguage(_ index: Int?)
    /// The keymap's layout names for its current group, as XKB names them (`de`, `us`); nil: unknown.
    var layoutNames: String? { get }
}
