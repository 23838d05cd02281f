import ClavierCore
import ClavierLayouts
import ClavierRender
import ClavierSound
import ClavierX11

/// The keyboard's loop: it waits on the X connection, the control socket, signals and the
/// one deadline anything asked for; routes window events to the input sources and the
/// screen; feeds input events to the reducer; and carries out the reducer's effects — typing
/// (`Typist`), painting (`KeyboardScreen`), the click, and the hooks the caller gave.
final class KeyboardApp {
    /// Everything a keyboard is made with, given at once.
    struct Parts {
        var display: Display
        /// Where the window goes on the display as it is now; asked again whenever the
        /// screen or its monitors change.
        var placement: (Display) -> Placement
        var layout: Layout
        /// The name the layout was asked for by (rules fall back to it).
        var layoutName: String
        var page: Page.ID?
        var theme: Theme
        /// Sizes the floating frame's handle and grip for the display's density.
        var scale: DisplayScale
        /// Cannot be quit, hidden or switched from outside; never types what leaves a kiosk.
        var kiosk: Bool
        /// Choose the layout, and show or hide, for the active window.
        var rules: [WindowRule]
        /// The socket other `clavier` processes ask; nil: none.
        var control: ControlServer?
        /// Where first pictures are kept between runs; nil: none are.
        var pictures: PictureCache?
        /// Finds a layout by name or file, for `clavier layout NAME` and rules.
        var loadLayout: (String) throws(LayoutError) -> Layout
        /// Opens the click player (ALSA's configuration and device) once the keyboard is up.
        var openPlayer: () -> ClickPlayer?
        /// Deals a PIN pad's digits each time the keyboard is shown.
        var shuffleSource: any RandomNumberGenerator
        /// When a held character key shows a magnified copy above the finger.
        var preview = PreviewMode.touch
        /// How long the pointer rests on a key to press it; nil: no dwell.
        var dwell: Duration?
        /// Switch scanning's switches (none: no scanning) and its clock (nil: a step switch).
        var scanSwitches: [SwitchGrab.Switch] = []
        var scanInterval: Duration?
        /// Shows and hides itself as text fields get and lose the focus (AT-SPI; `AutoShow.acts` applied).
        var autoShow = false
        /// The suggestion bar's words and learning; nil: no suggestions (KeyboardApp+Suggestions.swift).
        var suggester: Suggester?
        var hooks = Hooks()
    }

    /// What the keyboard tells the rest of the program, or asks of it; each may be left out.
    struct Hooks {
        /// A key was pressed (counts emoji taps).
        var tapped: ((Key) -> Void)?
        /// Applied to the layout each time the keyboard is shown again (refills frequently used).
        var refreshLayout: ((Layout) -> Layout)?
        /// Where the floating window ended up after a move or resize, and at the end.
        var floatMoved: ((Rect) -> Void)?
        /// Called once, when the window is first up: what can wait until the keyboard is shown.
        var shown: (() -> Void)?
    }

    let display: Display
    let screen: KeyboardScreen
    let typist: Typist
    var keyboard: Keyboard
    let theme: Theme
    let kiosk: Bool
    let loadLayout: (String) throws(LayoutError) -> Layout
    let placement: (Display) -> Placement
    var rules: WindowRuleFollower
    var shuffleSource: any RandomNumberGenerator
    var hooks: Hooks
    let clock = ContinuousClock()
    var running = true
    private let loop: EventLoop
    private let control: ControlServer?
    private var sources: [InputSource] = []
    /// The input aids, when asked for (KeyboardApp+Aids.swift).
    private(set) var dwell: DwellPointer?
    private(set) var scanning: SwitchScanner?
    let previewer: KeyPreviewer
    /// `--auto-show`; nil when it is off, or it cannot hear the accessibility bus.
    var focus: FocusFollower?
    let suggester: Suggester?
    private var player: ClickPlayer?
    /// Opens the click player once the keyboard is up; nil once it has been asked.
    private var openPlayer: (() -> ClickPlayer?)?

