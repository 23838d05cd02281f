import ClavierCore
import Glibc

/// `clavier --xid`: the keyboard on a login or lock screen, as an XEmbed plug the greeter
/// embeds (lightdm-gtk-greeter's `keyboard=clavier --xid`, onboard's and florence's way). The
/// greeter reads the plug's window id from the first line of our standard output.
package enum LoginScreen {
    /// The help of `--xid`.
    package static let help = "Run as an XEmbed plug for a login or lock screen: print the window's id on stdout and wait for "
        + "the greeter to embed it (lightdm-gtk-greeter's keyboard=clavier --xid). Kiosk rules apply unless --no-kiosk; "
        + "nothing typed is learned."

    /// The settings a greeter's keyboard runs with (`SettingsLayer.forGreeter`, Session+Kiosk.swift).
    /// It never floats either (`XHost.make`): the greeter sizes it, and a floating frame would
    /// move a window that is not ours to move.
    package static func settings(over given: SettingsLayer) -> SettingsLayer { given.forGreeter() }

    /// Prints the plug's window id, as greeters read it (decimal, one line), and flushes it:
    /// the greeter waits for this line before it embeds the window.
    package static func announce(_ window: UInt) {
        let line = Array("\(window)\n".utf8)
        // write(2) on fd 1: unbuffered, so the greeter reads it now, not when a buffer fills.
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}

/// The greeter of a `--xid` keyboard, as a process: the keyboard's parent. A greeter that exits
/// before it embeds the plug (it read the window id and went) leaves no socket whose going
/// away ends the keyboard (`WindowEvent.embedderGone`), so the loop looks every
/// `Timing.greeterCheck` whether the parent still runs: when it is gone, the kernel has given
/// the keyboard another parent. A wait, not a signal: `PR_SET_PDEATHSIG` fires when the
/// parent's *thread* ends, which a greeter that starts the keyboard from a worker thread would
/// trip while it still runs.
package struct GreeterWatch {
    /// The parent as the keyboard started.
    package let parent: pid_t
    /// When to look next.
    package private(set) var nextCheck: ContinuousClock.Instant

    package init(parent: pid_t = getppid(), now: ContinuousClock.Instant) {
        self.parent = parent
        nextCheck = now + Timing.greeterCheck
    }

    /// Whether the greeter is gone, when a look is due at `now` (`parent`: the parent now).
    package mutating func gone(at now: ContinuousClock.Instant, parent current: pid_t = getppid()) -> Bool {
        guard now >= nextCheck else { return false }
        nextCheck = now + Timing.greeterCheck
        return current != parent
    }
}
