import ClavierCore

/// The keyboard's two channels to assistive technology, beside its window: the voice
/// (`Speaker`: `--speech on`, or the settings page's Speech) and the keys served as AT-SPI
/// objects (`AccessibleKeys`, issue 50). The app's loop watches their descriptors, wakes at their
/// deadline, hands them what is readable, what shows after each paint and what is to be said,
/// and takes back the session's events they make: a client's press, a prompt's end, the voice
/// turned on or off.
final class AssistiveChannels {
    /// The voice; nil: nothing is spoken.
    private var speaker: Speaker?
    /// Whether the keys are served (from `start`, once the first picture is up), and their server.
    private let servesKeys: Bool
    private var accessible: AccessibleKeys?

    init(speaker: Speaker?, accessibleKeys: Bool) {
        self.speaker = speaker
        servesKeys = accessibleKeys
    }

    /// The keys' AT-SPI objects, on a thread of their own.
    func start() {
        if servesKeys { accessible = AccessibleKeys() }
    }

    var descriptors: [Int32] { (speaker?.descriptors ?? []) + (accessible?.descriptors ?? []) }

    /// When what the speech socket could not take at once is tried again (`Speaker.retryAt`).
    func nextDeadline(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? { speaker?.retryAt(now) }

    func speak(_ text: String, language: String, whole: Bool = false) {
        speaker?.speak(text, language: language, whole: whole)
    }

    /// Reads `fd` when it is one of theirs (false: another's). A client's press is a tap at its
    /// target's centre in what shows at that moment (`session`), as scanning's is, handed to
    /// `send`; what shows is published again when the server asks (it just registered).
    func serve(_ fd: Int32, on screen: any HostScreen, session: () -> Session, send: (SessionEvent) -> Void) -> Bool {
        if speaker?.serve(fd) == true { return true }
        guard let (pressed, publish) = accessible?.serve(fd) else { return false }
        for target in pressed {
            guard let centre = session().picture.centre(of: target) else { continue }
            send(.input(.press(centre, pointer: AccessibleKeys.pointer)))
            send(.input(.release(centre, pointer: AccessibleKeys.pointer)))
        }
        if publish { follow(session(), on: screen) }
        return true
    }

    /// After each paint: what shows, to an accessibility client, if any may look.
    func follow(_ session: Session, on screen: any HostScreen) {
        guard let accessible else { return }
        let window = screen.windowRect
        // Where the keys start in the window: below a floating keyboard's handle.
        let middle = Point(x: Double(window.width) / 2, y: Double(window.height) / 2)
        let inKeys = screen.keysPoint(middle) ?? middle
        let keys = Rect(x: window.x + Int(middle.x - inKeys.x), y: window.y + Int(middle.y - inKeys.y),
                        width: window.width, height: window.height - Int(middle.y - inKeys.y))
        accessible.follow(session.picture, keys: keys, shown: session.shown)
    }

    /// After each turn of the loop: what the speech socket could not take at once is sent; the
    /// prompt's end heard, or the daemon gone, the session hears `.spoken` (the scan's clock goes on).
    func afterTurn() -> SessionEvent? {
        speaker?.flush()
        return speaker?.takeEnded() == true ? .spoken : nil
    }

    /// Speech turned on or off on the settings page: the voice is made (at the rate and volume
    /// of the settings) or let go, and the session is to hear whether it tells when a prompt ends.
    func followSpeech(_ settings: Settings) -> SessionEvent? {
        guard settings[.speech] != (speaker != nil) else { return nil }
        if settings[.speech] {
            speaker = Speaker(rate: settings[.speechRate], volume: settings[.speechVolume])
        } else {
            speaker?.finish()
            speaker = nil
        }
        return .voice(paced: speaker.map(\.tellsEnds))
    }

    /// The keyboard quits: the voice stops.
    func finish() { speaker?.finish() }
}