    init(_ parts: Parts) throws {
        display = parts.display
        theme = parts.theme
        kiosk = parts.kiosk
        loadLayout = parts.loadLayout
        placement = parts.placement
        rules = WindowRuleFollower(rules: parts.rules, layout: parts.layoutName)
        shuffleSource = parts.shuffleSource
        hooks = parts.hooks
        control = parts.control
        openPlayer = parts.openPlayer
        suggester = parts.suggester
        focus = parts.autoShow ? FocusFollower() : nil
        let firstPlacement = placement(display)
        let window = try KeyboardWindow(display: display, placement: firstPlacement, staysOnTop: kiosk)
        var frame: FloatingFrame?
        if case .floating = firstPlacement, !kiosk {
            frame = FloatingFrame(scale: parts.scale) { [hooks = parts.hooks] in hooks.floatMoved?($0) }
        }
        screen = try KeyboardScreen(window: window, theme: theme, frame: frame)
        typist = Typist(display: display, kiosk: kiosk)
        // Labels from the live keymap are part of the first picture: only they need the injector now.
        keyboard = Self.makeKeyboard(layout: parts.layout, page: parts.page, size: screen.keysSize, display: display,
                                     typist: typist)
        keyboard.setCapitalize(suggester?.capitalize ?? .never)
        keyboard.reshuffle(using: &shuffleSource)
        previewer = KeyPreviewer(mode: parts.preview, display: display, theme: theme)
        loop = EventLoop(display: display)
        sources = [CorePointer(window: window, frame: frame)]
        (dwell, scanning) = makeAids(parts, window: window)
        sources += [dwell as InputSource?, scanning].compactMap { $0 }
        // A PIN pad's digits are dealt anew each time: it keeps no first picture.
        screen.startFirstPicture(of: keyboard, theme: theme, cache: parts.layout.hasShuffledKeys ? nil : parts.pictures)
    }

    /// Shows the keyboard and handles events until quit; always leaves the keymap as found.
    func run() {
        screen.showFirstPicture()
        screen.window.show()
        // The text before the caret is forgotten when the focus moves, so suggestions watch it too.
        if !rules.rules.isEmpty || suggester != nil {
            display.watchActiveWindow()
            followActiveWindow()
        }
        defer { typist.restoreAll(clock: clock) }
        // The switches go back to the applications on every way out (a signal ends the loop too).
        defer { scanning?.grab.release() }
        followAids()
        while running {
            let deadlines = [typist.nextRestore, keyboard.nextDeadline, control?.nextDeadline, focus?.nextDeadline, suggestionsDue]
                + sources.map { $0.nextDeadline }
            let watching = (control?.descriptors ?? []) + (focus?.fd.map { [$0] } ?? [])
            switch loop.wait(until: deadlines.compactMap { $0 }.min(), watching: watching) {
            case .xEvents:
                for event in screen.window.pendingEvents() { handle(event) }
            case .deadline:
                let now = clock.now
                for source in sources { for input in source.inputs(dueAt: now) { feed(input) } }
                apply(keyboard.handle(.tick, at: now))
                typist.restoreDue(now: now)
                control?.expire(now: now)
                hideIfDue(now: now)
                suggestionsDue(at: now)
            case .signal(let number):
                Log.debug("signal \(number): quitting")
                running = false
            case .readable(let fd) where fd == focus?.fd:
                followFocus()
            case .readable(let fd):
                control?.serve(fd, now: clock.now) { ControlRequest.respond(to: $0, kiosk: kiosk, keyboard: self) }
            case .connectionLost:
                // Xlib's I/O error handler (ConnectionLoss) says so and restores the keymap
                // as soon as the defer above touches the dead connection.
                Log.debug("the X connection hung up")
                running = false
            }
            followAids()
        }
        // Learned words first: the X connection may be gone.
        finishSuggestions()
        apply(keyboard.handle(.cancelAll, at: clock.now))
        screen.frame?.windowMayHaveMoved(screen.window)
    }

    /// Hands one input event, from whichever source, to the reducer and carries out its effects.
    func feed(_ input: InputEvent) {
        apply(keyboard.handle(input, at: clock.now))
    }

