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
    private let injector: KeyInjector
    private let player: ClickPlayer?
    private let painter: KeyboardPainter
    private var keyboard: Keyboard
    private var canvas: Canvas
    private let loop: EventLoop
    private let clock = ContinuousClock()
    private var running = true
    /// Deals a PIN pad's digits each time the keyboard is shown.
    private var shuffleSource: any RandomNumberGenerator
    /// Told of each key pressed, before the reducer acts on it (counts emoji taps).
    var onPress: ((Key) -> Void)?
    /// Applied to the layout each time the keyboard is shown again (refills frequently used).
    var refreshLayout: ((Layout) -> Layout)?

    init(display: Display, placement: Placement, layout: Layout, page: Page.ID?, theme: Theme,
         player: ClickPlayer?, shuffleSource: any RandomNumberGenerator = SystemRandomNumberGenerator()) throws {
        self.display = display
        self.player = player
        window = try KeyboardWindow(display: display, placement: placement)
        let size = Size(width: window.rect.width, height: window.rect.height)
        injector = KeyInjector(display: display)
        keyboard = Self.makeKeyboard(layout: layout, page: page, size: size, display: display, injector: injector)
        self.shuffleSource = shuffleSource
        keyboard.reshuffle(using: &self.shuffleSource)
        painter = KeyboardPainter(theme: theme)
        canvas = try Canvas(size: size)
        painter.paintAll(keyboard, on: canvas)
        loop = EventLoop(display: display)
    }

    /// Shows the keyboard and handles events until quit; always leaves the keymap as found.
    func run() {
        window.show()
        defer {
            // The last borrowed keycode goes back only once clients have had time to read it.
            if let safe = injector.allRestorable {
                let wait = safe - clock.now
                if wait > .zero {
                    let (seconds, attos) = wait.components
                    var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attos / 1_000_000_000))
                    nanosleep(&pause, nil)
                }
            }
            injector.restoreAll()
        }
        while running {
            let deadlines = [injector.nextRestore, keyboard.nextDeadline].compactMap { $0 }
            switch loop.wait(until: deadlines.min()) {
            case .xEvents:
                for event in window.pendingEvents() { handle(event) }
            case .deadline:
                let now = clock.now
                apply(keyboard.handle(.tick, at: now))
                injector.restoreDue(now: now)
            case .signal(let number):
                if number == SIGUSR1 {
                    window.isMapped ? window.hide() : showAgain()
                } else {
                    Log.debug("signal \(number): quitting")
                    running = false
                }
            case .connectionLost:
                // Xlib's I/O error handler (ConnectionLoss) says so and restores the keymap
                // as soon as the defer below touches the dead connection.
                Log.debug("the X connection hung up")
                running = false
            }
        }
        apply(keyboard.handle(.cancelAll, at: clock.now))
    }

    /// A keyboard for `layout` that repeats at the server's rate and labels its XKB-named
    /// keys from the live keymap.
    private static func makeKeyboard(layout: Layout, page: Page.ID?, size: Size, display: Display,
                                     injector: KeyInjector) -> Keyboard {
        var keyboard = Keyboard(layout: layout, page: page, size: size)
        if let rate = display.keyRepeat {
            keyboard.repeatDelay = rate.delay
            keyboard.repeatInterval = rate.interval
        } else {
            keyboard.repeatDelay = .seconds(1_000_000)  // The user turned auto-repeat off.
        }
        let names = keyboard.xkbKeyNames
        if !names.isEmpty { _ = keyboard.setLiveKeys(injector.liveKeys(named: names)) }
        return keyboard
    }

    /// Shows the hidden keyboard, with a PIN pad's digits dealt anew.
    private func showAgain() {
        if let refreshLayout {
            keyboard = Self.makeKeyboard(layout: refreshLayout(keyboard.layout), page: keyboard.page.id,
                                         size: keyboard.geometry.size, display: display, injector: injector)
            painter.paintAll(keyboard, on: canvas)
        }
        if keyboard.layout.hasShuffledKeys {
            keyboard.reshuffle(using: &shuffleSource)
            painter.paintAll(keyboard, on: canvas)
        }
        window.show()
    }

    private func handle(_ event: WindowEvent) {
        switch event {
        case .press(let point):
            if let onPress, let key = keyboard.geometry.key(at: point) { onPress(key) }
            apply(keyboard.handle(.press(point), at: clock.now))
        case .release(let point):
            apply(keyboard.handle(.release(point), at: clock.now))
        case .motion(let point):
            apply(keyboard.handle(.motion(point), at: clock.now))
        case .expose(let rect):
            present(rect)
        case .resized(let size):
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
            running = false
        case .keymapChanged(let first, let count):
            injector.keymapChanged(first: first, count: count)
            followKeymap()
        case .groupChanged:
            followKeymap()
        }
    }

    /// Relabels the XKB-named keys from the live keymap and group.
    private func followKeymap() {
        let names = keyboard.xkbKeyNames
        guard !names.isEmpty else { return }
        apply(keyboard.setLiveKeys(injector.liveKeys(named: names)))
    }

    /// Carries out effects: typing first (it is what the user waits for), then the click,
    /// then painting only what changed.
    private func apply(_ effects: [Effect]) {
        for case .type(let sym, let modifiers) in effects {
            injector.type(sym, modifiers: modifiers)
        }
        if effects.contains(.playClick) { player?.play() }
        var damaged: [Key.ID] = []
        var whole = false
        for effect in effects {
            switch effect {
            case .redraw(let ids): damaged += ids
            case .redrawAll, .switchPage: whole = true
            case .hide: window.hide()
            case .type, .playClick: break
            }
        }
        if whole {
            painter.paintAll(keyboard, on: canvas)
            present(Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height))
        } else if !damaged.isEmpty, let rect = painter.paintKeys(damaged, of: keyboard, on: canvas) {
            present(rect)
        }
    }

    private func present(_ rect: Rect) {
        window.present(pixels: canvas.data, stride: canvas.stride, size: canvas.size, area: rect)
    }
}
