import ClavierApp
import ClavierCore
import ClavierLayouts
import ClavierWayland
import ClavierWaylandHost

/// `clavier` on a Wayland compositor: the same session and app as on X11, on `WaylandHost`.
/// What only X can do is said once and left out: `languages`' keymap groups, the hardware
/// keys' watch, the tray icon.
/// Scanning's switches are the pointer's buttons and the fingers (`PointerSwitches`), said once.
extension RunOptions {
    func runOnWayland(_ connection: WaylandConnection, sources: SettingsSources, layout: Layout, theme: Theme, taps: TapRecorder?,
                      control: ControlServer?) throws {
        let settings = sources.settings
        Log.debug("running on Wayland: layer-shell\(connection.hasVirtualKeyboard ? ", virtual-keyboard" : "")"
                  + "\(connection.hasInputMethod ? ", input-method-v2" : "")")
        if settings[.languages].count > 1 {
            Log.warning("languages switch the X keymap's groups (setxkbmap): not on Wayland, where the language key does nothing")
        }
        if settings.given.gives(.hideOnHardwareKeys), settings[.hideOnHardwareKeys] {
            Log.warning("hide-on-hardware-keys watches the X server's input devices: not on Wayland")
        }
        let scan = PointerSwitches.buttons(for: settings)
        if scan.keys {
            Log.warning("scan-switch: Wayland lets no client grab a key: the switch is the pointer, "
                        + PointerSwitches.describe(scan.buttons) + " (scan-switch: button1, or button3,button1)")
        } else if !scan.buttons.isEmpty {
            Log.note("scanning on Wayland: " + PointerSwitches.describe(scan.buttons))
        }
        var options = Self.sessionOptions(settings)
        options.scanSwitches = scan.buttons.count
        // Locked on the settings page, with why: they are made of the X server's keymap and devices.
        var sources = sources
        for name in [Setting.languages.name, Setting.hideOnHardwareKeys.name] {
            sources.unavailable[name] = "not on Wayland"
        }
        // The switch is the pointer here: the cell shows its buttons, whatever key is named.
        sources.unavailable[Setting.scanSwitch.name] = "the pointer on Wayland"
        sources.hostValues[Setting.scanSwitch.name] = PointerSwitches.text(PointerSwitches.named(settings).buttons)
        options.settings = sources
        options.settingsPage = !xid
        // input-method-v2 tells the focused field: its kind and text, as the focus watch does on X.
        // KWin's input method (input-method-v1) tells it too (issue 49).
        let kwin = KWinTypist(connection: connection, allow: options.typingFilter)
        // Started by hand (fake input only), KWin tells no field.
        options.fieldsTold = connection.hasInputMethod || connection.isKWinInputMethod
        kwin?.missing = Self.sayMissingOnce()
        let suggester = Suggester.suggester(settings, fieldsTold: options.knowsFieldKinds)
        options.capitalize = suggester?.capitalize ?? .never
        options.autocorrect = suggester == nil ? .never : settings.autocorrects
        options.words = suggester != nil
        suggester?.start(for: layout, xkb: nil)
        let host = try WaylandStart.host(settings, options: options, layout: layout, theme: theme, connection: connection,
                                        suggester: suggester)
        host.switches.buttons = scan.buttons
        // The clipboard strip: data-control shows the copies without the focus (wlroots' compositors).
        if options.keepsClipboard {
            Log.debug(connection.watchClipboard() ? "clipboard: watching CLIPBOARD" : "no clipboard strip: the compositor has no data-control")
        }
        // A PIN pad's digits are dealt anew each time: it keeps no first picture.
        host.screen.pictureCache = layout.hasShuffledKeys ? nil : PictureCache.standard()
        let words = HostWords(settings, suggester: suggester, taps: taps)
        if let kwin { Log.note(kwin.way) }
        makeApp(on: host.keyboardHost(words: words, typist: kwin), words: words, layout: layout, page: settings[.page], options: options)
            .run(control: control)
    }

    /// Says once that a key was not typed for want of it in KWin's keymap, never which.
    static func sayMissingOnce() -> () -> Void {
        var told = false
        return {
            if !told { Log.warning("a character is not in KWin's keymap: not typed (any character is typed only as KWin's input method)") }
            told = true
        }
    }
}
