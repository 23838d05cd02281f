import ClavierApp
import ClavierCore
import ClavierX11

/// The loop's X side: one `poll` on the X connection, the signals, the focus watch, the side
/// connection and the app's own descriptors (EventLoop), and what comes turned into
/// `HostEvent`s; the timed work of X (borrowed keycodes given back, held presses whose device
/// another client took, the greeter looked for) done when its deadline comes.
extension XHost {
    package func start(_ picture: Picture) {
        loop = EventLoop(display: display)
        screen.startFirstPicture(of: picture)
        screen.showFirstPicture()
        screen.window.show()
        typist.shown()
        display.watchActiveWindow()
    }

    package func events(until deadline: ContinuousClock.Instant?, watching: [Int32], holding: Set<Int>) -> [HostEvent] {
        guard let loop else { return [.ended] }
        if focusEnded {
            // No field is told from now on (the watch said why): the session stops waiting.
            focusEnded = false
            return [.focus([.fieldWatchEnded])]
        }
        // Copies read while the button's requests were served (`follow`), which woke no poll.
        if let copies = side?.takeCopied(), !copies.isEmpty { return copies.map(HostEvent.copied) }
        if side?.takeKeysTyped() == true { return [.typedElsewhere] }
        let own = [typist.nextRestore, screen.window.nextHoldersCheck, greeter?.nextCheck]
        let watched = watching + [focus?.fd, side?.fd, suggester?.wakeFD].compactMap { $0 }
        switch loop.wait(until: (own + [deadline]).compactMap { $0 }.min(), watching: watched) {
        case .xEvents:
            return screen.window.pendingEvents(switches: grab).map(HostEvent.window)
        case .deadline:
            let now = ContinuousClock.now
            // A repeat types nothing more once its pointer is gone (KeyboardWindow+Holders.swift).
            var events = screen.window.holdsPresses ? screen.window.lostPointers(holding: holding).map(HostEvent.window) : []
            events.append(.deadline)
            typist.restoreDue(now: now)
            if greeter?.gone(at: now) == true {
                Log.warning("the greeter that started this keyboard (pid \(greeter!.parent)) is gone: quitting")
                events.append(.ended)
            }
            return events
        case .signal(let number):
            return [.signal(number)]
        case .readable(let fd) where fd == focus?.fd:
            // Ended, the follower stays (unpolled), so that auto-show turned on again does not
            // start another watch (XHost+Watches.swift).
            guard let events = focus?.messages() else { return [.focus([.fieldWatchEnded])] }
            return [.focus(events)]
        case .readable(let fd) where fd == suggester?.wakeFD:
            // A predictor is made: the loop asks the bar again after this turn (`wordsChanged`).
            suggester?.heard()
            return []
        case .readable(let fd) where fd == side?.fd:
            let request = serveSide()
            return (side?.takeCopied() ?? []).map(HostEvent.copied) + (side?.takeKeysTyped() == true ? [.typedElsewhere] : [])
                + (request.map { [.request($0)] } ?? [])
        case .readable(let fd):
            return [.readable(fd)]
        case .connectionLost:
            // Xlib's I/O error handler (ConnectionLoss) says so and restores the keymap as soon
            // as `finish` touches the dead connection.
            Log.debug("the X connection hung up")
            return [.ended]
        }
    }

    package func follow(shown: Bool) -> SessionRequest? {
        guard let side else { return nil }
        side.follow(keyboardShown: shown)
        // Xlib may have read the side connection's events into its queue while waiting for a
        // reply there (docking asks who owns the tray), and queued events never wake poll.
        return serveSide()
    }

    /// What the show button, the tray icon and the hardware key watch ask: a tap on the button
    /// shows the keyboard, a click on the tray icon shows or hides it, a hardware key hides it.
    private func serveSide() -> SessionRequest? {
        switch side?.serve() {
        case .show?: .show
        case .toggle?: .toggle
        case .hide?: .hide
        case nil: nil
        }
    }

    package func finish() {
        screen.frame?.windowIs(at: screen.window.rootRect())
        typist.restoreAll(clock: ContinuousClock())
        // The switches go back to the applications on every way out (a signal ends the loop too).
        grab?.release()
    }

    var isPlug: Bool { screen.window.isPlug }
}
