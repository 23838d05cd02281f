import ClavierCore
import ClavierLayouts
import Foundation
import Testing

struct FloatStateStoreTests {
    func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("float-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func savesPrivatelyAndReadsBack() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = FloatStateStore.standard(environment: ["XDG_STATE_HOME": dir, "HOME": "/nonexistent"])
        #expect(store.path == dir + "/clavier/float.yaml")
        #expect(store.load().0 == nil && store.load().warning == nil)
        let rect = Rect(x: -20, y: 340, width: 640, height: 230)
        try store.save(rect)
        #expect(store.load().0 == rect && store.load().warning == nil)
        try store.save(Rect(x: 5, y: 6, width: 300, height: 200))
        #expect(store.load().0 == Rect(x: 5, y: 6, width: 300, height: 200))
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // No temporary files are left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/clavier") == ["float.yaml"])
    }

    @Test(arguments: ["geometry: 640x\n", "{]", "geometry: 0x10+1+1\n", "size: 10x10+0+0\n",
                      "geometry: 10x10+0+0\ngeometry: 10x10+0+0\n", "\u{FF}\u{FE}"])
    func aCorruptFileGivesAWarningAndNoPlace(text: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = FloatStateStore(path: dir + "/float.yaml")
        try text.write(toFile: store.path, atomically: true, encoding: .utf8)
        let (rect, warning) = store.load()
        #expect(rect == nil)
        #expect(warning?.contains("corrupt") == true)
    }

    @Test func readsAHandWrittenFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = FloatStateStore(path: dir + "/float.yaml")
        try "---\n# mine\ngeometry: \"800x260+100+400\"\n\n".write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(store.load().0 == Rect(x: 100, y: 400, width: 800, height: 260))
    }
}
