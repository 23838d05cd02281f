import ClavierCore

/// `--auto-show` in the running keyboard: the focus watch the session's auto-show hears
/// from, started once the keyboard is up (loading libatspi, GLib and D-Bus before would delay
/// the first picture), or as the settings page turns auto-show on. Turned off, it is paused
/// rather than ended: one watch thread at most, however often auto-show is turned on and off.
package final class FocusFollower {
    package private(set) var watch: FocusWatch?
    private var started = false
    /// Auto-show is off (the settings page): the watch reports nothing and is not polled.
    package private(set) var paused = false
    /// The watch ended (no accessibility bus): it is never started again.
    package private(set) var ended = false
    /// The last report acted on.
    var last = FocusWatch.Report()

    package init() {}

    /// The watch's pipe, for the loop's poll; nil before it starts, while paused, after it ended.
    package var fd: Int32? { paused || ended ? nil : watch?.fd }

    /// Starts the watch the first time it is called (reading the text before the caret too
    /// when `followText`: suggestions are on); false when it cannot start (it said why).
    package func start(followText: Bool) -> Bool {
        guard !started else { return watch != nil && !ended }
        started = true
        watch = FocusWatch(followText: followText)
        return watch != nil
    }

    /// Auto-show turned off: the watch stops looking at the bus, its reports unread.
    package func pause() {
        guard !paused else { return }
        paused = true
        watch?.pause(true)
    }

    /// Auto-show turned on again: what the watch said while paused is dropped and it is asked
    /// which field has the focus now (its answer is the next report); false when it ended.
    package func resume() -> Bool {
        guard paused else { return !ended }
        paused = false
        watch?.pause(false)
        guard messages() != nil else { return false }
        if let watch { last = watch.take() }
        ask()
        return true
    }

    /// What the watch said since the loop last looked, as the session's events; nil when it
    /// ended (no accessibility bus: auto-show is off, and the session is told).
    package func messages() -> [SessionEvent]? {
        guard let watch, !ended else { return ended ? nil : [] }
        var events: [SessionEvent] = []
        for message in watch.messages() {
            switch message {
            case .ready:
                Log.debug("auto-show: listening for focus changes on the accessibility bus")
            case .noBus:
                Log.warning("auto-show is off: no accessibility bus (AT-SPI: a session bus and at-spi2-core's bus launcher)")
                ended = true
                return nil
            case .report:
                events += take()
            }
        }
        return events
    }

    /// Asks the watch which field has the focus (the keyboard is shown: `Effect.askField`).
    package func ask() {
        guard !paused, !ended else { return }
        watch?.ask()
    }

    /// The session's events for the latest report: a new focus, with its field's kind and
    /// text, goes to the field's keys and the suggestions and, when a change was heard on the
    /// bus, to auto-show (an answer to `ask` shows or hides nothing); only new text, to the
    /// suggestions. Only the last of the changes since the loop last looked matters.
    func take() -> [SessionEvent] {
        guard let report = watch?.take() else { return [] }
        defer { last = report }
        if report.focusSerial != last.focusSerial {
            let field = SessionEvent.field(report.kind, before: report.before, moved: true, multiLine: report.multiLine)
            let kind = "(\(report.kind))" + (report.multiLine ? ", multi-line" : "")
            guard report.heardSerial != last.heardSerial else {
                Log.debug("auto-show: \(report.focus) \(kind), as asked")
                return [field]
            }
            Log.debug("auto-show: \(report.focus) \(kind), \(report.heardSerial &- last.heardSerial) change(s)")
            return [field, .focus(report.focus)]
        }
        guard report.textSerial != last.textSerial else { return [] }
        return [.field(report.kind, before: report.before, moved: false)]
    }
}
