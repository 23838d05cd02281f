import ClavierApp
import ClavierCore
import ClavierX11

/// The running X keyboard's `languages` and what it changed in the server's keymap for them:
/// made at start (`KeyboardLanguages.prepare`), changed as the settings page changes them, and
/// given back on every way out (RunCommand.swift's `defer`; a signal ends the loop too). The
/// root window's record always holds the user's own keymap, never one of ours, so that a
/// keyboard killed at any moment is restored by the next start.
package final class KeymapGroups {
    let display: Display
    /// The display's name as given (nil: `$DISPLAY`), for setxkbmap.
    let name: String?
    /// The languages the language key switches between, one per group (empty: none).
    private(set) var languages: [String] = []
    /// What this keyboard changed in the keymap, to give back; nil: nothing (no languages,
    /// the keymap's groups were the languages already, or setxkbmap failed).
    private(set) var change: KeyboardLanguages.Change?

    package init(display: Display, name: String?) {
        self.display = display
        self.name = name
    }

    /// At start: a killed keyboard's change given back (where kiosk mode lets it:
    /// `Session.restoresLeftoverKeymap`), then the keymap's groups made `settings`' languages.
    /// The one reader of `languages` for the X keymap, at start and on a change (`follow`).
    package func start(_ settings: Settings) {
        languages = settings[.languages]
        change = KeyboardLanguages.prepare(languages, restoresLeftover: Session.restoresLeftoverKeymap(kiosk: settings[.kiosk], languages: languages),
                                           on: display, name: name)
    }

    /// The settings page changed `settings`' languages: the user's keymap is given back
    /// first, then the new groups are made and recorded as at a start. Given back rather than
    /// changed in place: every moment then has a record a next start restores right (the
    /// user's keymap with our groups, or none with the user's keymap), where a record
    /// rewritten around a second setxkbmap would, for a keyboard killed between the two, name
    /// groups the keymap does not have, and the next start would leave ours. When the user's
    /// keymap cannot be given back, ours and its record stay, to be given back at the end.
    func follow(_ settings: Settings) {
        let next = settings[.languages]
        guard next != languages else { return }
        languages = next
        if let change {
            guard KeyboardLanguages.restore(change, on: display, name: name, keepsRecord: true) else {
                return Log.warning("languages: the keymap keeps the groups \(change.languages.joined(separator: ",")) until the keyboard quits")
            }
            self.change = nil
        }
        change = KeyboardLanguages.prepare(next, restoresLeftover: false, on: display, name: name)
    }

    /// Gives the user's keymap back, as the keyboard ends.
    package func restore() {
        guard let change else { return }
        self.change = nil
        KeyboardLanguages.restore(change, on: display, name: name)
    }
}
