import CX11

/// Reads a window's property (`XGetWindowProperty`) on any Xlib connection: the keyboard's
/// own and the tests' (which check what the keyboard sets on its window).
public enum WindowProperty {
    /// The values of a format-32 property, at most `limit` of them (Xlib hands them over as C
    /// longs, whatever their width); nil when the window has no such property of `type`.
    public static func values(_ connection: OpaquePointer, _ window: Window, _ property: Atom,
                              type: Atom = Atom(AnyPropertyType), limit: Int = 16) -> [Int]? {
        read(connection, window, property, type: type, limit: limit) { format, data, count in
            guard format == 32, count > 0 else { return nil }
            return data.withMemoryRebound(to: Int.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
        }
    }

    /// The text of a format-8 property (UTF-8 assumed), at most `limit` 32-bit units of it
    /// (4 × `limit` bytes); nil when the window has none, empty when it is empty.
    public static func text(_ connection: OpaquePointer, _ window: Window, _ property: Atom, limit: Int = 1024) -> String? {
        read(connection, window, property, type: Atom(AnyPropertyType), limit: limit) { format, data, count in
            format == 8 ? String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self) : nil
        }
    }

    /// `XGetWindowProperty` of up to `limit` 32-bit units, and `decode` of what came back.
    private static func read<T>(_ connection: OpaquePointer, _ window: Window, _ property: Atom, type: Atom, limit: Int,
                                _ decode: (Int32, UnsafeMutablePointer<UInt8>, Int) -> T?) -> T? {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(connection, window, property, 0, limit, 0, type, &actualType, &format,
                                 &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        return decode(format, data, Int(count))
    }
}
