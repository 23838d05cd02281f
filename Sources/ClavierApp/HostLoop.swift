import ClavierCore

/// What the world said, in the order it came (`HostLoop.events`): the app turns each into
/// the session's events (KeyboardApp+Loop.swift), the same for every host.
package enum HostEvent {
    /// The keyboard window's event.
    case window(WindowEvent)
    /// A deadline passed (the host did its own timed work first: keycodes given back, held
    /// presses whose pointer went, reported as `.window(.pointerLost)` before this).
    case deadline
    /// A signal to quit came (SIGINT, SIGTERM, SIGHUP).
    case signal(Int32)
    /// One of the descriptors the app watches (the control socket's) can be read.
    case readable(Int32)
    /// The focus watch (`--auto-show`) reported: the session's events for it.
    case focus([SessionEvent])
    /// The show button, the tray icon or a hardware key asks this of the keyboard.
    case request(SessionRequest)
    /// The clipboard's watch read this text, copied just now (the session decides whether
    /// to keep it); never logged.
    case copied(String)
    /// A key was pressed on a hardware keyboard (heard once a correction may be taken back,
    /// `HostFocus.hearKeysTypedElsewhere`).
    case typedElsewhere
    /// The keyboard is to end: the connection to the window system is gone, or the greeter
    /// that started a plug went away.
    case ended
}

/// The host's part that waits on its window system (its connection, the signals, its own
/// watches and the app's descriptors) and says what came; what the desktop around the window
/// gives: the show button, the focused field (asked), the click. `XHost` on an X server,
/// `WaylandHost` on a compositor, each over its one connection.
package protocol HostLoop: AnyObject {
    /// Waits until something comes, a descriptor of `watching` can be read, or `deadline`
    /// passes, and says what came, in order. `holding`: the pointers that hold a press now.
    func events(until deadline: ContinuousClock.Instant?, watching: [Int32], holding: Set<Int>) -> [HostEvent]
    /// After each turn of the loop: the show button follows whether the keyboard is `shown`,
    /// and what it asks meanwhile, if anything.
    func follow(shown: Bool) -> SessionRequest?
    /// The keyboard ends: keys given back, grabs let go, the floating place kept.
    func finish()
    /// The session's first effect that is more than the aids' marks was carried out (typed
    /// first): what only presses need is made now, once (the click's player, XI2 touches, the
    /// focus watch), so that the first picture waits for none of it. Called at every such effect.
    func pressesBegin()
    /// Asks the focus watch which field has the focus (`Effect.askField`); its answer comes
    /// as a focus report. Nothing without one.
    func askField()
    /// The key click (its player opened at the first press).
    func click()
}
