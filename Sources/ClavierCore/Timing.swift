/// Every behaviour time of the keyboard, once, with its unit (each a `Duration`) and why it is
/// what it is. The parts that use one (`Keyboard`, `AutoShow`, `DwellClock`, …) read it here;
/// a setting that changes one (`--repeat-delay`, `--dwell`, `--scan`) overrides it through
/// `Session.Options`. Sizes in pixels are the geometry's (`FloatFrame`, `LayoutMetrics`).
public enum Timing {
    /// Two taps on a modifier closer than this lock it (Shift locked is caps lock): 400 ms,
    /// about a double click's.
    public static let doubleTap: Duration = .milliseconds(400)
    /// How long a key with alternates is held before they show: 500 ms, as the system keyboard.
    public static let longPress: Duration = .milliseconds(500)
    /// How a held key repeats when neither the settings nor the server say: X's default, after
    /// 660 ms, every 40 ms (25 a second).
    public static let keyRepeat = KeyRepeat(delay: .milliseconds(660), interval: .milliseconds(40))
    /// A BackSpace held this long deletes faster (Keyboard+Pointers.swift): after 1 s, past
    /// the repeat's delay and some ten characters at X's rate, the user is clearing more than
    /// a slip. Then each repeat deletes the word before the caret where the keyboard knows the
    /// text, but no more often than every 100 ms (ten words a second: at X's 40 ms a word a
    /// repeat is gone faster than the eye can follow and the finger lift, some four words too
    /// many); where it does not, one character at half the repeat's interval.
    public static let fasterBackSpace = (after: Duration.seconds(1), wordInterval: Duration.milliseconds(100))
    /// How often a dwell's progress on the key grows: 50 ms, eight repaints for a 400 ms dwell
    /// rather than one a frame.
    public static let dwellStep: Duration = .milliseconds(50)
    /// `--auto-show`: how long after the focus leaves a text field the keyboard goes, unless
    /// another field gets it first: 300 ms, as moving between fields by Tab or touch takes one
    /// or two focus events a few milliseconds apart.
    public static let autoShowHide: Duration = .milliseconds(300)
    /// How long after the keyboard typed the bus's text before the caret is not taken: 500 ms,
    /// as the application's report of the caret may predate the last keys typed.
    public static let adoptQuiet: Duration = .milliseconds(500)
    /// How long after a raw press elsewhere a press on the keyboard's window may still come and
    /// show it was the window's own: 100 ms (XI2 sends the raw event first, and the two may be
    /// read apart).
    public static let ownPressWait: Duration = .milliseconds(100)
    /// How long a glide's trail takes to fade after the lift (240 ms), and how often it is
    /// repainted meanwhile (40 ms: six frames).
    public static let glideTrail = (fade: Duration.milliseconds(240), frame: Duration.milliseconds(40))
    /// How long a borrowed keycode keeps its keysym after its last press: 250 ms. Clients look
    /// the keysym up when they *process* the event, not when it is sent: restoring at once made
    /// xterm receive nothing, ≥ 5 ms always worked; but a client busy with a burst of typing
    /// looks up later still (50 ms lost characters in xterm under a 1,000 character burst).
    /// 250 ms held in every run, and restores still come in batches.
    public static let keycodeRestore: Duration = .milliseconds(250)
    /// A borrowed keycode is never lent to another keysym sooner than this after its last
    /// press (250 ms), for the same reason; nor one given back for a dead owner, whose last
    /// press may still be waiting to be read.
    public static let keycodeReuse: Duration = .milliseconds(250)
    /// How long a start waits for the word predictor, so that the first picture has the
    /// first words (the bar's words before anything is typed): 100 ms. A release build makes
    /// the English one in under 5 ms, beside the window's making; a slower disk or build starts
    /// with the bar empty, filled when the predictor is made, as before this wait.
    public static let firstWords: Duration = .milliseconds(100)
    /// How long a Wayland keyboard that painted nothing keeps its wl_shm buffer (1.7 MB at
    /// 1280x330) before letting it go: through a burst of typing it is reused; idle, the
    /// keyboard holds its canvas only, as on X. The next frame makes one (~0.3 ms, after the key).
    public static let idleBuffers: Duration = .seconds(1)
    /// How often a `--xid` keyboard looks whether the greeter that started it still runs
    /// (its parent process): one that exits before embedding the plug leaves no socket whose
    /// going away would end it, and a login screen's keyboard must not live on into the session.
    public static let greeterCheck: Duration = .seconds(1)
}
