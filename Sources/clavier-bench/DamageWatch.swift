import CX11
import Glibc

/// The X DAMAGE extension, loaded with dlopen so that only the bench needs libXdamage:
/// the server reports every drawing into a window (and its children) as it happens, so a
/// first paint is timed without polling the window's pixels — polling a 1920×486 window
/// kept the server busy and lagged the paint by 3–9 ms.
final class DamageWatch {
    /// The DamageNotify event's type on this connection.
    let notifyType: Int32
    private let create: @convention(c) (OpaquePointer?, UInt, Int32) -> UInt

    init?(display: OpaquePointer) {
        guard let library = dlopen("libXdamage.so.1", RTLD_NOW | RTLD_LOCAL),
              let query = dlsym(library, "XDamageQueryExtension"),
              let create = dlsym(library, "XDamageCreate") else { return nil }
        typealias Query = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard unsafeBitCast(query, to: Query.self)(display, &eventBase, &errorBase) != 0 else { return nil }
        notifyType = eventBase  // XDamageNotify is event 0 of the extension
        self.create = unsafeBitCast(create, to: (@convention(c) (OpaquePointer?, UInt, Int32) -> UInt).self)
    }

    /// Reports every drawing operation into `window` (`XDamageCreate`, XDamageReportRawRectangles);
    /// the server drops the Damage when the window goes.
    func watch(_ window: Window, on display: OpaquePointer) {
        _ = create(display, window, 0)
    }
}
