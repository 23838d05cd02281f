import ClavierCore
import ClavierLayouts

/// Counts taps on emoji and symbol keys and keeps the counts on disk after every tap, so
/// the frequently used page survives a crash or a kill.
package final class TapRecorder {
    private let store: TapCountStore
    package private(set) var counts: TapCounts
    private var warnedOnSave = false

    package init(store: TapCountStore) {
        self.store = store
        let (counts, warning) = store.load()
        if let warning { Log.warning(warning) }
        self.counts = counts ?? TapCounts()
    }

    /// Records a press on `key` when it is one whose taps are counted.
    func tapped(_ key: Key) {
        guard TapCounts.counts(key), case .text(let text) = key.action else { return }
        counts.record(text)
        do {
            try store.save(counts)
        } catch {
            if !warnedOnSave { Log.warning("cannot save tap counts to \(store.path): \(error)") }
            warnedOnSave = true
        }
    }
}
