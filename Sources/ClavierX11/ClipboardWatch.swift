import CX11
import ClavierCore

/// The clipboard strip's watch on X (issue 38): XFixes tells when the CLIPBOARD selection
/// changes owner (a copy), and the new owner is asked, onto a window of our own which is never
/// mapped (so it never takes the focus), first for its TARGETS, then for its text as
/// UTF8_STRING. A copy whose targets include `x-kde-passwordManagerHint` (what KeePassXC and
/// other password managers offer beside a copied password, KDE's mark for "keep no history of
/// this") is not asked for its text at all (issue 48). Nothing waits: each ask goes out when
/// the change or the answer before it is heard, the answers (`SelectionNotify`) come in the
/// same connection's events later, on the loop's poll (`SideEvent`). The text is handed on,
/// never logged nor kept here.
public final class ClipboardWatch {
    /// What an owner's answer came to.
    public enum Answer: Equatable, Sendable {
        /// The copy's text.
        case text(String)
        /// The copy is marked secret: its text was not asked for.
        case secret
        /// Nothing for the strip (yet): an answer on the way to the text, a refusal, an answer
        /// about an older copy, no UTF-8 or too large.
        case nothing
    }

    /// The target a password manager offers beside a secret copy (KDE's Klipper keeps no
    /// history of it); its presence is the mark: its one value in use is `secret`, and reading
    /// it would cost one more round trip to the owner for nothing.
    public static let secretHint = "x-kde-passwordManagerHint"
    /// The most targets read of an owner's TARGETS (office suites offer some 30).
    static let targetLimit = 512

    private let display: Display
    /// The window the owner writes its answers onto.
    public let window: Window
    /// XFixes' first event number on this connection (`SideEvent.pending` needs it).
    public let eventBase: Int32
    private let clipboard: Atom
    private let property: Atom
    private let utf8: Atom
    private let targets: Atom
    private let hint: Atom
    /// What was asked last of the newest copy's owner, and the time it took the selection; nil
    /// when nothing is waited for: an answer to anything else is about an older copy.
    private var asked: (target: Atom, time: Time)?

    /// Starts watching on `display` (the side connection); nil when the server has no XFixes.
    public init?(display: Display) {
        var base: Int32 = 0, errors: Int32 = 0
        let d = display.raw
        guard XFixesQueryExtension(d, &base, &errors) != 0 else { return nil }
        self.display = display
        eventBase = base
        clipboard = display.atom("CLIPBOARD")
        property = display.atom("CLAVIER_CLIPBOARD")
        utf8 = display.atom("UTF8_STRING")
        targets = display.atom("TARGETS")
        hint = display.atom(Self.secretHint)
        // InputOnly and never mapped: a requestor only, nothing the window manager sees.
        window = XCreateWindow(d, display.root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, 0, nil)
        XFixesSelectSelectionInput(d, window, clipboard, UInt(XFixesSetSelectionOwnerNotifyMask))
        display.flush()
    }

    deinit {
        XDestroyWindow(display.raw, window)
    }

    /// Whether `selection` (an XFixes event's) is the one watched.
    public func watches(_ selection: Atom) -> Bool { selection == clipboard }

    /// CLIPBOARD has a new owner (`owner` 0: none, nothing to read): ask it what it offers at
    /// `time`, the time it took the selection. A copy still being asked about is dropped.
    public func ownerChanged(to owner: Window, at time: Time) {
        asked = nil
        guard owner != 0, owner != window else { return }
        ask(targets, at: time)
    }

    private func ask(_ target: Atom, at time: Time) {
        asked = (target, time)
        XConvertSelection(display.raw, clipboard, target, property, window, time)
        display.flush()
    }

    /// The owner answered the ask for `target` made at `time` onto `property` (0: it refused).
    /// Its TARGETS: a secret copy goes no further, any other is asked for its text. Its text: the text, or nothing when
    /// there is none in UTF-8 or it is larger than the strip keeps (a few bytes past the limit
    /// are read, so `ClipboardHistory` refuses it); an answer in pieces (INCR) is not read.
    public func arrived(selection: Atom, target: Atom, property answered: Atom, time: Time) -> Answer {
        guard selection == clipboard, let asked, asked.target == target, asked.time == time else { return .nothing }
        self.asked = nil
        guard answered != 0 else {
            // An owner that lists no targets marks nothing: its text is asked for.
            if target == targets { ask(utf8, at: time) }
            return .nothing
        }
        if target == targets {
            let offered = WindowProperty.values(display.raw, window, answered, type: Atom(XA_ATOM), limit: Self.targetLimit) ?? []
            // Deleted before the next ask goes out, so it cannot take that answer away.
            XDeleteProperty(display.raw, window, answered)
            if offered.contains(where: { Atom(UInt(bitPattern: $0)) == hint }) { return .secret }
            ask(utf8, at: time)
            return .nothing
        }
        defer { XDeleteProperty(display.raw, window, answered) }
        return WindowProperty.text(display.raw, window, answered, limit: ClipboardHistory.largestText / 4 + 1).map(Answer.text) ?? .nothing
    }
}
