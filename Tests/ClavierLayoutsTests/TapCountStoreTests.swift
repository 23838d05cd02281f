import ClavierCore
import ClavierLayouts
import Foundation
import Testing

struct TapCountStoreTests {
    func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("taps-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func savesPrivatelyAndReadsBack() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = TapCountStore.standard(environment: ["XDG_STATE_HOME": dir, "HOME": "/nonexistent"])
        #expect(store.path == dir + "/clavier/taps.json")
        #expect(store.load().0 == TapCounts() && store.load().warning == nil)
        var counts = TapCounts()
        counts.record("🐶")
        counts.record("€")
        counts.record("🐶")
        try store.save(counts)
        #expect(store.load().0 == counts)
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // No temporary files are left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/clavier") == ["taps.json"])
    }

    @Test func aCorruptFileGivesOneWarningAndAFreshStart() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = TapCountStore(path: dir + "/taps.json")
        try "{\"version\": 1, \"taps\": [".write(toFile: store.path, atomically: true, encoding: .utf8)
        let (counts, warning) = store.load()
        #expect(counts == TapCounts())
        #expect(warning?.contains("corrupt") == true)
        var fresh = counts
        fresh.record("😀")
        try store.save(fresh)
        #expect(store.load().0 == fresh && store.load().warning == nil)
    }

    @Test func defaultsToLocalStateUnderHome() {
        #expect(TapCountStore.standard(environment: ["HOME": "/home/u"]).path == "/home/u/.local/state/clavier/taps.json")
    }
}
