/// A seeded pseudo-random source (SplitMix64), so tests and `clavier geometry --seed` can
/// reproduce a PIN pad's shuffle; real use takes `SystemRandomNumberGenerator`.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Array {
    /// Fisher–Yates, spelled out rather than `shuffle(using:)` because the standard library
    /// does not promise its algorithm: a seed must give the same pad on every toolchain.
    /// `Int.random(in:using:)` draws without modulo bias, so every order is equally likely.
    mutating func fisherYatesShuffle<G: RandomNumberGenerator>(using generator: inout G) {
        guard count > 1 else { return }
        for i in stride(from: count - 1, to: 0, by: -1) {
            let j = Int.random(in: 0...i, using: &generator)
            if i != j { swapAt(i, j) }
        }
    }
}

extension Layout {
    /// Whether any key of the layout has `shuffles` set.
    public var hasShuffledKeys: Bool { pages.contains { $0.keys.contains { $0.shuffles } } }

    /// The layout with each page's `shuffles` keys dealt to their places in a new random
    /// order; every other key, and every place's width, stays put.
    public func shuffled<G: RandomNumberGenerator>(using generator: inout G) -> Layout {
        var copy = self
        for p in copy.pages.indices {
            var places: [(row: Int, key: Int)] = []
            for (r, row) in copy.pages[p].rows.enumerated() {
                for (k, key) in row.keys.enumerated() where key.shuffles { places.append((r, k)) }
            }
            var keys = places.map { copy.pages[p].rows[$0.row].keys[$0.key] }
            keys.fisherYatesShuffle(using: &generator)
            for (place, key) in zip(places, keys) {
                var moved = key
                moved.width = copy.pages[p].rows[place.row].keys[place.key].width
                copy.pages[p].rows[place.row].keys[place.key] = moved
            }
        }
        return copy
    }
}

extension Keyboard {
    /// Deals the layout's shuffled keys anew (each time a PIN pad is shown), keeping the
    /// page and window size; a layout without such keys is left as it is.
    public mutating func reshuffle<G: RandomNumberGenerator>(using generator: inout G) {
        guard layout.hasShuffledKeys else { return }
        let opens = opensSettings
        self = Keyboard(layout: layout.shuffled(using: &generator), page: page.id, size: geometry.size)
        opensSettings = opens
    }
}
