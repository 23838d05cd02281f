import ClavierCore
import ClavierX11

/// The loop on the X server: waits on the X connection, the control socket, signals, the
/// focus watch and the one deadline anything asked for, and turns what comes into the
/// session's events (XHost+Events.swift translates the window's events).
extension KeyboardApp {
    /// Shows the keyboard and handles events until quit; always leaves the keymap as found.
    func run(on x: XHost, control: ControlServer?) {
        let loop = EventLoop(display: x.display)
        x.screen.showFirstPicture()
        x.screen.window.show()
        // The rules follow the active window, and so does the accessory bar's current word.
        x.display.watchActiveWindow()
        followActiveWindow(x)
        defer { x.typist.restoreAll(clock: ContinuousClock()) }
        // The switches go back to the applications on every way out (a signal ends the loop too).
        defer { x.grab?.release() }
        send(.tick)
        followShown(x)
        while running {
            let deadlines = [x.typist.nextRestore, session.nextDeadline(after: now()), control?.nextDeadline, suggester?.nextDeadline,
                             x.screen.window.nextHoldersCheck, x.greeter?.nextCheck]
            let watching = (control?.descriptors ?? []) + [x.focus?.fd, x.side?.fd].compactMap { $0 }
            switch loop.wait(until: deadlines.compactMap { $0 }.min(), watching: watching) {
            case .xEvents:
                for event in x.screen.window.pendingEvents() { handle(event, on: x) }
            case .deadline:
                // A repeat types nothing more once its pointer is gone (KeyboardWindow+Holders.swift).
                if x.screen.window.holdsPresses {
                    x.screen.window.lostPointers(holding: session.keyboard.holdingPointers).forEach { handle($0, on: x) }
                }
                send(.tick)
                x.typist.restoreDue(now: now())
                control?.expire(now: now())
                fillSuggestions()
                if x.greeter?.gone(at: now()) == true {
                    Log.warning("the greeter that started this keyboard (pid \(x.greeter!.parent)) is gone: quitting")
                    quit()
                }
            case .signal(let number):
                Log.debug("signal \(number): quitting")
                quit()
            case .readable(let fd) where fd == x.focus?.fd:
                if let events = x.focus?.messages() { events.forEach(send) } else {
                    x.focus = nil
                    x.focusEnded = true
                }
            case .readable(let fd) where fd == x.side?.fd:
                serveSide(x)
            case .readable(let fd):
                control?.serve(fd, now: now()) { ControlRequest.respond(to: $0, app: self) }
            case .connectionLost:
                // Xlib's I/O error handler (ConnectionLoss) says so and restores the keymap
                // as soon as the defer above touches the dead connection.
                Log.debug("the X connection hung up")
                quit()
            }
            followShown(x)
            if x.focusEnded {
                // No field is told from now on (the watch said why): the session stops waiting.
                x.focusEnded = false
                send(.fieldWatchEnded)
            }
            if suggester?.languageDue == true { followKeymapLanguage(x) }
        }
        finishSuggestions()
        send(.input(.cancelAll))
        x.screen.frame?.windowMayHaveMoved(x.screen.window)
    }

    private func handle(_ event: WindowEvent, on x: XHost) {
        switch event {
        case .pointer(let input):
            if let routed = x.route(input) { send(.input(routed)) } else if case .press = input { send(.press(elsewhere: false)) }
        case .hover(let point):
            send(.hover(point.flatMap(x.keysPoint)))
        case .grabbedKey(let keycode, let down):
            if let pressed = x.grab?.event(keycode: keycode, down: down) { send(.switchKey(pressed.switch, down: pressed.down)) }
        case .expose(let rect):
            x.expose(rect, keyboard: session.keyboard)
        case .resized(let size):
            guard let keys = x.resize(to: size, keyboard: session.keyboard) else { return quit() }
            send(.resized(keys))
        case .close:
            send(.closeAsked)
        case .activeWindowChanged:
            followActiveWindow(x)
        case .screenChanged:
            x.screenChanged()
        case .keymapChanged(let first, let count):
            x.typist.keymapChanged(first: first, count: count)
            x.grab?.keymapChanged { Log.warning($0) }
            send(x.keymap(for: session.keyboard))
        case .groupChanged, .locksChanged:
            send(x.keymap(for: session.keyboard))
            followKeymapLanguage(x)
        case .layoutsNamed:
            // `setxkbmap de` after us: the keys relabel with the keymap (`.keymapChanged`), the
            // words follow the layout's name, which setxkbmap records after loading the keymap.
            followKeymapLanguage(x)
        case .pressedElsewhere:
            send(.press(elsewhere: true))
        case .pointerLost(let pointer):
            // A floating keyboard's move ends too (FloatingFrame).
            if let routed = x.route(.lost(pointer: pointer)) { send(.input(routed)) }
        case .mapped:
            send(.windowMapped(pointer: session.dwell != nil ? x.pointerOnKeys() : nil))
        case .unmapped:
            send(.windowUnmapped)
        case .destroyed where x.screen.window.isPlug, .embedderGone:
            // `--xid`: the greeter went away (KeyboardWindow+Plug.swift); a plug made again
            // would have no embedder to show it.
            quit()
        case .destroyed:
            send(.windowDestroyed)
        }
    }

    /// The rules' layout and visibility for the active window; the text before the caret ends.
    private func followActiveWindow(_ x: XHost) {
        guard let (id, identity) = x.display.activeWindow(), id != x.screen.window.id else { return }
        Log.debug("active window \(identity.instance)/\(identity.windowClass)")
        send(.activeWindow(identity))
    }
}
