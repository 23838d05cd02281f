import ClavierApp
import ClavierCore
import ClavierX11

/// The start of the X host ends (`--backend gnome` without mutter's RemoteDesktop, a scan switch X
/// cannot grab): why was logged; `clavier run` exits with a failure.
package struct XStartEnded: Error {
    package init() {}
}

extension XHost {
    /// The switch keys to grab: those of `scan-switch` when scanning is asked for (`--scan`,
    /// or two switches, which need no clock); none otherwise. A name X does not know ends the start.
    /// A modifier (by any name X takes for it) ends the start too; a key `layout` types with is warned of.
    package static func scanSwitches(_ settings: Settings, layout: Layout) throws -> [SwitchGrab.Switch] {
        guard settings.asksForScanning else { return [] }
        return try settings[.scanSwitch].map { name in
            if PointerSwitches.button(named: name) != nil {
                Log.error("scan-switch: \(name) is a pointer button, the switch on Wayland; on X the switch is a key (F9, Pause, space)")
                throw XStartEnded()
            }
            guard let one = SwitchGrab.Switch(named: name) else {
                Log.error("scan-switch: X knows no keysym '\(name)' (names as in xev: F9, Pause, space)")
                throw XStartEnded()
            }
            if let refused = ScanSwitchKeys.refusal(name: name, sym: one.keysym) {
                Log.error("scan-switch: " + refused)
                throw XStartEnded()
            }
            if let taken = ScanSwitchKeys.takenFrom(layout, name: name, sym: one.keysym) { Log.warning("scan-switch: " + taken) }
            return one
        }
    }
}
