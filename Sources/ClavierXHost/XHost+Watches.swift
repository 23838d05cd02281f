import ClavierApp
import ClavierCore
import ClavierX11

/// What the settings page turns on and off on X as the keyboard runs, each made as at start
/// and let go whole, so that turning one off and on again leaves nothing behind: the window
/// docked or floating, auto-show's focus watch, the show button and the hardware keys' watch
/// (the side connection's), the scan switches' grab.
extension XHost {
    /// Docks or floats the keyboard as `settings` now say (`FloatPlace.floats`): a new window, as a
    /// window's type (dock or utility) is read by the window manager as it maps it, and only a
    /// docked one reserves its strut. True when it was made again: the keys are laid out anew
    /// for its size.
    func refloat(_ settings: Settings, layout: Layout) -> Bool {
        let floating = FloatPlace.floats(settings, layout: layout)
        guard floating != float.floating, !isPlug else { return false }
        // Where a window manager's move left it is where it floats again.
        screen.frame?.windowIs(at: screen.window.rootRect())
        float.floating = floating
        if floating && float.rect == nil { float.choose(settings, layout: layout, display: display) }
        Log.debug(floating ? "floating the keyboard" : "docking the keyboard")
        return remakeWindow(nil, show: screen.window.isMapped)
    }

    /// Auto-show, the show button and the hardware keys' watch as `settings` now ask.
    func followWatches(_ settings: Settings) {
        followFocus(settings.autoShowActs)
        side?.follow(settings, theme: theme)
    }

    /// Starts the focus watch (or lets a paused one go on, asked which field has the focus),
    /// or pauses it: one watch thread at most, however often auto-show is turned on and off.
    /// A watch that could not start, or ended, is said to the session (`focusEnded`).
    private func followFocus(_ on: Bool) {
        guard on else {
            focus?.pause()
            return
        }
        let follower = focus ?? FocusFollower()
        focus = follower
        if follower.ended { Log.warning("auto-show is off: its watch ended with the accessibility bus; start the keyboard again") }
        let following = follower.paused ? follower.resume() : follower.start(followText: suggestions)
        if !following {
            if follower.watch == nil { focus = nil }  // It never started (no libatspi): tried again next time.
            focusEnded = true
        }
    }

    /// Grabs the scan switches `settings` now ask for (`XHost.scanSwitches`: `scan` on, or
    /// two switches), giving back those grabbed before; none when scanning is off. A switch
    /// name X does not know is said, and scanning stays off; the keyboard goes on.
    func grabSwitches(_ settings: Settings, layout: Layout) {
        let wanted = (try? Self.scanSwitches(settings, layout: layout)) ?? []
        guard wanted != grab?.switches ?? [] else { return }
        grab?.release()
        grab = wanted.isEmpty ? nil : SwitchGrab(display: display, switches: wanted) { Log.warning($0) }
        Log.debug(wanted.isEmpty ? "scanning off: the switches are given back" : "scanning: grabbed \(wanted.map(\.name))")
    }
}
