import ClavierCore

/// The loop: waits on the host (its window system, its focus watch and show button, the
/// control socket, signals) until the one deadline anything asked for, and turns what comes
/// into the session's events. The same on every host: the app tests run it on the recording
/// host.
extension KeyboardApp {
    /// Shows `session.keyboard` and handles events until quit; the host always leaves the
    /// keymap as it found it.
    package func run(control: ControlServer?) {
        host.screen.start(session.picture)
        // The rules follow the active window, and so does the accessory bar's current word.
        followActiveWindow()
        defer { host.loop.finish(); assistive.finish() }
        send(.tick)
        followShown()
        assistive.start()  // Once the first picture is up.
        idlePages.delay(from: now())
        while running {
            // Before waiting: at the first turn this starts a model the first picture did not
            // wait for (its words were kept from the last start).
            if host.words.suggests, host.words.wordsChanged(on: session.keyboard, after: session.typing.context) { fillSuggestions() }
            // The idle trim is one more deadline, met once per idle spell (then nil until
            // the next input): waking for it, the host says `.deadline`, a tick with nothing due.
            let deadline = [session.nextDeadline(after: now()), control?.nextDeadline, idlePages.due, assistive.nextDeadline(after: now())]
                .compactMap { $0 }.min()
            for event in host.loop.events(until: deadline, watching: (control?.descriptors ?? []) + assistive.descriptors,
                                          holding: session.keyboard.holdingPointers) {
                guard running else { break }
                if event.delaysIdleTrim { idlePages.delay(from: now()) }
                handle(event, control: control)
            }
            followShown()
            idlePages.trim(host.words, at: now())
            if let spoken = assistive.afterTurn() { send(spoken) }
        }
        finishSuggestions()
        send(.input(.cancelAll))
    }

    private func handle(_ event: HostEvent, control: ControlServer?) {
        switch event {
        case .window(let event):
            handle(event)
        case .deadline:
            send(.tick)
            control?.expire(now: now())
        case .signal(let number):
            Log.debug("signal \(number): quitting")
            quit()
        case .readable(let fd):
            if assistive.serve(fd, on: host.screen, session: { session }, send: send) { return }
            control?.serve(fd, now: now()) { ControlRequest.respond(to: $0, app: self) }
        case .focus(let events):
            events.forEach(send)
        case .request(let request):
            serve(request)
        case .copied(let text):
            send(.copied(text))
        case .typedElsewhere:
            send(.typedElsewhere)
        case .ended:
            quit()
        }
    }

    /// The window's event as the session's.
    func handle(_ event: WindowEvent) {
        switch event {
        case .pointer(let input):
            if let routed = host.screen.route(input) { send(.input(routed)) } else if case .press = input { send(.press(elsewhere: false)) }
        case .hover(let point):
            send(.hover(point.flatMap(host.screen.keysPoint)))
        case .switchPressed(let index, let down):
            send(.switchKey(index, down: down))
        case .expose(let rect):
            host.screen.expose(rect, picture: session.picture)
        case .resized(let size):
            guard let keys = host.screen.resize(to: size, picture: session.picture) else { return quit() }
            send(.resized(keys))
        case .close:
            send(.closeAsked)
        case .activeWindowChanged:
            followActiveWindow()
        case .screenChanged:
            host.screen.screenChanged()
        case .keymapChanged:
            if let keymap = host.keymap { send(keymap.keymapChanged(keyboard: session.keyboard)) }
        case .groupChanged, .locksChanged:
            if let keymap = host.keymap { send(keymap.keymap(for: session.keyboard)) }
            followKeymapLanguage()
        case .layoutsNamed:
            // `setxkbmap de` after us: the keys relabel with the keymap (`.keymapChanged`), the
            // words follow the layout's name, which setxkbmap records after loading the keymap.
            followKeymapLanguage()
        case .pressedElsewhere:
            send(.press(elsewhere: true))
        case .pointerLost(let pointer):
            // A floating keyboard's move ends too (FloatingFrame).
            if let routed = host.screen.route(.lost(pointer: pointer)) { send(.input(routed)) }
        case .mapped:
            send(.windowMapped(pointer: session.dwell != nil ? host.screen.pointerOnKeys() : nil))
        case .unmapped:
            send(.windowUnmapped)
        case .embedderGone:
            // `--xid`: the greeter went away, or took the plug's window with it
            // (KeyboardWindow+Plug.swift); a plug made again would have no embedder to show it.
            quit()
        case .destroyed:
            send(.windowDestroyed)
        }
    }

    /// The rules' layout and visibility for the active window; the text before the caret ends.
    private func followActiveWindow() {
        guard let identity = host.focus?.activeWindow() else { return }
        Log.debug("active window \(identity.instance)/\(identity.windowClass)")
        send(.activeWindow(identity))
    }

    /// After each turn, the show button follows the keyboard's visibility, whatever hid it (the
    /// hide key, `clavier hide`, a rule, auto-show, a hardware key), and what it asked is served.
    private func followShown() {
        if let request = host.loop.follow(shown: session.shown) { serve(request) }
    }

    /// What the show button, the tray icon or a hardware key asks goes to the session as a
    /// request, which decides (a kiosk keyboard is only shown).
    private func serve(_ request: SessionRequest) { send(.request(request)) }
}
