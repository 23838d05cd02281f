import ClavierCore

/// The host's part that types: the session's keys and text into the focused application.
/// `Typist` (X: XTest through `KeyInjector`) and `WaylandTypist` (input-method-v2 text,
/// virtual-keyboard-v1 keys) are two; a new way to type is one more, given to `KeyboardHost`
/// at start (RunCommand.swift on X, RunWayland.swift on Wayland).
package protocol HostTypist: AnyObject {
    /// Types every `.type` of `effects` (the session's typing filter applied) and waits until
    /// the receiver has them (the paint that follows must not compete with it). What it typed
    /// into, when anything was typed and it can tell (X: the window with the input focus, asked
    /// in that wait); nil otherwise.
    func type(_ effects: [Effect]) -> UInt64?
    /// Wraps the focused window's selection in `formatting`, or types the pair.
    func format(_ formatting: Formatting)
    /// `keyboard` (labelled) is the one keys are typed from now on: what the typist must know
    /// before its first key (Wayland: the keymap it writes, keys only on a PC's layout).
    func prepare(for keyboard: Keyboard)
    /// How it types, as `status --json` says it (`KeyboardStatus.typing`): `xtest`, …
    var typingName: String { get }
}