    private func handle(_ event: WindowEvent) {
        switch event {
        case .grabbedKey(_, down: true) where scanning != nil && !isShown:
            // A switch user has no other way to bring back a keyboard a rule or a request hid.
            show()
            fallthrough
        case .pointer, .hover, .grabbedKey:
            if case .pointer(.press) = event { suggester?.pressedHere() }
            for source in sources { for input in source.inputs(from: event) { feed(input) } }
        case .expose(let rect):
            if screen.pictureIsBackground { screen.firstExposed() } else { screen.expose(rect) }
            screen.settleFirstPicture(check: true, keyboard: keyboard)
            finishStarting()
        case .resized(let size):
            screen.settleFirstPicture(check: false, keyboard: keyboard)
            do {
                keyboard.resize(to: try screen.resize(window: size))
            } catch {
                Log.error("\(error)")
                running = false
                return
            }
            screen.paintAll(keyboard)
            screen.presentAll()
        case .close:
            // A kiosk keyboard outlives the window manager's close button.
            if !kiosk { running = false }
        case .activeWindowChanged:
            followActiveWindow()
        case .screenChanged:
            // The window manager may have moved a floating window since we last heard: the
            // placement asked next must start from where it is, not where it was.
            screen.frame?.windowMayHaveMoved(screen.window)
            let next = placement(display)
            Log.debug("screen changed: placing the window at \(next.rect)")
            screen.window.place(next)
        case .keymapChanged(let first, let count):
            typist.keymapChanged(first: first, count: count)
            scanning?.grab.keymapChanged { Log.warning($0) }
            followKeymap()
        case .groupChanged, .locksChanged:
            followKeymap()
            followKeymapLanguage()
        case .pressedElsewhere: suggester?.pressedElsewhere(at: clock.now)
        }
    }

    /// Makes what only presses need, once: the injector, the click player and XI2 touches.
    private func finishStarting() {
        if focus?.start(followText: suggester != nil) == false { focus = nil }
        if let shown = hooks.shown {
            hooks.shown = nil
            shown()
        }
        guard let open = openPlayer else { return }
        openPlayer = nil
        _ = typist.injector
        player = open()
        let touches = screen.window.followTouches()  // Not in Log.debug's autoclosure: run only with CLAVIER_LOG=debug.
        Log.debug(touches ? "XInput 2.2: touches and buttons through XI2, every finger its own pointer"
                          : "no XInput 2.2 on this server: core pointer events only")
        startSuggestions()
    }

    /// Carries out effects: typing first (it is what the user waits for), then painting
    /// only what changed, then the click.
    func apply(_ effects: [Effect]) {
        carryOut(effects)
        suggest(after: effects)
    }

    /// Repaints what changed and puts it on screen, settling the first picture first.
    func paint(_ damaged: [Key.ID], whole: Bool, bar: Bool) {
        var whole = whole
        if screen.firstPicture != nil, whole || bar || !damaged.isEmpty {
            // A kept first picture not yet checked is painted anew whole rather than in part.
            if screen.firstPicture?.kept != nil { whole = true }
            screen.settleFirstPicture(check: false, keyboard: keyboard)
        }
        screen.repaint(damaged, whole: whole, bar: bar, of: keyboard)
    }

    private func carryOut(_ effects: [Effect]) {
        if !effects.isEmpty { finishStarting() }
        // XSync: wait until the server has taken the keys before painting and clicking. On two
        // cores our paint and the click thread otherwise compete with the X server and the
        // focused client just as the key reaches them (make bench: press -> KeyPress 0.41 ms
        // before, see BENCHMARKS.md for after). The paint starts one round trip later.
        if typist.type(effects) { display.sync() }
        var damaged: [Key.ID] = []
        var whole = false
        var bar = false
        var tapped: [Key] = []
        for effect in effects {
            switch effect {
            case .redraw(let ids): damaged += ids
            case .redrawAll, .switchPage: whole = true
            case .hide: if !kiosk { screen.window.hide(); previewer.hide(); forgetTyping(saving: true) }  // The reducer ended every press.
            case .type, .playClick: break
            case .tapped(let key): tapped.append(key)
            case .redrawAccessory: bar = true
            case .format(let formatting): typist.format(formatting, window: screen.window)
            }
        }
        paint(damaged, whole: whole, bar: bar)
        if previewer.mode != .never, !damaged.isEmpty || whole {
            // A round trip for the window's place, only when a preview is to show.
            previewer.follow(keyboard) {
                let window = self.screen.window.rootRect()
                return (window.x, window.y + (self.screen.frame?.handleHeight ?? 0))
            }
        }
        // The click last: waking its thread sooner put a second busy thread beside the X
        // server and the focused client as the key reached them. The paint before it takes
        // ~0.07 ms; the click still starts within a millisecond of the press.
        if effects.contains(.playClick) { player?.play() }
        // Counted after the key is typed and painted: saving the counts syncs a file.
        if let count = hooks.tapped { tapped.forEach(count) }
    }
}
