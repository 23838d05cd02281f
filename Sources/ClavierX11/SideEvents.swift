import CX11
import ClavierCore

/// The events of the side connection, the X connection of the windows beside the keyboard
/// that call it back (`ShowButtonWindow`, `TrayIcon`): pointer positions in root coordinates
/// (a dragged window moves under the pointer, so window coordinates would shift with it).
public enum SideEvent: Equatable, Sendable {
    case press(Window, Point), motion(Window, Point), release(Window, Point)
    /// Part of the window must be put on screen again (the last of a run of `Expose`s).
    case expose(Window)
    /// The window's size is now this (a tray sizes its icons).
    case resized(Window, Size)
    /// A window manager or a tray reparented the window.
    case reparented(Window, parent: Window)
    /// A window we watch went away (a tray's manager window).
    case destroyed(Window)
    /// A client message (a tray's `MANAGER` announcement on the root): its type and data.
    case message(Window, type: Atom, data: [Int])
    /// A key went down on the slave keyboard device `source` (an XI 2 raw event; `HardwareKeyWatch`).
    case rawKeyPress(source: Int32)
    /// Input devices came or went (XI 2 hierarchy change).
    case devicesChanged
    /// A selection got a new owner (XFixes; `ClipboardWatch`) at `time` (0 owner: none).
    case selectionOwner(selection: Atom, owner: Window, time: Time)
    /// A selection's owner answered the request for `target` made at `time` onto `property`
    /// of `window` (0: it refused).
    case selectionArrived(Window, selection: Atom, target: Atom, property: Atom, time: Time)

    /// Opens the side connection to `name` (nil: `$DISPLAY`).
    public static func connect(_ name: String?) throws(X11Error) -> Display { try Display(name: name) }

    /// Reads every queued event of `display` without blocking; XI 2 events when `xiOpcode` is
    /// given, XFixes' selection events when `xfixesBase` is.
    public static func pending(_ display: Display, xiOpcode: Int32? = nil, xfixesBase: Int32? = nil) -> [SideEvent] {
        var events: [SideEvent] = []
        var event = XEvent()
        while XPending(display.raw) > 0 {
            XNextEvent(display.raw, &event)
            let window = event.xany.window
            switch event.type {
            case ButtonPress where event.xbutton.button == 1:
                events.append(.press(window, Point(x: Double(event.xbutton.x_root), y: Double(event.xbutton.y_root))))
            case ButtonRelease where event.xbutton.button == 1:
                events.append(.release(window, Point(x: Double(event.xbutton.x_root), y: Double(event.xbutton.y_root))))
            case MotionNotify:
                let point = Point(x: Double(event.xmotion.x_root), y: Double(event.xmotion.y_root))
                if case .motion(window, _) = events.last { events.removeLast() }
                events.append(.motion(window, point))
            case Expose where event.xexpose.count == 0:
                events.append(.expose(window))
            case ConfigureNotify where event.xconfigure.window == event.xconfigure.event:
                events.append(.resized(event.xconfigure.window,
                                       Size(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))))
            case ReparentNotify where event.xreparent.window == event.xreparent.event:
                events.append(.reparented(event.xreparent.window, parent: event.xreparent.parent))
            case DestroyNotify where event.xdestroywindow.window == event.xdestroywindow.event:
                events.append(.destroyed(event.xdestroywindow.window))
            case GenericEvent where event.xcookie.extension == xiOpcode:
                guard XGetEventData(display.raw, &event.xcookie) != 0 else { break }
                if event.xcookie.evtype == XI_RawKeyPress {
                    // Only the source says which keyboard: the device is the master for some servers.
                    events.append(.rawKeyPress(source: event.xcookie.data.assumingMemoryBound(to: XIRawEvent.self).pointee.sourceid))
                } else if event.xcookie.evtype == XI_HierarchyChanged {
                    events.append(.devicesChanged)
                }
                XFreeEventData(display.raw, &event.xcookie)
            case SelectionNotify:
                let answer = event.xselection
                events.append(.selectionArrived(answer.requestor, selection: answer.selection, target: answer.target,
                                                property: answer.property, time: answer.time))
            case let type where xfixesBase.map { type == $0 + XFixesSelectionNotify } ?? false:
                let fixes = withUnsafePointer(to: &event) {
                    $0.withMemoryRebound(to: XFixesSelectionNotifyEvent.self, capacity: 1) { $0.pointee }
                }
                events.append(.selectionOwner(selection: fixes.selection, owner: fixes.owner, time: fixes.selection_timestamp))
            case ClientMessage where event.xclient.format == 32:
                let l = event.xclient.data.l
                events.append(.message(window, type: event.xclient.message_type, data: [l.0, l.1, l.2, l.3, l.4]))
            default:
                break
            }
        }
        return events
    }
}
