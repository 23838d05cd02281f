/// What a press by an input aid lands on: a key, an accessory bar cell, or, while the
/// aid's own alternates popup is open, one alternate (or none: a spot off them); while the
/// settings page is open, one of its cells (SettingsPage+Aids.swift).
public enum PressTarget: Hashable, Sendable {
    case key(Key.ID)
    case cell(AccessoryCell)
    /// The alternate at this index of the open popup; nil: a spot on no alternate.
    case alternate(Int?)
    /// The part of the settings page's cell that does `action` (a stepped cell has two).
    case page(SettingsPage.Action, SettingsPage.Part)
}

extension Keyboard {
    /// Where a press on `target` goes: its centre (nil: not on the page, or no alternate).
    public func centre(of target: PressTarget) -> Point? {
        let rect: Rect? = switch target {
        case .key(let id): geometry.frame(id: id)?.rect
        case .cell(let cell): accessory?.rect(of: cell)
        case .alternate(let index): index.flatMap { i in popup.flatMap { $0.cells.indices.contains(i) ? $0.cells[i] : nil } }
        case .page: nil  // The page's own (`SettingsPage.centre(of:)`): the keys do not know it.
        }
        return rect.map { Point(x: $0.midX, y: $0.midY) }
    }

    /// What resting `pointer` at `point` would press, with `offered` words on the bar; nil where
    /// it would press nothing (the gaps between keys, an empty slot), or while another
    /// pointer's popup is open.
    public func dwellTarget(at point: Point, pointer: Int, offered: Int) -> PressTarget? {
        if let popup {
            guard popup.pointer == pointer else { return nil }
            return .alternate(popup.index(at: point))
        }
        if let bar = accessory, bar.rect.contains(point) {
            guard let cell = bar.cell(at: point) else { return nil }
            if case .completion(let i) = cell, i >= offered { return nil }
            return .cell(cell)
        }
        return geometry.key(at: point).map { .key($0.id) }
    }
}

/// Dwell's clock for one pointer: resting on one target for `delay` fires it, moving to
/// another starts again. A fired target is spent: resting on, however long, fires nothing
/// more, until the pointer leaves it or `rearm` starts the count again (the pointer moved
/// on the key and rests anew). Progress advances in `step`s, so the mark on the key is
/// repainted a few times per dwell, not every frame.
public struct DwellClock<Target: Hashable & Sendable>: Sendable {
    /// How long the pointer rests on a target before it is pressed.
    public let delay: Duration
    /// How often the progress shown grows (`Timing.dwellStep`).
    public let step: Duration
    /// What the pointer rests on now; nil: nothing (outside the window, a gap, a paused dwell).
    public private(set) var target: Target?
    private var since: ContinuousClock.Instant?

    public init(delay: Duration, step: Duration = Timing.dwellStep) {
        precondition(delay > .zero && step > .zero, "a dwell needs a positive delay and step")
        self.delay = delay
        self.step = step
    }

    /// The pointer is now on `target` (nil: on nothing); the count starts again only when
    /// the target changed, so a pointer trembling within one key keeps counting.
    public mutating func rest(on target: Target?, at now: ContinuousClock.Instant) {
        guard target != self.target else { return }
        self.target = target
        since = target == nil ? nil : now
    }

    /// Forgets the target: nothing counts until the pointer rests on one again.
    public mutating func stop() {
        target = nil
        since = nil
    }

    /// How far the count has come at `now`, 0 to 1, in whole steps (what is drawn).
    public func progress(at now: ContinuousClock.Instant) -> Double {
        guard let since else { return 0 }
        let elapsed = now - since
        guard elapsed < delay else { return 1 }
        let steps = (elapsed / step).rounded(.down)
        return min(1, steps * (step / delay))
    }

    /// When, after `now`, the progress next grows or the target fires; nil while nothing
    /// counts, so a pointer outside the window asks for no timer.
    public func deadline(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard let since else { return nil }
        let steps = max(0, Int(((now - since) / step).rounded(.down)) + 1)
        return min(since + delay, since + step * steps)
    }

    /// The target to press when its delay is over at `now` (it is then spent), else nil.
    public mutating func fire(at now: ContinuousClock.Instant) -> Target? {
        guard let since, let target, now - since >= delay else { return nil }
        self.since = nil
        return target
    }

    /// Whether the target was fired and not yet rearmed or left.
    public var isSpent: Bool { target != nil && since == nil }

    /// Counts the target as fired without firing it (what the pointer rests on changed under
    /// it, after a press: a page switch puts another key there).
    public mutating func spend() { since = nil }

    /// Starts the count again on a spent target, from `now`.
    public mutating func rearm(at now: ContinuousClock.Instant) {
        if isSpent { since = now }
    }
}
