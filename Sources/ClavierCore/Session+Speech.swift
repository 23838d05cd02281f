/// A keyboard that speaks (issue 50, `--speech on`): each highlight of switch scanning is
/// said (`ScanPrompt`) as it moves, and the target dwell comes to rest on once as the pointer
/// reaches it, in the layout's language, as `Effect.speak`; the host's voice lets a new
/// prompt cut the one before short. Nothing is said with speech off.
extension Session {
    /// After every event: the prompt for the highlight when it moved or what it shows changed
    /// (the bar's words came); nothing while it stays, nor when scanning pauses or the keyboard hides.
    /// A voice that tells when a prompt ends (`Options.speechPaced`) holds the scan's clock
    /// until it has (`promptEnded`), `HighlightVoice.longestPrompt` at most: the highlight
    /// steps once its prompt was said, the interval being the least it stays.
    mutating func speakScan(at now: ContinuousClock.Instant) -> [Effect] {
        guard aids.voice != nil, let scan = aids.scan else { return [] }
        let position = visibility.shown ? scan.scanner.position : .paused
        let seen = picture
        let text = ScanPrompt.text(position, rows: scan.scanner.rows, on: seen)
        guard aids.voice?.moved(to: position, saying: text) == true, let text, !text.isEmpty else { return [] }
        aids.voice?.hold(from: now)
        return [.speak(text, language: spokenLanguage)]
    }

    /// `--speech-echo`: what `effects` typed, said: one key by its name ("h", "backspace"),
    /// more (a word of the bar) as the text; never in a private field. The highlight's prompt
    /// is said again after it (`followAids`), as the echo cut it short.
    mutating func echoTyped(_ effects: [Effect]) -> [Effect] {
        guard aids.voice?.echoes == true, !typing.fieldKeys.isPrivate else { return [] }
        let syms = effects.compactMap { effect -> KeySym? in if case .type(let sym, _) = effect { sym } else { nil } }
        guard let first = syms.first else { return [] }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: syms.compactMap(\.scalar))
        let text = syms.count == 1 ? SpokenName.of(first) : String(scalars).trimmingSpaces
        guard !text.isEmpty else { return [] }
        aids.voice?.forgetHighlight()
        return [.echo(text, language: spokenLanguage)]
    }

    /// The settings page turned speech on or off (`SessionEvent.voice`): the highlight is said
    /// from the next event on (it is news to a new voice), or nothing more is, and a scan
    /// held for a prompt goes on.
    mutating func followVoice(paced: Bool?) {
        aids.voice = paced.map { HighlightVoice(paced: $0, echoes: pane.sources?.settings[.speechEcho] ?? false) }
        keyboard.sentenceCells = sentenceCells
    }

    /// The cells the bar ends in, before the gear, for the sentence before the caret: Save and
    /// Speak while speech is on (a kiosk keeps no sentence: Speak alone); none with speech off,
    /// when the bar is as it ever was.
    var sentenceCells: [AccessoryCell] { Self.sentenceCells(speech: aids.voice != nil, kiosk: visibility.kiosk) }

    public static func sentenceCells(speech: Bool, kiosk: Bool) -> [AccessoryCell] {
        guard speech else { return [] }
        return kiosk ? [.speak] : [.savePhrase, .speak]
    }

    /// After every event: the key (or cell) the dwell pointer came to rest on, once, as it arrives.
    mutating func speakDwell(at now: ContinuousClock.Instant) -> [Effect] {
        guard aids.voice != nil, let dwell = aids.dwell else { return [] }
        let target = visibility.shown ? dwell.status(at: now).target : nil
        guard aids.voice?.rests(on: target) == true, let target else { return [] }
        let text = ScanPrompt.name(of: target, on: picture)
        return text.isEmpty ? [] : [.speak(text, language: spokenLanguage)]
    }

    /// The language the voice speaks: the one typed on the layout (its own `language:`, else
    /// the language its letters are for; `PredictionLanguage.of`).
    var spokenLanguage: String {
        PredictionLanguage.of(keyboard.layout, keymap: nil, letters: keyboard.glideLetters.map(\.letter))
    }
}

/// What the voice said last: for the scan, where the highlight was and what was said there;
/// for dwell, the target the pointer rested on.
public struct HighlightVoice: Hashable, Sendable {
    public private(set) var position: Scanner.Position?
    public private(set) var said: String?
    public private(set) var dwelt: PressTarget?
    /// Whether the voice tells when a prompt ends, so the scan's clock waits for it.
    public let paced: Bool
    /// Until when the scan's clock waits for the last prompt's end; nil: it does not wait.
    public private(set) var heldUntil: ContinuousClock.Instant?
    /// The longest a scan's clock waits for a prompt's end (a voice that never tells).
    public static let longestPrompt: Duration = .seconds(10)

    /// Whether what is typed is said too (`--speech-echo`).
    public let echoes: Bool

    public init(paced: Bool = false, echoes: Bool = false) { (self.paced, self.echoes) = (paced, echoes) }

    /// The highlight is to be said again, whether it moved or not.
    mutating func forgetHighlight() { (position, said) = (nil, nil) }

    mutating func hold(from now: ContinuousClock.Instant) { if paced { heldUntil = now + Self.longestPrompt } }
    mutating func release() { heldUntil = nil }

    /// Whether the highlight at `position`, saying `text`, is news: it moved, or shows other
    /// words (the bar's row after a word came); remembered either way.
    mutating func moved(to position: Scanner.Position, saying text: String?) -> Bool {
        defer { (self.position, said) = (position, text) }
        return position != self.position || text != said
    }

    /// Whether dwell's `target` is news (the pointer came to another); remembered either way.
    mutating func rests(on target: PressTarget?) -> Bool {
        defer { dwelt = target }
        return target != dwelt
    }
}

extension Setting<Bool> {
    /// On (with speech): each letter typed is said too.
    public static let speechEcho = onOff("speech-echo", default: false,
        help: "With --speech on, also say each key typed (a word taken from the bar whole), never in a password field: on or off (default).")

    /// On: switch scanning's highlight and dwell's key are spoken (speech-dispatcher, else espeak-ng).
    public static let speech = onOff("speech", default: false,
        help: "Speak each highlight of switch scanning (a row by its keys, a key by its name, a word of the bar) and the key dwell comes to rest on, through speech-dispatcher, else espeak-ng, in the layout's language: on or off (default).")
}

extension Setting<Int> {
    /// SSIP's `SET SELF RATE`, -100 (slowest) to 100; espeak-ng's words a minute from it (`Speaker`).
    public static let speechRate = speechLevel("speech-rate",
        help: "With --speech on, how fast the voice speaks: -100 (slowest) to 100 (fastest), 0 the voice's own (default: 0).")

    /// SSIP's `SET SELF VOLUME`, -100 (softest) to 100; espeak-ng's amplitude from it (`Speaker`).
    public static let speechVolume = speechLevel("speech-volume",
        help: "With --speech on, how loud the voice speaks: -100 (softest) to 100 (loudest), 0 the voice's own (default: 0).")

    /// A level of speech-dispatcher's, -100 to 100, 0 by default.
    static func speechLevel(_ name: String, help: String) -> Setting {
        Setting(name, .number, default: 0, help: help, valueName: "-100..100") { text in
            guard let n = Int(text) else { return .problem("must be a whole number, not '\(text)'") }
            return (-100...100).contains(n) ? .value(n) : .problem("\(n) is not between -100 and 100")
        }
    }
}
