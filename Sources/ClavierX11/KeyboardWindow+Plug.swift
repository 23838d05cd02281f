import CX11
import ClavierCore

/// The keyboard as an XEmbed plug (`clavier --xid`): a greeter or a lock screen puts the
/// window inside a socket of its own (GtkSocket, lightdm-gtk-greeter's `keyboard=`). The
/// embedder, not we, maps, places and sizes it; we say whether we want to be shown with the
/// `XEMBED_MAPPED` flag of `_XEMBED_INFO` (XEmbed 0: version, then flags).
extension KeyboardWindow {
    /// `XEMBED_MAPPED`: the embedder maps the plug while it is set and unmaps it when cleared.
    static let embedMapped = 1

    /// Makes the new window a plug: `_XEMBED_INFO` with the flag cleared (shown by `show()`),
    /// and size hints that leave the size to the embedder: its socket asks for our minimum
    /// (GtkSocket reads `PMinSize`), so the minimum is a floating keyboard's, the base our size.
    func becomePlug() {
        setEmbedInfo(mapped: false)
        var hints = XSizeHints()
        hints.flags = PMinSize | PBaseSize
        hints.min_width = Int32(FloatFrame.minimumSize.width)
        hints.min_height = Int32(FloatFrame.minimumSize.height)
        hints.base_width = Int32(rect.width)
        hints.base_height = Int32(rect.height)
        XSetWMNormalHints(display.raw, id, &hints)
    }

    /// Asks the embedder to map (`mapped`) or unmap the plug (`_XEMBED_INFO`'s flags).
    func setEmbedInfo(mapped: Bool) {
        let atom = display.atom("_XEMBED_INFO")
        let values = [0, mapped ? Self.embedMapped : 0]
        values.withUnsafeBytes { bytes in
            _ = XChangeProperty(display.raw, id, atom, atom, 32, PropModeReplace,
                                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
        }
        display.flush()
    }

    /// What a `ReparentNotify` of the plug means: put into a socket (nil: nothing to report),
    /// or, once embedded, given back to the root window: the embedder has gone (GtkSocket
    /// puts its plug in its save-set, so the server reparents it to the root rather than
    /// destroying it), and a keyboard on the greeter's screen is not to linger there.
    func reparented(to parent: Window) -> WindowEvent? {
        guard isPlug else { return nil }
        if parent != display.root {
            embedded = true
            return nil
        }
        return embedded ? .embedderGone : nil
    }
}
