import CX11
import ClavierCore

extension KeyboardWindow {
    /// Adds `event`, where a motion replaces the same pointer's motion just before it when
    /// it moved only a few pixels from it (and from the point before that): a run of small
    /// moves collapses, while a glide's shape survives a busy moment (a word typed).
    private func append(_ event: WindowEvent, to events: inout [WindowEvent]) {
        if case .pointer(.motion(let to, let pointer)) = event, case .pointer(.motion(let at, let last)) = events.last,
           last == pointer, Self.near(at, to, 6), events.count < 2 || Self.place(events[events.count - 2]).map({ Self.near($0, to, 12) }) ?? true {
            events.removeLast()
        }
        if case .hover(.some) = event, case .hover(.some) = events.last { events.removeLast() }
        // The raw press just before a press on the window is that press's own (XI2 sends raw
        // events first).
        if case .pointer(.press) = event, events.last == .pressedElsewhere { events.removeLast() }
        if event == .pressedElsewhere, events.last == .pressedElsewhere { return }
        events.append(event)
    }

    private static func near(_ a: Point, _ b: Point, _ d: Double) -> Bool { abs(a.x - b.x) < d && abs(a.y - b.y) < d }

    /// Where a pointer event happened; nil for other events.
    private static func place(_ event: WindowEvent) -> Point? {
        switch event {
        case .pointer(.press(let p, _)), .pointer(.motion(let p, _)), .pointer(.release(let p, _)): p
        default: nil
        }
    }

    /// Reads every queued X event without blocking and turns those for this window into
    /// `WindowEvent`s; a key `switches` grabbed is its switch (`.switchPressed`), a mapping
    /// change's keycodes are kept on the display (`Display.takeKeymapChange`).
    public func pendingEvents(switches: SwitchGrab? = nil) -> [WindowEvent] {
        var events: [WindowEvent] = []
        var event = XEvent()
        var raise = false
        defer {
            if raise {
                XRaiseWindow(display.raw, id)
                display.flush()
            }
        }
        while XPending(display.raw) > 0 {
            XNextEvent(display.raw, &event)
            switch event.type {
            case ButtonPress where event.xbutton.button <= 3:
                events.append(.pointer(.press(Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)))))
            case ButtonRelease where event.xbutton.button <= 3:
                events.append(.pointer(.release(Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)))))
            case MotionNotify:
                let point = Point(x: Double(event.xmotion.x), y: Double(event.xmotion.y))
                let buttons = UInt32(Button1Mask | Button2Mask | Button3Mask)
                append(event.xmotion.state & buttons == 0 ? .hover(point) : .pointer(.motion(point)), to: &events)
            case EnterNotify:
                append(.hover(Point(x: Double(event.xcrossing.x), y: Double(event.xcrossing.y))), to: &events)
            case LeaveNotify where event.xcrossing.mode == NotifyGrab:
                events.append(.pointerLost(pointer: 0))
            case LeaveNotify where event.xcrossing.mode == NotifyNormal && watchesHover:
                events.append(.hover(nil))
            case KeyPress, KeyRelease:
                if let pressed = switches?.event(keycode: UInt8(truncatingIfNeeded: event.xkey.keycode), down: event.type == KeyPress) {
                    events.append(.switchPressed(pressed.switch, down: pressed.down))
                }
            case GenericEvent where event.xcookie.extension == touchOpcode:
                guard XGetEventData(display.raw, &event.xcookie) != 0 else { break }
                if let translated = XInput2.windowEvent(cookie: event.xcookie, hover: watchesHover) {
                    follow(translated, cookie: event.xcookie)
                    append(translated, to: &events)
                }
                XFreeEventData(display.raw, &event.xcookie)
            case Expose:
                let e = event.xexpose
                events.append(.expose(Rect(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height))))
            case MapNotify where event.xmap.window == id && event.xmap.serial >= visibilitySerial:
                events.append(.mapped)
            case UnmapNotify where event.xunmap.window == id && event.xunmap.serial >= visibilitySerial:
                events.append(.unmapped)
            case DestroyNotify where event.xdestroywindow.window == id:
                // Twice when the root's SubstructureNotify is selected too (a keyboard that
                // stays on top): one window, one making again.
                // A plug's window goes with its embedder (`--xid`): it is not made again.
                let gone: WindowEvent = isPlug ? .embedderGone : .destroyed
                if !events.contains(gone) { events.append(gone) }
            case ConfigureNotify where event.xconfigure.window != id, MapNotify where event.xmap.window != id:
                // Another top-level window appeared or moved in the stack (SubstructureNotify
                // on the root, selected only to stay on top): go back above it.
                raise = staysOnTop && isMapped
            case ConfigureNotify:
                let e = event.xconfigure
                let size = Size(width: Int(e.width), height: Int(e.height))
                let moved = Rect(x: Int(e.x), y: Int(e.y), width: size.width, height: size.height)
                if size != Size(width: rect.width, height: rect.height) { events.append(.resized(size)) }
                rect = moved
            case PropertyNotify where event.xproperty.window == display.root:
                if event.xproperty.atom == activeWindowAtom, !events.contains(.activeWindowChanged) {
                    events.append(.activeWindowChanged)
                } else if event.xproperty.atom == xkbNamesAtom, !events.contains(.layoutsNamed) {
                    events.append(.layoutsNamed)
                }
            case ReparentNotify where event.xreparent.window == id:
                if let gone = reparented(to: event.xreparent.parent) { events.append(gone) }
            case MappingNotify:
                XRefreshKeyboardMapping(&event.xmapping)
                if event.xmapping.request != MappingPointer {
                    display.keymapChanges.append((UInt8(truncatingIfNeeded: event.xmapping.first_keycode), Int(event.xmapping.count)))
                    events.append(.keymapChanged)
                }
            case ClientMessage where UInt(event.xclient.data.l.0) == deleteWindow:
                events.append(.close)
            case display.xkbEventBase:
                let kind = withUnsafePointer(to: &event) {
                    $0.withMemoryRebound(to: XkbAnyEvent.self, capacity: 1) { $0.pointee.xkb_type }
                }
                if kind == XkbStateNotify {
                    let state = withUnsafePointer(to: &event) {
                        $0.withMemoryRebound(to: XkbStateNotifyEvent.self, capacity: 1) { $0.pointee }
                    }
                    let changed = display.noteState(state)
                    if changed.group { events.append(.groupChanged) }
                    if changed.locks { events.append(.locksChanged) }
                }
                if kind == XkbNewKeyboardNotify {
                    display.keymapChanges.append((0, 0))
                    events.append(.keymapChanged)
                }
            case let type where display.randrEventBase.map({ type == $0 + RRScreenChangeNotify }) == true:
                // Xlib's idea of the screen size (DisplayWidth) changes only through this call.
                XRRUpdateConfiguration(&event)
                if !events.contains(.screenChanged) { events.append(.screenChanged) }
            case let type where display.randrEventBase.map({ type == $0 + RRNotify }) == true:
                if !events.contains(.screenChanged) { events.append(.screenChanged) }
            default:
                break
            }
        }
        return events
    }
}
