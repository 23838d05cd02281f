import ClavierCore
import ClavierLayouts
import ClavierX11

/// The layout on screen: switching it (rules, `clavier layout`), showing the keyboard again,
/// and following the live keymap.
extension KeyboardApp {
    /// A keyboard for `layout` that repeats at the server's rate and labels its XKB-named
    /// keys from the live keymap (asking for the injector only then).
    static func makeKeyboard(layout: Layout, page: Page.ID?, size: Size, display: Display, typist: Typist) -> Keyboard {
        var keyboard = Keyboard(layout: layout, page: page, size: size)
        if let rate = display.keyRepeat {
            keyboard.repeatDelay = rate.delay
            keyboard.repeatInterval = rate.interval
        } else {
            keyboard.repeatDelay = .seconds(1_000_000)  // The user turned auto-repeat off.
        }
        let names = keyboard.xkbKeyNames
        if !names.isEmpty { _ = keyboard.setLiveKeys(typist.injector.liveKeys(named: names)) }
        if keyboard.showsLocks { _ = keyboard.setLocks(typist.injector.locks) }
        return keyboard
    }

    /// Shows `layout` from its first page, letting go of anything held on the old one.
    func switchLayout(to layout: Layout) {
        apply(keyboard.handle(.cancelAll, at: clock.now))
        let old = keyboard
        keyboard = Self.makeKeyboard(layout: hooks.refreshLayout?(layout) ?? layout, page: nil, size: screen.keysSize,
                                     display: display, typist: typist)
        keyboard.continueTyping(from: old)
        keyboard.reshuffle(using: &shuffleSource)
        screen.settleFirstPicture(check: false, keyboard: keyboard)
        screen.paintAll(keyboard)
        screen.presentAll()
    }

    /// Shows the hidden keyboard, with a PIN pad's digits dealt anew and the frequently
    /// used page refilled.
    func showAgain() {
        // What is painted from here on must be what the Expose puts up.
        screen.letBackgroundGo()
        screen.settleFirstPicture(check: false, keyboard: keyboard)
        if let refresh = hooks.refreshLayout {
            let old = keyboard
            keyboard = Self.makeKeyboard(layout: refresh(keyboard.layout), page: keyboard.page.id,
                                         size: keyboard.geometry.size, display: display, typist: typist)
            keyboard.continueTyping(from: old)
            screen.paintAll(keyboard)
        }
        if keyboard.layout.hasShuffledKeys {
            keyboard.reshuffle(using: &shuffleSource)
            screen.paintAll(keyboard)
        }
        screen.window.show()
    }

    /// Relabels the XKB-named keys from the live keymap, group and locks, and shows the
    /// locks on the keys that toggle them.
    func followKeymap() {
        let names = keyboard.xkbKeyNames
        if !names.isEmpty { apply(keyboard.setLiveKeys(typist.injector.liveKeys(named: names))) }
        if keyboard.showsLocks { apply(keyboard.setLocks(typist.injector.locks)) }
    }

    /// Applies the first rule that matches the active window: its layout (else the base
    /// layout) and its show or hide.
    func followActiveWindow() {
        guard let (id, identity) = display.activeWindow(), id != screen.window.id else { return }
        forgetTyping()
        let decision = rules.decide(for: identity)
        if let wanted = decision.layout {
            do {
                switchLayout(to: try loadLayout(wanted))
                rules.showing(wanted)
            } catch {
                Log.error("rule for \(identity.windowClass): \(error)")
            }
        }
        switch decision.visibility {
        case .show?: if !screen.window.isMapped { showAgain() }
        case .hide? where !kiosk: if screen.window.isMapped { hide() }
        default: break
        }
    }
}

/// The control socket's requests, carried out on the running keyboard.
extension KeyboardApp: ControlledKeyboard {
    var isShown: Bool { screen.window.isMapped }
    /// Shows the keyboard by hand (`clavier show`, a second `clavier`): auto-show leaves it up
    /// until the focus changes next, even when it was up already and about to go.
    func show() {
        focus?.decisions.shownByHand()
        if !isShown { showAgain() }
    }
    /// Hides the window, ending every press first: a key held as the keyboard goes must not
    /// stay pressed, nor its preview up.
    func hide() {
        apply(keyboard.handle(.cancelAll, at: clock.now))
        forgetTyping(saving: true)
        screen.window.hide()
        previewer.hide()
    }
    func quit() { running = false }

    var statusLines: [String] {
        let r = screen.window.rect
        return ["layout: \(keyboard.layout.id)", "page: \(keyboard.page.id)", "geometry: \(r.width)x\(r.height)+\(r.x)+\(r.y)"]
            + aidStatusLines
    }

    /// Switches only to a layout that loads whole (the keyboard stays as it was otherwise),
    /// and never answers with a file's contents: a diagnostic may quote the file, which the
    /// asking process may not be allowed to read (`clavier layout` checks a file itself first).
    func switchLayout(to name: String) throws {
        let layout: Layout
        do {
            layout = try loadLayout(name)
        } catch .invalid(let diagnostics) {
            throw ControlFailure("'\(name)' is not a layout Clavier can show: \(diagnostics.count) problem"
                                 + (diagnostics.count == 1 ? "" : "s") + " (clavier check \(name))")
        }
        switchLayout(to: layout)
        rules.asked(for: name)
    }
}
