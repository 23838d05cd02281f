import CWaylandHost

/// The clipboard strip's watch on Wayland (issue 38; CWaylandHost's clipboard.c):
/// wlr-data-control shows the seat's CLIPBOARD selection without the focus, and each new
/// copy's UTF-8 text comes through a non-blocking pipe the loop polls; a copy marked secret
/// (`x-kde-passwordManagerHint` among its types, issue 48) is never read.
extension WaylandConnection {
    /// Starts watching; false when the compositor offers no data-control.
    public func watchClipboard() -> Bool { clv_wl_clipboard_watch(raw) != 0 }

    /// The pipe a copy's text is coming through, for the loop's poll; nil when none is.
    public var clipboardFD: Int32? {
        let fd = clv_wl_clipboard_fd(raw)
        return fd < 0 ? nil : fd
    }

    /// How many copies marked secret were left unread since the last call (for the debug log).
    public func takeSecretCopies() -> Int { Int(clv_wl_clipboard_take_secrets(raw)) }

    /// Reads what came through the pipe: the text once it is whole, nil while more is to come
    /// or when it was dropped (larger than the strip keeps). Never logged.
    public func readClipboard() -> String? {
        var text: UnsafePointer<CChar>?
        var length = 0
        guard clv_wl_clipboard_read(raw, &text, &length) == 1, let text else { return nil }
        return text.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
