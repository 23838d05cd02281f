import ClavierCore

/// The loop: waits on the host (its window system, its focus watch and show button, the
/// control socket, signals) until the one deadline anything asked for, and turns what comes
/// into the session's events. The same on every host: the app tests run it on the recording
/// host.
extension KeyboardApp {
    /// Shows `session.keyboard` and handles events until quit; the host always leaves the
    /// keymap as it found it.
    func run(control: ControlServer?) {
        host.screen.start(session.picture)
        // The rules follow the active window, and so does the accessory bar's current word.
        followActiveWindow()
        defer { host.loop.finish(); speaker?.finish() }
        send(.tick)
        followShown()
        // Issue 50: the keys' AT-SPI objects, on a thread of their own, once the first picture is up.
        if servesAccessibleKeys { accessible = AccessibleKeys() }
        pagesIdleAt = now() + Timing.idleBuffers
        while running {
            // Before waiting: at the first turn this starts a model the first picture did not
            // wait for (its words were kept from the last start).
            if host.words.suggests, host.words.wordsChanged(on: session.keyboard, after: session.typing.context) { fillSuggestions() }
            // The idle trim is one more deadline, met once per idle spell (then nil until
            // the next input): waking for it, the host says `.deadline`, a tick with nothing due.
            let deadline = [session.nextDeadline(after: now()), control?.nextDeadline, pagesIdleAt, speaker?.retryAt(now())]
                .compactMap { $0 }.min()
            for event in host.loop.events(until: deadline, watching: (control?.descriptors ?? []) + (speaker?.descriptors ?? [])
                                                                        + (accessible?.descriptors ?? []),
                                     holding: session.keyboard.holdingPointers) {
                guard running else { break }
                if event.delaysIdleTrim { pagesIdleAt = now() + Timing.idleBuffers }
                handle(event, control: control)
            }
            followShown()
            trimPagesWhenIdle()
            // What the speech socket could not take at once (`Speaker.retryAt`); the prompt's
            // end heard, or the daemon gone, the scan's clock goes on.
            speaker?.flush()
            if speaker?.takeEnded() == true { send(.spoken) }
        }
        finishSuggestions()
        send(.input(.cancelAll))
    }

    /// Idle `Timing.idleBuffers` (no press, motion, typing or suggestion query since
    /// `pagesIdleAt` was set), the language models' mapped pages are given back, on the loop's
    /// thread, once: a query touches some 22 places of the English model and the kernel maps
    /// 64 kB around each fault, 1.4 MB resident that nothing reads while the keyboard waits.
    /// The first query after costs the faults of what it reads again (the page cache keeps them).
    /// The program's own code stays: its pages are clean, the kernel reclaims them when it
    /// needs to, and giving them back only lowered a figure (docs/release-tuning.md).
    func trimPagesWhenIdle() {
        guard let due = pagesIdleAt, due <= now() else { return }
        pagesIdleAt = nil
        host.words.dropIdlePages()
        Log.debug("idle: the language models' pages given back")
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
            if speaker?.serve(fd) == true || serveAccessibleKeys(fd) { return }
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

extension HostEvent {
    /// Whether the event is input that may read a language model (a press, motion or glide,
    /// a switch, the focused field's text) and runs the press's code: the idle trim waits for
    /// the next spell.
    var delaysIdleTrim: Bool {
        switch self {
        case .window(.pointer), .window(.hover), .window(.switchPressed), .window(.pressedElsewhere), .focus: true
        default: false
        }
    }
}
