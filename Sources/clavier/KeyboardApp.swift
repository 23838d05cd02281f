import ClavierCore
import ClavierRender
import ClavierSound
import ClavierX11
import Glibc

/// Wires the parts together: window events go to the core reducer, and its effects go to
/// the injector, the click player and the painter.
final class KeyboardApp {
    private let display: Display
    private let window: KeyboardWindow
    /// The injector once made: reading the keymap waits until the first picture is on
    /// screen (or the first press) unless the layout's labels need it.
    private var madeInjector: KeyInjector?
    private var injector: KeyInjector {
        if let madeInjector { return madeInjector }
        let made = KeyInjector(display: display)
        madeInjector = made
        return made
    }
    private var player: ClickPlayer?
    /// Opens the click player (ALSA's configuration and device) once the keyboard is up.
    private var openPlayer: (() -> ClickPlayer?)?
    private let theme: Theme
    /// Made on first use: its font map starts loading fontconfig, which a start from a kept
    /// picture does only once that picture is on screen.
    private lazy var painter = KeyboardPainter(theme: theme)
    /// Where first pictures are kept between runs; nil: none are.
    private let pictures: PictureCache?
    /// The picture on screen since start-up, while it is still the first one: read from the
    /// cache (to be checked against a fresh paint) or painted (to be kept), and its key.
    /// `kept` is the file it was read from (nil: painted), open until the picture is settled:
    /// the X server reads it for the background, and the check compares with it.
    private var firstPicture: (key: String, kept: PictureCache.Kept?)?
    /// The first picture is the window's background until the window first shows it.
    private var pictureIsBackground = false
    private var keyboard: Keyboard
    private var canvas: Canvas
    private let loop: EventLoop
    private let control: ControlServer?
    private let loadLayout: (String) throws -> Layout
    private let placement: (Display) -> Placement
    private let kiosk: Bool
    private let rules: [WindowRule]
    /// The layout asked for by name (command line, config, `clavier layout`): where the
    /// keyboard returns when no rule matches the active window.
    private var baseLayout: String
    /// The name of the layout shown now, as a rule or a request named it.
    private var shownLayout: String
    private let clock = ContinuousClock()
    private var running = true
    /// Deals a PIN pad's digits each time the keyboard is shown.
    private var shuffleSource: any RandomNumberGenerator
    /// Told of each key pressed, before the reducer acts on it (counts emoji taps).
    var onPress: ((Key) -> Void)?
    /// Applied to the layout each time the keyboard is shown again (refills frequently used).
    var refreshLayout: ((Layout) -> Layout)?
    /// The completions of a word for the accessory bar (loads the dictionary on first use).
    var complete: ((String) -> [String])?
    /// Told of each completion the user took, to rank it first next time.
    var onAccept: ((String) -> Void)?
    /// Whether the window is a floating keyboard with a handle and a resize grip (floating
    /// and not in kiosk mode, where the keyboard cannot be moved).
    private let framed: Bool
    /// The handle strip's pixels, above the keys' `canvas`.
    private var handleCanvas: Canvas
    private let framePainter: FloatFramePainter
    /// Sizes the floating frame's handle and grip for the display's density.
    private let scale: DisplayScale
    /// A move or resize we carry out ourselves (no window manager to hand it to): the part
    /// pressed, where the pointer and the window were then, in root coordinates.
    private var drag: (part: FloatFrame.Part, pointer: (x: Int, y: Int), start: Rect)?
    /// Told where the floating window ended up after a move or resize, and at the end.
    var onFloatMoved: ((Rect) -> Void)?
    /// Called once, when the window is first up: what can wait until the keyboard is shown.
    var onShown: (() -> Void)?

