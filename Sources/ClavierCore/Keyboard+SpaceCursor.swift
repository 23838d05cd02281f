/// The space bar as a cursor, as phones have it: a press on space types its space at once, as
/// a tap always has; a hand's drag from there, once it has moved more than a tremble, takes
/// that space back (one BackSpace, as glide takes back its first letter) and types Left or
/// Right for every third of a key's width travelled sideways, back and forth as the finger
/// goes. Up and down count for nothing; the space bar stays pressed until the lift, which
/// types nothing. Typing on the press keeps a tap as quick as before, and keeps a space
/// rolled over into the next letter before it (typing on the release would put it after).
extension Keyboard {
    /// A press on the space bar followed as a possible cursor drag.
    struct SpaceCursor: Sendable {
        var pointer: Int
        var key: Key.ID
        /// Where the press began, in the keys' coordinates.
        var start: Point
        /// When it began: a space held until it repeated is typing spaces, never a cursor.
        var began: ContinuousClock.Instant
        /// How many spaces the press typed, which the drag takes back.
        var typed: Int
        /// Whether it became a cursor drag, and the steps typed so far (right positive).
        var moving = false
        var steps = 0
    }

    /// Whether `key` is the space bar: it types a space and nothing else.
    func isSpaceBar(_ key: Key) -> Bool {
        switch key.action {
        case .key(let sym): sym == .space
        case .text(let text): text == " "
        case .xkbKey(let name): liveSym(name) == .space
        default: false
        }
    }

    /// Starts following `pointer`'s press at `point` on `key`, which typed `typed`: only a
    /// hand's press (dwell and switch scanning press without dragging) on the space bar that
    /// typed plain spaces (a latched Ctrl's Ctrl+space is not a BackSpace's to take back).
    mutating func beginSpaceCursor(on key: Key, at point: Point, pointer: Int, typed: [Effect], now: ContinuousClock.Instant) {
        if spaceCursor?.pointer == pointer { spaceCursor = nil }
        guard pointer != DwellAid.pointer, pointer != ScanAid.pointer, isSpaceBar(key), !typed.isEmpty,
              typed.allSatisfy({ if case .type(.space, let modifiers) = $0 { modifiers.subtracting(.shift).isEmpty } else { false } })
        else { return }
        spaceCursor = SpaceCursor(pointer: pointer, key: key.id, start: point, began: now, typed: typed.count)
    }

    /// The space bar's share of a motion: nil when it is not a followed press's, or the press
    /// has not become a cursor drag (it goes on as any press: sliding off ends it).
    mutating func followSpaceCursor(to point: Point, pointer: Int) -> [Effect]? {
        guard var cursor = spaceCursor, cursor.pointer == pointer else { return nil }
        guard pressed[pointer] == cursor.key else {
            spaceCursor = nil  // Its press ended another way (a page turned, the keyboard hid).
            return nil
        }
        let steps = Int((3 * (point.x - cursor.start.x) / geometry.unitKeyWidth + 1e-9).rounded(.towardZero))
        if !cursor.moving {
            // A space held until it repeated is typing spaces (whether it repeated, not how long
            // ago it was pressed, as glide asks).
            if let r = repeating, r.pointer == pointer, r.next > cursor.began + repeatDelay {
                spaceCursor = nil
                return nil
            }
            guard steps != 0, movedOff(from: cursor.start, to: point, on: cursor.key) else { return nil }
            cursor.moving = true
            if repeating?.pointer == pointer { repeating = nil }
            if holding?.pointer == pointer { holding = nil }
        }
        var effects: [Effect] = []
        if cursor.typed > 0 {
            effects += [Effect](repeating: .type(.backSpace, modifiers: []), count: cursor.typed)
            cursor.typed = 0
        }
        let moved = steps - cursor.steps
        effects += [Effect](repeating: .type(moved > 0 ? .right : .left, modifiers: []), count: abs(moved))
        cursor.steps = steps
        spaceCursor = cursor
        if moved != 0 { caretMoves += 1 }
        return effects
    }

    /// The space bar's share of a release: the cursor drag ends and types nothing; nil when
    /// the release is not the end of one (a tap goes on as before).
    mutating func endSpaceCursor(pointer: Int) -> [Effect]? {
        guard let cursor = spaceCursor, cursor.pointer == pointer else { return nil }
        spaceCursor = nil
        guard cursor.moving else { return nil }
        guard let id = pressed.removeValue(forKey: pointer) else { return [] }
        return page.key(id: id) == nil ? [] : [.redraw([id])]
    }
}
