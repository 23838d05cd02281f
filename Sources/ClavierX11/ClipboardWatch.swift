import CX11
import ClavierCore

/// The clipboard strip's watch on X (issue 38): XFixes tells when the CLIPBOARD selection
/// changes owner (a copy), and its text is then asked of the new owner as UTF8_STRING onto a
/// window of our own, which is never mapped (so it never takes the focus). Nothing waits: the
/// ask goes out when the change is heard, the answer (`SelectionNotify`) comes in the same
/// connection's events later, on the loop's poll (`SideEvent`). The text is handed on, never
/// logged nor kept here.
public final class ClipboardWatch {
    private let display: Display
    /// The window the owner writes the text onto.
    public let window: Window
    /// XFixes' first event number on this connection (`SideEvent.pending` needs it).
    public let eventBase: Int32
    private let clipboard: Atom
    private let property: Atom
    private let utf8: Atom

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

    /// CLIPBOARD has a new owner (`owner` 0: none, nothing to read): ask it for its text at
    /// `time`, the time it took the selection.
    public func ownerChanged(to owner: Window, at time: Time) {
        guard owner != 0, owner != window else { return }
        XConvertSelection(display.raw, clipboard, utf8, property, window, time)
        display.flush()
    }

    /// The owner answered onto `property` (0: it refused): the text, or nil when there is none
    /// in UTF-8 or it is larger than the strip keeps (a few bytes past the limit are read, so
    /// `ClipboardHistory` refuses it); an answer in pieces (INCR) is not read.
    public func arrived(selection: Atom, property answered: Atom) -> String? {
        guard selection == clipboard, answered != 0 else { return nil }
        defer { XDeleteProperty(display.raw, window, answered) }
        return WindowProperty.text(display.raw, window, answered, limit: ClipboardHistory.largestText / 4 + 1)
    }
}
