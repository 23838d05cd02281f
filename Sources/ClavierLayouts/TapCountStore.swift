import ClavierCore
import ClavierJSON

/// Keeps `TapCounts` in `$XDG_STATE_HOME/clavier/taps.json` (a `StateStore`).
public struct TapCountStore: StateStore {
    public static let fileName = "taps.json"
    public static let fallback = "starting the frequently used emoji afresh"
    public let path: String

    public init(path: String) { self.path = path }

    struct File: Codable {
        var version: Int
        var taps: [Tap]
        struct Tap: Codable {
            var text: String
            var count: Int
            var last: UInt64
        }
    }

    public static func decode(_ bytes: [UInt8]) -> TapCounts? {
        guard let file = try? JSON.decode(File.self, from: bytes), file.version == 1,
              file.taps.allSatisfy({ $0.count > 0 }) else { return nil }
        var counts = TapCounts()
        for tap in file.taps { counts.entries[tap.text] = .init(count: tap.count, lastTap: tap.last) }
        return counts
    }

    public static func encode(_ counts: TapCounts) throws -> [UInt8] {
        let taps = counts.entries.sorted { $0.key < $1.key }
            .map { File.Tap(text: $0.key, count: $0.value.count, last: $0.value.lastTap) }
        return try JSON.encode(File(version: 1, taps: taps))
    }
}