    /// `control` is the socket other `clavier` processes ask; `loadLayout` finds a layout by
    /// name or file for `clavier layout NAME`.
    /// `placement` says where the window goes on the display as it is now; it is asked again
    /// whenever the screen or its monitors change.
    /// In `kiosk` mode the keyboard cannot be quit, hidden or switched from outside and never
    /// types what would leave the kiosk; `rules` choose the layout for the active window.
    init(display: Display, placement: @escaping (Display) -> Placement, layout: Layout, layoutName: String, page: Page.ID?,
         theme: Theme, openPlayer: @escaping () -> ClickPlayer?, control: ControlServer?, kiosk: Bool, rules: [WindowRule],
         loadLayout: @escaping (String) throws -> Layout,
         shuffleSource: any RandomNumberGenerator = SystemRandomNumberGenerator(),
         scale: DisplayScale = DisplayScale(factor: 1), pictures: PictureCache? = nil) throws {
        self.theme = theme
        self.scale = scale
        self.kiosk = kiosk
        self.rules = rules
        baseLayout = layoutName
        shownLayout = layoutName
        self.display = display
        self.openPlayer = openPlayer
        self.control = control
        self.loadLayout = loadLayout
        self.placement = placement
        let firstPlacement = placement(display)
        window = try KeyboardWindow(display: display, placement: firstPlacement, staysOnTop: kiosk)
        if case .floating = firstPlacement, !kiosk { framed = true } else { framed = false }
        let size = Self.keysSize(window: Size(width: window.rect.width, height: window.rect.height), framed: framed, scale: scale)
        // Labels from the live keymap are part of the first picture: only they need the injector now.
        var early: KeyInjector?
        keyboard = Self.makeKeyboard(layout: layout, page: page, size: size, display: display,
                                     injector: { early = KeyInjector(display: display); return early! })
        madeInjector = early
        self.shuffleSource = shuffleSource
        keyboard.reshuffle(using: &self.shuffleSource)
        canvas = try Canvas(size: size)
        // A PIN pad's digits are dealt anew each time: it keeps no first picture.
        self.pictures = layout.hasShuffledKeys ? nil : pictures
        framePainter = FloatFramePainter(theme: theme)
        handleCanvas = try Canvas(size: Size(width: window.rect.width, height: scale.pixels(FloatFrame.handleHeight)))
        loop = EventLoop(display: display)
        if let pictures = self.pictures, let keys = KeyboardPainter.pictureKey(of: keyboard, theme: theme) {
            // A floating keyboard's picture is its whole window: the handle strip, then the
            // keys with the resize grip painted over their corner.
            let key = framed ? keys + frameKey() : keys
            var kept: PictureCache.Kept?
            if let picture = pictures.load(key, sizes: framed ? [handleCanvas.size, size] : [size]) {
                if framed, let handle = picture.canvas(0), let keys = picture.canvas(1) {
                    handleCanvas = handle
                    canvas = keys
                    kept = picture
                } else if !framed, let keys = picture.canvas(0) {
                    canvas = keys
                    kept = picture
                }
            }
            firstPicture = (key, kept)
            Log.debug(kept != nil ? "first picture from the cache" : "no kept picture: painting the first one")
        }
        if firstPicture?.kept == nil {
            if framed { framePainter.paintHandle(on: handleCanvas) }
            painter.paintAll(keyboard, on: canvas)
        }
    }

    /// What a floating keyboard's picture is painted from besides its keys: the window's size
    /// and scale, which place the handle and the grip.
    private func frameKey() -> String {
        let grip = FloatFrame(size: Size(width: window.rect.width, height: window.rect.height), scale: scale).gripInKeys
        return "frame " + String(window.rect.width) + "x" + String(window.rect.height) + " scale " + String(scale.factor)
            + " grip " + String(grip.x) + "," + String(grip.y) + "," + String(grip.width) + "," + String(grip.height) + "\n"
    }

    /// The picture's parts as they are now, to keep: the handle strip first when floating.
    private func pictureParts() -> [PictureCache.Part] {
        let keys = PictureCache.Part(pixels: UnsafeRawPointer(canvas.data), stride: canvas.stride, size: canvas.size)
        guard framed else { return [keys] }
        return [PictureCache.Part(pixels: UnsafeRawPointer(handleCanvas.data), stride: handleCanvas.stride, size: handleCanvas.size), keys]
    }

    /// Makes what only presses need, once: the injector and the click player.
    private func finishStarting() {
        if let shown = onShown {
            onShown = nil
            shown()
        }
        guard let open = openPlayer else { return }
        openPlayer = nil
        _ = injector
        player = open()
    }

