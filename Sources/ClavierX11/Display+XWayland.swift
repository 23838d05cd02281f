import CX11

extension Display {
    /// Whether the server is XWayland: it has the XWAYLAND extension (Xwayland 23.1 on), or its
    /// RandR outputs are XWayland's (`XWAYLAND0` …, as Debian 12's 22.1 names them). X windows
    /// then reach only other XWayland windows through XTest, and GNOME's native ones need
    /// mutter's RemoteDesktop (`RemoteDesktopTypist`).
    public var isXWayland: Bool {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        if XQueryExtension(raw, "XWAYLAND", &opcode, &event, &error) != 0 { return true }
        return monitors().contains { $0.name.hasPrefix("XWAYLAND") }
    }
}
