import ClavierCore
import ClavierLayouts

/// The clipboard strip's pinned texts on disk (`ClipboardPinsFile`), the same on every window
/// system: read at the start where there is a strip, kept as the session pins and unpins
/// (`Effect.keepPins`), removed at `clavier forget`. What is wrong is told by line and reason,
/// never with the text.
package enum ClipboardPins {
    /// The pinned texts, the latest pinned first; each problem of the file is a warning and
    /// the keyboard starts with the texts that were sound.
    package static func load() -> [String] {
        let (texts, warnings) = ClipboardPinsFile.standard().load()
        warnings.forEach(Log.warning)
        return texts
    }

    /// Keeps `texts` as the file (none: no file).
    static func keep(_ texts: [String]) {
        do {
            try ClipboardPinsFile.standard().keep(texts)
        } catch {
            Log.warning("the pinned clipboard texts were not kept: \(error)")
        }
    }
}
