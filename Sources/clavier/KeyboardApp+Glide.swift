import ClavierCore
import ClavierGlide

/// Glide typing in the running keyboard: a glide's points, decoded on release, type a word.
extension KeyboardApp {
    /// Decodes a glide that ended and types its word. On the loop, at the lift: the trail has
    /// ended by then, and a decode takes milliseconds (`make bench`, glide's p95).
    func typeGlides(_ effects: [Effect]) {
        for case .glide(let points) in effects { typeGlide(points) }
    }

    private func typeGlide(_ points: [Point]) {
        guard let decoder = glideDecoders.decoder(for: keyboard) else { return }
        let words = decoder.decode(points.map { GlidePoint(x: $0.x, y: $0.y) }, context: [])
        Log.debug("glide: \(points.count) points, \(words.count) words")
        apply(keyboard.typeGlided(words.map(\.word)))
    }
}
