import ClavierApp
import ClavierCore
import ClavierWayland

/// The loop's Wayland side: one `poll` on the connection, the signals and the app's own
/// descriptors (`WaylandLoop`), and what the compositor said turned into `HostEvent`s.
extension WaylandHost {
    package func events(until deadline: ContinuousClock.Instant?, watching: [Int32], holding: Set<Int>) -> [HostEvent] {
        guard let loop else { return [.ended] }
        // What came during the last turn's requests (a surface made, a round trip) first.
        guard connection.dispatch(readable: false) else { return [.ended] }
        var events = pending + translate(connection.events())
        pending = []
        // A surface made again at another size: the session lays the keys out for it.
        if let size = screen.newSize {
            screen.newSize = nil
            events.append(.window(.resized(size)))
        }
        if !events.isEmpty { return events }
        // The first frame is out and nothing waits: the kept picture is checked (or a painted one kept).
        if let shown = screen.shown, screen.firstPicture != nil { screen.settleFirstPicture(check: true, picture: shown) }
        // Idle (`Timing.idleBuffers`), the screen holds the buffer on screen alone.
        if let idle = screen.idleAt, idle <= ContinuousClock.now { screen.rest() }
        let watched = watching + [suggester?.wakeFD, connection.clipboardFD].compactMap { $0 }
        let wakeToRest = screen.idleAt.map { idle in deadline.map { idle < $0 } ?? true } ?? false
        switch loop.wait(until: wakeToRest ? screen.idleAt : deadline, watching: watched) {
        case .wayland:
            events = translate(connection.events())
            if connection.takeSecretCopies() > 0 { Log.debug("clipboard: a copy marked secret, not read") }
        case .deadline:
            // The screen's own wake is no deadline of the app's.
            events = wakeToRest ? [] : [.deadline]
        case .signal(let number):
            events = [.signal(number)]
        case .readable(let fd) where fd == suggester?.wakeFD:
            // A predictor is made: the loop asks the bar again after this turn (`wordsChanged`).
            suggester?.heard()
        case .readable(let fd) where fd == connection.clipboardFD:
            // That a copy came is said, never what it holds.
            if let text = connection.readClipboard() {
                Log.debug("clipboard: a copy read")
                events = [.copied(text)]
            }
        case .readable(let fd):
            events = [.readable(fd)]
        case .connectionLost:
            Log.debug("the Wayland compositor hung up")
            events = [.ended]
        }
        return events
    }

    /// The compositor's events as the host's: input-method-v2's field changes as the focus
    /// watch's reports (auto-show, the field's keys, the text before the caret).
    func translate(_ events: [WaylandEvent]) -> [HostEvent] {
        events.compactMap { event -> HostEvent? in
            switch event {
            case .window(let window):
                if case .hover(let point) = window { hovered = point }
                return scanned(switches.take(window)) ?? .window(window)
            case .otherButton(let number, let down):
                return scanned(switches.otherButton(number, down: down)) ?? nil
            case .fieldActivated:
                return .focus([fieldReport(moved: true), .focus(.textField)])
            case .fieldChanged:
                return .focus([fieldReport(moved: false)])
            case .fieldDeactivated:
                return .focus([.field(.unknown, before: nil, moved: true), .focus(.textFieldLeft)])
            case .outputsChanged:
                return .window(.screenChanged)
            case .surfaceClosed:
                // Its output went: made again on another (the session asks for it).
                screen.takeDown(destroyed: true)
                return .window(.destroyed)
            case .buttonTapped:
                return .request(.show)
            case .inputMethodUnavailable:
                Log.warning("another input method holds the seat: the focused field is not followed")
                return .focus([.fieldWatchEnded])
            }
        }
    }

    package func finish() {
        connection.hideButton()
        connection.destroySurface()
        connection.roundtrip()
    }
}
