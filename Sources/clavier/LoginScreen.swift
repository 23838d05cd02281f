import ClavierCore
import Glibc

/// `clavier --xid`: the keyboard on a login or lock screen, as an XEmbed plug the greeter
/// embeds (lightdm-gtk-greeter's `keyboard=clavier --xid`, onboard's and florence's way). The
/// greeter reads the plug's window id from the first line of our standard output.
enum LoginScreen {
    /// The help of `--xid`.
    static let help = "Run as an XEmbed plug for a login or lock screen: print the window's id on stdout and wait for "
        + "the greeter to embed it (lightdm-gtk-greeter's keyboard=clavier --xid). Kiosk rules apply unless --no-kiosk; "
        + "nothing typed is learned."

    /// The settings a greeter's keyboard runs with, over those given: kiosk mode unless the
    /// command line says `--no-kiosk` (no shortcut leaves the greeter, nothing outside hides
    /// it), never learning (what is typed there is a password), and none of the session's
    /// ways to show and hide it. It never floats either (`RunOptions.run`): the greeter sizes
    /// it, and a floating frame would move a window that is not ours to move.
    static func settings(over given: SettingsLayer) -> SettingsLayer {
        var settings = given
        if !given.gives(.kiosk) { settings[.kiosk] = true }
        settings[.learning] = false
        settings[.autoShow] = false
        return settings
    }

    /// Prints the plug's window id, as greeters read it (decimal, one line), and flushes it:
    /// the greeter waits for this line before it embeds the window.
    static func announce(_ window: UInt) {
        let line = Array("\(window)\n".utf8)
        // write(2) on fd 1: unbuffered, so the greeter reads it now, not when a buffer fills.
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}
