/// Glide typing's share of the keys: the drag being followed over the letters, the trail of
/// the glide that ended fading out, and what that glide asks of its word once it is decoded.
/// Held by the keyboard (`Keyboard.glideDrag`); what glides typed is the session's (`GlideContext`).
public struct GlideDrag: Sendable {
    /// A press on a letter key followed as a possible glide.
    public struct Trace: Sendable {
        public var pointer: Int
        /// The key the drag began on.
        public var key: Key.ID
        /// Where the pointer went, in the keys' coordinates, from the press on.
        public var points: [Point]
        /// Whether it left its first key for another letter: then it is a glide, not a tap.
        public var gliding = false
        /// When it began: a key held past the repeat delay has repeated, and never glides.
        var began: ContinuousClock.Instant
        /// How many characters the press typed (a letter types as it is pressed, as it always
        /// has): a glide takes them back before its word.
        var typed: Int
        /// Whether a word glided from here gets a space before it, and Shift as it stood (both
        /// before the press typed, which lets a latched Shift go).
        var spaceBefore: Bool
        var shift: ModifierLatch
    }
    /// The drag followed now, if any (one at a time).
    public internal(set) var trace: Trace?
    /// The trail of the glide that ended, fading out: its points, when it ended, and when it
    /// is next repainted fainter.
    var fading: (points: [Point], ended: ContinuousClock.Instant, next: ContinuousClock.Instant)?

    /// The trail to paint at `now`: the glide's points and how opaque it is (1 while it is
    /// drawn, less and less for `Timing.glideTrail.fade` after the lift); nil when there is none.
    public func trail(at now: ContinuousClock.Instant) -> (points: [Point], opacity: Double)? {
        if let trace, trace.gliding { return (trace.points, 1) }
        guard let fading else { return nil }
        let left = 1 - (now - fading.ended) / Timing.glideTrail.fade
        return left > 0 ? (fading.points, min(left, 1)) : nil
    }

    /// What the glide that just ended asks of its word: characters to take back, and a space before.
    var pending: (erase: Int, space: Bool, shift: ModifierLatch)?
}
