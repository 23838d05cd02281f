/// How a held key repeats: after `delay`, every `interval`.
public struct KeyRepeat: Hashable, Sendable {
    public var delay, interval: Duration

    public init(delay: Duration, interval: Duration) { (self.delay, self.interval) = (delay, interval) }

    /// X's default rate (660 ms, then 25 a second): when neither the settings nor the server say.
    public static let standard = Timing.keyRepeat
}
