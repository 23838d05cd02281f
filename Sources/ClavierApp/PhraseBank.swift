import ClavierCore
import ClavierLayouts

/// The phrase bank's file for the running keyboard (`PhrasesFile`), the same on every window
/// system: read at the start, each line it cannot use a warning (`file:line: what is wrong`,
/// never the line), and a line appended by the Save key (`Effect.keepPhrase`). Nothing of a
/// phrase is logged.
package enum PhraseBank {
    package static func load() -> Phrases {
        guard let file = PhrasesFile.standard() else { return Phrases() }
        let (phrases, warnings) = file.load()
        warnings.forEach(Log.warning)
        return phrases
    }

    /// Appends `phrase`; a failure is one warning (the phrase stays offered until the keyboard ends).
    static func keep(_ phrase: String) {
        guard let file = PhrasesFile.standard() else { return Log.warning("no home directory: the phrase is not kept") }
        do {
            try file.append(phrase)
        } catch {
            Log.warning("the phrase was not kept: \(error)")
        }
    }
}
