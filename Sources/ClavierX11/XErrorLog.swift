import CX11
import ClavierCore

/// Xlib's protocol errors (`XSetErrorHandler`). Xlib's own handler prints and exits the process
/// on any error; a window that vanished or a refused grab must not end the keyboard, so this
/// one hands each error to `report` (the executable's debug log) and carries on.
public enum XErrorLog {
    /// Receives one line per error; nil drops them (the bench, under which windows vanish).
    nonisolated(unsafe) public static var report: ((String) -> Void)?
    /// The error codes met while `trapping` runs; nil otherwise.
    nonisolated(unsafe) private static var trapped: [UInt8]?

    /// Runs `body`, syncs, and returns the error codes its requests met (BadAccess for a key
    /// another client has grabbed), which are then not reported.
    static func trapping(_ display: Display, _ body: () -> Void) -> [UInt8] {
        display.sync()
        trapped = []
        body()
        display.sync()
        defer { trapped = nil }
        return trapped ?? []
    }

    /// Installs the handler for every connection of the process.
    public static func install() {
        XSetErrorHandler { display, event in
            if XErrorLog.trapped != nil, let event {
                XErrorLog.trapped?.append(event.pointee.error_code)
                return 0
            }
            if let report = XErrorLog.report, let display, let event {
                report(XErrorLog.describe(event.pointee, on: display))
            }
            return 0
        }
    }

    /// One line for an error: what it is, the request that caused it and the resource named.
    /// Xlib's error database and error text make no request, so both are safe in the handler.
    static func describe(_ error: XErrorEvent, on display: OpaquePointer) -> String {
        var text = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(error.error_code), &text, Int32(text.count))
        // Core requests (major code below 128) have names there; an extension's are its own.
        var request = [CChar](repeating: 0, count: 128)
        XGetErrorDatabaseText(display, "XRequest", "\(error.request_code)", "", &request, Int32(request.count))
        let name = String(cBuffer: request)
        return "X error: \(String(cBuffer: text)) in request \(name.isEmpty ? "" : name + " ")"
            + "(\(error.request_code).\(error.minor_code)) on resource 0x\(String(error.resourceid, radix: 16))"
    }
}