    /// Done with the first picture once it is on screen: a painted one is kept for the next
    /// start; a kept one is checked against a fresh paint (`check`), and replaced on screen
    /// and on disk when they differ. Without `check` (the canvas is about to be repainted
    /// whole), a kept one is only let go of.
    private func settleFirstPicture(check: Bool) {
        guard let (key, kept) = firstPicture, let pictures else { return }
        firstPicture = nil
        do {
            if let kept {
                // Compared with the file rather than the canvas mapped over it: reading the
                // mapping would make all of the picture resident here, where only repainted
                // keys need be.
                func same(_ fresh: borrowing Canvas, part: Int) -> Bool {
                    let (fd, offset) = kept.file(part)
                    return fresh.hasSamePixels(asFile: fd, offset: offset)
                }
                guard check else { return }
                Log.debug("the kept first picture is on screen: checking it against a fresh paint")
                let fresh = try Canvas(size: canvas.size)
                painter.paintAll(keyboard, on: fresh)
                var handleDiffers = false
                if framed {
                    framePainter.paintResizeGrip(in: gripInKeys, on: fresh)
                    let handle = try Canvas(size: handleCanvas.size)
                    framePainter.paintHandle(on: handle)
                    if !same(handle, part: 0) {
                        handleDiffers = true
                        handleCanvas = handle
                        presentHandle(Rect(x: 0, y: 0, width: handleCanvas.size.width, height: handleCanvas.size.height))
                    }
                }
                if same(fresh, part: framed ? 1 : 0) && !handleDiffers { return }
                Log.debug("the kept first picture differs from a fresh paint: replacing it")
                canvas = fresh
                present(Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height))
            }
            try pictures.save(key, parts: pictureParts())
        } catch {
            Log.warning("cannot keep the keyboard's first picture in \(pictures.directory): \(error)")
        }
    }

    /// Shows the keyboard and handles events until quit; always leaves the keymap as found.
    func run() {
        showFirstPicture()
        window.show()
        // The accessory bar's current word ends when the focus moves, so completions watch it too.
        if !rules.isEmpty || complete != nil {
            display.watchActiveWindow()
            followActiveWindow()
        }
        defer {
            // The last borrowed keycode goes back only once clients have had time to read it.
            if let safe = madeInjector?.allRestorable {
                let wait = safe - clock.now
                if wait > .zero {
                    let (seconds, attos) = wait.components
                    var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attos / 1_000_000_000))
                    nanosleep(&pause, nil)
                }
            }
            madeInjector?.restoreAll()
        }
        while running {
            let deadlines = [madeInjector?.nextRestore, keyboard.nextDeadline].compactMap { $0 }
            switch loop.wait(until: deadlines.min(), watching: control.map { [$0.fd] } ?? []) {
            case .xEvents:
                for event in window.pendingEvents() { handle(event) }
            case .deadline:
                let now = clock.now
                apply(keyboard.handle(.tick, at: now))
                madeInjector?.restoreDue(now: now)
            case .signal(let number):
                Log.debug("signal \(number): quitting")
                running = false
            case .readable:
                control?.serveOne { respond(to: $0) }
            case .connectionLost:
                // Xlib's I/O error handler (ConnectionLoss) says so and restores the keymap
                // as soon as the defer above touches the dead connection.
                Log.debug("the X connection hung up")
                running = false
            }
        }
        apply(keyboard.handle(.cancelAll, at: clock.now))
        if framed { onFloatMoved?(window.rootRect()) }
    }

    /// Carries out one request of `clavier show|hide|toggle|layout NAME|quit|status`.
    private func respond(to request: String) -> ControlReply {
        let words = request.split(separator: " ", maxSplits: 1).map(String.init)
        if kiosk, ["hide", "toggle", "quit", "layout"].contains(words.first ?? "") {
            return .refused("the keyboard runs in kiosk mode: it cannot be hidden, quit or switched from outside")
        }
        switch (words.first ?? "", words.count) {
        case ("show", 1):
            if !window.isMapped { showAgain() }
            return .ok([])
        case ("hide", 1):
            if window.isMapped { window.hide() }
            return .ok([])
        case ("toggle", 1):
            window.isMapped ? window.hide() : showAgain()
            return .ok([])
        case ("quit", 1):
            running = false
            return .ok([])
        case ("status", 1):
            let r = window.rect
            return .ok([window.isMapped ? "visible" : "hidden", "layout: \(keyboard.layout.id)",
                        "page: \(keyboard.page.id)", "geometry: \(r.width)x\(r.height)+\(r.x)+\(r.y)"])
        case ("layout", 2):
            do {
                switchLayout(to: try loadLayout(words[1]))
                baseLayout = words[1]
                shownLayout = words[1]
                return .ok([])
            } catch {
                return .failed("\(error)")
            }
        default:
            return .failed("unknown request '\(request)'")
        }
    }

    /// Applies the first rule that matches the active window: its layout (else the base
    /// layout) and its show or hide.
    private func followActiveWindow() {
        guard let (id, identity) = display.activeWindow(), id != window.id else { return }
        keyboard.resetWord()
        apply(keyboard.setCompletions([]))
        let rule = WindowRule.first(of: rules, matching: identity)
        Log.debug("active window \(identity.instance)/\(identity.windowClass): \(rule.map { "\($0)" } ?? "no rule")")
        let wanted = rule?.layout ?? baseLayout
        if wanted != shownLayout {
            do {
                switchLayout(to: try loadLayout(wanted))
                shownLayout = wanted
            } catch {
                Log.error("rule for \(identity.windowClass): \(error)")
            }
        }
        switch rule?.visibility {
        case .show?: if !window.isMapped { showAgain() }
        case .hide? where !kiosk: if window.isMapped { window.hide() }
        default: break
        }
    }

    /// Shows `layout` from its first page, letting go of anything held on the old one.
    private func switchLayout(to layout: Layout) {
        apply(keyboard.handle(.cancelAll, at: clock.now))
        keyboard = Self.makeKeyboard(layout: refreshLayout?(layout) ?? layout, page: nil, size: canvas.size,
                                     display: display, injector: { self.injector })
        keyboard.reshuffle(using: &shuffleSource)
        settleFirstPicture(check: false)
        painter.paintAll(keyboard, on: canvas)
        present(Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height))
    }

    /// A keyboard for `layout` that repeats at the server's rate and labels its XKB-named
    /// keys from the live keymap (asking `injector` only then).
    private static func makeKeyboard(layout: Layout, page: Page.ID?, size: Size, display: Display,
                                     injector: () -> KeyInjector) -> Keyboard {
        var keyboard = Keyboard(layout: layout, page: page, size: size)
        if let rate = display.keyRepeat {
            keyboard.repeatDelay = rate.delay
            keyboard.repeatInterval = rate.interval
        } else {
            keyboard.repeatDelay = .seconds(1_000_000)  // The user turned auto-repeat off.
        }
        let names = keyboard.xkbKeyNames
        if !names.isEmpty { _ = keyboard.setLiveKeys(injector().liveKeys(named: names)) }
        return keyboard
    }

    /// Shows the hidden keyboard, with a PIN pad's digits dealt anew and the frequently
    /// used page refilled.
    private func showAgain() {
        // What is painted from here on must be what the Expose puts up.
        letBackgroundGo()
        settleFirstPicture(check: false)
        if let refreshLayout {
            keyboard = Self.makeKeyboard(layout: refreshLayout(keyboard.layout), page: keyboard.page.id,
                                         size: keyboard.geometry.size, display: display, injector: { self.injector })
            painter.paintAll(keyboard, on: canvas)
        }
        if keyboard.layout.hasShuffledKeys {
            keyboard.reshuffle(using: &shuffleSource)
            painter.paintAll(keyboard, on: canvas)
        }
        window.show()
    }

    /// Relabels the XKB-named keys from the live keymap and group.
    private func followKeymap() {
        let names = keyboard.xkbKeyNames
        guard !names.isEmpty else { return }
        apply(keyboard.setLiveKeys(injector.liveKeys(named: names)))
    }

    /// Makes the first picture the window's background before the window is first mapped:
    /// the server paints it as it maps the window, rather than after an Expose and a second
    /// trip of the whole picture (1.9 MB at 1920x242).
    private func showFirstPicture() {
        if framed, firstPicture?.kept == nil { framePainter.paintResizeGrip(in: gripInKeys, on: canvas) }
        var pictures = [KeyboardWindow.Picture(pixels: canvas.data, stride: canvas.stride, size: canvas.size,
                                               origin: (0, framed ? handleCanvas.size.height : 0),
                                               file: firstPicture?.kept?.file(framed ? 1 : 0))]
        if framed {
            pictures.append(KeyboardWindow.Picture(pixels: handleCanvas.data, stride: handleCanvas.stride, size: handleCanvas.size,
                                                   file: firstPicture?.kept?.file(0)))
        }
        window.setBackground(pictures)
        pictureIsBackground = true
    }

    /// Once the window is up, the server's copy of the first picture goes: after this, the
    /// window shows only what `present` puts there.
    private func letBackgroundGo() {
        guard pictureIsBackground else { return }
        pictureIsBackground = false
        window.clearBackground()
    }

    private func handle(_ event: WindowEvent) {
        if case .expose = event, pictureIsBackground {
            // The server painted every exposed part from the background as it mapped the
            // window; later exposures are answered by `present` as usual.
            let failed = window.backgroundFailed()
            letBackgroundGo()
            if failed {
                Log.debug("the X server could not read the kept picture's file: putting it up from here")
                present(Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height))
                if framed { presentHandle(Rect(x: 0, y: 0, width: handleCanvas.size.width, height: handleCanvas.size.height)) }
            }
            settleFirstPicture(check: true)
            finishStarting()
            return
        }
        guard let event = routeFrame(event) else { return }
        switch event {
        case .press(let point):
            let key = onPress == nil ? nil : keyboard.geometry.key(at: point)
            apply(keyboard.handle(.press(point), at: clock.now))
            // Counted after the key is typed and painted: saving the counts syncs a file.
            if let onPress, let key { onPress(key) }
        case .release(let point):
            apply(keyboard.handle(.release(point), at: clock.now))
        case .motion(let point):
            apply(keyboard.handle(.motion(point), at: clock.now))
        case .expose(let rect):
            present(rect)
            settleFirstPicture(check: true)
            finishStarting()
        case .resized(let size):
            settleFirstPicture(check: false)
            keyboard.resize(to: size)
            do {
                canvas = try Canvas(size: size)
            } catch {
                Log.error("\(error)")
                running = false
                return
            }
            painter.paintAll(keyboard, on: canvas)
            present(Rect(x: 0, y: 0, width: size.width, height: size.height))
        case .close:
            // A kiosk keyboard outlives the window manager's close button.
            if !kiosk { running = false }
        case .activeWindowChanged:
            followActiveWindow()
        case .screenChanged:
            let next = placement(display)
            Log.debug("screen changed: placing the window at \(next.rect)")
            window.place(next)
        case .keymapChanged(let first, let count):
            // An injector made later reads the keymap as it is then.
            madeInjector?.keymapChanged(first: first, count: count)
            followKeymap()
        case .groupChanged:
            followKeymap()
        }
    }

    /// Carries out effects: typing first (it is what the user waits for), then painting
    /// only what changed, then the click.
    private func apply(_ effects: [Effect]) {
        carryOut(effects)
        // After typing, painting and the click, so the word list's first load delays none of them.
        if let complete, keyboard.layout.options.accessory.contains(.completions),
           effects.contains(where: { if case .type = $0 { true } else if case .format = $0 { true } else { false } }) {
            carryOut(keyboard.setCompletions(complete(keyboard.word.text)))
        }
    }

    private func carryOut(_ effects: [Effect]) {
        if !effects.isEmpty { finishStarting() }
        var typed = false
        for case .type(let sym, let modifiers) in effects {
            if kiosk && Kiosk.blocks(sym, modifiers: modifiers) {
                Log.debug("kiosk mode: not typing a blocked combination")
                continue
            }
            injector.type(sym, modifiers: modifiers)
            typed = true
        }
        // XSync: wait until the server has taken the keys before painting and clicking. On two
        // cores our paint and the click thread otherwise compete with the X server and the
        // focused client just as the key reaches them (make bench: press -> KeyPress 0.41 ms
        // before, see BENCHMARKS.md for after). The paint starts one round trip later.
        if typed { display.sync() }
        var damaged: [Key.ID] = []
        var whole = false
        var bar = false
        for effect in effects {
            switch effect {
            case .redraw(let ids): damaged += ids
            case .redrawAll, .switchPage: whole = true
            case .hide: if !kiosk { window.hide() }
            case .type, .playClick: break
            case .redrawAccessory: bar = true
            case .accept(let word): onAccept?(word)
            case .format(let formatting): format(formatting)
            }
        }
        if firstPicture != nil, whole || bar || !damaged.isEmpty {
            // A kept first picture not yet checked is painted anew whole rather than in part.
            if firstPicture?.kept != nil { whole = true }
            settleFirstPicture(check: false)
        }
        if bar, !whole, let rect = painter.paintAccessory(of: keyboard, on: canvas) { present(rect) }
        if whole {
            painter.paintAll(keyboard, on: canvas)
            present(Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height))
        } else if !damaged.isEmpty, let rect = painter.paintKeys(damaged, of: keyboard, on: canvas) {
            present(rect)
        }
        // The click last: waking its thread sooner put a second busy thread beside the X
        // server and the focused client as the key reached them. The paint before it takes
        // ~0.07 ms; the click still starts within a millisecond of the press.
        if effects.contains(.playClick) { player?.play() }
    }

    /// Wraps the selected text of the focused window (PRIMARY, read onto Clavier's own
    /// window) in `formatting`'s delimiters by typing the wrapped text, which replaces a
    /// selection in most applications; with nothing selected, types the pair and puts the
    /// cursor between them with Left.
    private func format(_ formatting: Formatting) {
        let d = formatting.delimiter
        let selection = display.primarySelection(requestor: window.id).flatMap { $0.isEmpty ? nil : $0 }
        for sym in KeySym.sequence(typing: d + (selection ?? "") + d) { injector.type(sym, modifiers: []) }
        if selection == nil {
            for _ in d.unicodeScalars { injector.type(.left, modifiers: []) }
        }
    }

    private func present(_ rect: Rect) {
        letBackgroundGo()
        // Keys repaint over the corner; the grip goes back on top before anything is shown.
        // A kept picture has it already, and needs no Cairo to be put up.
        if framed, firstPicture?.kept == nil {
            let grip = gripInKeys
            if rect.x < grip.maxX && grip.x < rect.maxX && rect.y < grip.maxY && grip.y < rect.maxY {
                framePainter.paintResizeGrip(in: grip, on: canvas)
            }
        }
        window.present(pixels: canvas.data, stride: canvas.stride, size: canvas.size, area: rect,
                       origin: (0, framed ? handleCanvas.size.height : 0))
    }

    /// Where a floating keyboard's resize grip lies, in the keys' coordinates.
    private var gripInKeys: Rect {
        FloatFrame(size: Size(width: canvas.size.width, height: canvas.size.height + handleCanvas.size.height), scale: scale).gripInKeys
    }

    /// The keys' size in a window of `size`: all of it, or what the handle leaves.
    private static func keysSize(window size: Size, framed: Bool, scale: DisplayScale) -> Size {
        guard framed else { return size }
        let keys = FloatFrame(size: size, scale: scale).keysArea
        return Size(width: keys.width, height: keys.height)
    }

    /// A floating keyboard's frame takes presses on the handle and the grip for itself (a
    /// move or resize, never typing) and shifts everything else into the keys' coordinates;
    /// nil when the event is dealt with.
    private func routeFrame(_ event: WindowEvent) -> WindowEvent? {
        guard framed else { return event }
        let top = scale.pixels(FloatFrame.handleHeight)
        func keys(_ p: Point) -> Point { Point(x: p.x, y: p.y - Double(top)) }
        switch event {
        case .press(let point):
            let part = FloatFrame(size: Size(width: window.rect.width, height: window.rect.height), scale: scale).part(at: point)
            guard part != .keys else { return .press(keys(point)) }
            guard drag == nil else { return nil }
            if window.beginWindowManagerMoveResize(resize: part == .resizeGrip) {
                Log.debug("\(part == .resizeGrip ? "resize" : "move") handed to the window manager (_NET_WM_MOVERESIZE)")
            } else {
                drag = (part, window.pointerOnRoot(), window.rootRect())
            }
            return nil
        case .motion(let point):
            guard let drag else { return .motion(keys(point)) }
            let now = window.pointerOnRoot()
            let next = FloatFrame.dragged(drag.start, part: drag.part, dx: now.x - drag.pointer.x, dy: now.y - drag.pointer.y,
                                           scale: scale)
            window.place(.floating(next))
            return nil
        case .release(let point):
            guard drag != nil else { return .release(keys(point)) }
            drag = nil
            onFloatMoved?(window.rootRect())
            return nil
        case .expose(let rect):
            presentHandle(rect)
            return .expose(Rect(x: rect.x, y: rect.y - top, width: rect.width, height: rect.height))
        case .resized(let size):
            do {
                handleCanvas = try Canvas(size: Size(width: size.width, height: top))
            } catch {
                Log.error("\(error)")
                running = false
                return nil
            }
            framePainter.paintHandle(on: handleCanvas)
            presentHandle(Rect(x: 0, y: 0, width: size.width, height: top))
            return .resized(Self.keysSize(window: size, framed: true, scale: scale))
        case .screenChanged:
            // The window manager may have moved the window since we last heard: the
            // placement asked next must start from where it is, not where it was.
            onFloatMoved?(window.rootRect())
            return event
        default:
            return event
        }
    }

    /// Puts `rect` (window coordinates) of the handle strip on screen.
    private func presentHandle(_ rect: Rect) {
        letBackgroundGo()
        window.present(pixels: handleCanvas.data, stride: handleCanvas.stride, size: handleCanvas.size, area: rect)
    }
}
