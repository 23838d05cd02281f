import CX11

/// Where windows stand in the X server's tree (`XQueryTree`).
public enum WindowTree {
    /// A window's children, bottom to top.
    public static func children(_ connection: OpaquePointer, of window: Window) -> [Window] {
        query(connection, window)?.children ?? []
    }

    /// A window's parent; nil for the root, or when the window is gone.
    public static func parent(_ connection: OpaquePointer, of window: Window) -> Window? {
        guard let (root, parent, _) = query(connection, window), window != root else { return nil }
        return parent
    }

    private static func query(_ connection: OpaquePointer, _ window: Window) -> (root: Window, parent: Window, children: [Window])? {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(connection, window, &root, &parent, &children, &count) != 0 else { return nil }
        defer { if let children { XFree(children) } }
        return (root, parent, children.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? [])
    }
}
