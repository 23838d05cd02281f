import ClavierCore
import ClavierLayouts
import ClavierTestSupport
import Foundation
import Testing

/// What every store of the user's state promises (`StateStore`), for each of the three.
struct StateStoreTests {
    @Test func tapCounts() throws {
        var counts = TapCounts()
        counts.record("🐶")
        counts.record("€")
        counts.record("🐶")
        var more = counts
        more.record("😀")
        try expectKept(TapCountStore.self, [counts, more], corrupt: "{\"version\": 1, \"taps\": [")
    }

    @Test func floatingPlace() throws {
        try expectKept(FloatStateStore.self, [Rect(x: -20, y: 340, width: 640, height: 230), Rect(x: 5, y: 6, width: 300, height: 200)],
                       corrupt: "geometry: banana\n")
    }

    @Test func withoutXDGStateHomeTheFilesAreUnderHome() {
        #expect(TapCountStore.standard(environment: ["HOME": "/home/u"]).path == "/home/u/.local/state/clavier/taps.json")
        #expect(FloatStateStore.standard(environment: ["HOME": "/home/u"]).path == "/home/u/.local/state/clavier/float.yaml")
    }

    /// In `$XDG_STATE_HOME/clavier`: nothing and no warning before the first save, each saved
    /// value back, the file private to the user with no temporary file left beside it; a file
    /// that makes no sense, or cannot be read, gives no value and one warning saying so.
    func expectKept<Store: StateStore>(_: Store.Type, _ values: [Store.Value], corrupt: String,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws where Store.Value: Equatable {
        let dir = TemporaryDirectory()
        let store = Store.standard(environment: ["XDG_STATE_HOME": dir.path, "HOME": "/nonexistent"])
        #expect(store.path == dir.file("clavier/" + Store.fileName), sourceLocation: sourceLocation)
        #expect(store.load().0 == nil && store.load().warning == nil, sourceLocation: sourceLocation)
        for value in values {
            try store.save(value)
            #expect(store.load().0 == value && store.load().warning == nil, sourceLocation: sourceLocation)
        }
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, sourceLocation: sourceLocation)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("clavier")) == [Store.fileName],
                sourceLocation: sourceLocation)

        try corrupt.write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(store.load().0 == nil, sourceLocation: sourceLocation)
        #expect(store.load().warning == "\(store.path) is corrupt; \(Store.fallback)", sourceLocation: sourceLocation)

        let unreadable = Store(path: dir.path)
        #expect(unreadable.load().0 == nil, sourceLocation: sourceLocation)
        #expect(unreadable.load().warning == "\(dir.path) is not readable; \(Store.fallback)", sourceLocation: sourceLocation)
    }
}
