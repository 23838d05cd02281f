import CX11
import Glibc

extension Display {
    /// The PRIMARY selection's text (the text selected in any window), asked of its owner
    /// with `XConvertSelection` as UTF8_STRING onto `requestor`, one of Clavier's own
    /// windows; nil when nothing owns PRIMARY, the owner refuses, or it does not answer
    /// within `timeout`.
    public func primarySelection(requestor: Window, timeout: Duration = .milliseconds(300)) -> String? {
        // XA_PRIMARY is the predefined atom 1; the Xatom.h macro does not import.
        let primary: Atom = 1
        guard XGetSelectionOwner(raw, primary) != 0 else { return nil }
        let property = atom("CLAVIER_SELECTION")
        XConvertSelection(raw, primary, atom("UTF8_STRING"), property, requestor, UInt(CurrentTime))
        flush()
        let clock = ContinuousClock()
        let end = clock.now + timeout
        var event = XEvent()
        // SelectionNotify comes whatever the window's event mask; taking only that one off the
        // queue leaves every other event to the event loop.
        while XCheckTypedWindowEvent(raw, requestor, SelectionNotify, &event) == 0 {
            guard clock.now < end else { return nil }
            usleep(5_000)
            XSync(raw, 0)
        }
        guard event.xselection.property != 0 else { return nil }
        defer { XDeleteProperty(raw, requestor, property) }
        return WindowProperty.text(raw, requestor, property, limit: 1 << 18)
    }
}
