import ClavierCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Keeps `TapCounts` in `$XDG_STATE_HOME/clavier/taps.json` (default
/// `~/.local/state/clavier`), private to the user (mode 0600) and replaced atomically.
public struct TapCountStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The store in the user's state directory.
    public static func standard(environment: [String: String]? = nil) -> TapCountStore {
        TapCountStore(path: StateFile.path("taps.json", environment: environment))
    }

    struct File: Codable {
        var version: Int
        var taps: [Tap]
        struct Tap: Codable {
            var text: String
            var count: Int
            var last: UInt64
        }
    }

    /// The counts on disk: empty when there is no file yet; empty plus a warning (for the
    /// caller to print once) when the file cannot be read or makes no sense.
    public func load() -> (TapCounts, warning: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { return (TapCounts(), "\(path) is not readable; starting afresh") }
            return (TapCounts(), nil)
        }
        guard let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1,
              file.taps.allSatisfy({ $0.count > 0 }) else {
            return (TapCounts(), "\(path) is corrupt; starting the frequently used emoji afresh")
        }
        var counts = TapCounts()
        for tap in file.taps { counts.entries[tap.text] = .init(count: tap.count, lastTap: tap.last) }
        return (counts, nil)
    }

    /// Writes `counts`: a private temporary file in the same directory, then `rename(2)`
    /// over the old one, so a crash leaves either the old counts or the new, never half.
    public func save(_ counts: TapCounts) throws {
        let taps = counts.entries.sorted { $0.key < $1.key }
            .map { File.Tap(text: $0.key, count: $0.value.count, last: $0.value.lastTap) }
        let data = try JSONEncoder().encode(File(version: 1, taps: taps))
        try StateFile.writeAtomically(data, to: path)
    }
}
