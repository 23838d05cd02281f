import ClavierCore

/// The host's part that knows the desktop's windows and the hardware keyboard: which window
/// is active, which has the input focus, and keys typed elsewhere. X's (`XHost`); on Wayland
/// input-method-v2's activation and text say what the session needs instead, and a host
/// without this part has the app skip what needs it.
package protocol HostFocus: AnyObject {
    /// The active window, unless it is the keyboard's own.
    func activeWindow() -> WindowIdentity?
    /// The window that has the input focus now, as an opaque id (X's focus window).
    func focusedWindow() -> UInt64?
    /// A key may take a correction back: from now on a key typed on a hardware keyboard is
    /// told (`HostEvent.typedElsewhere`).
    func hearKeysTypedElsewhere()
}
