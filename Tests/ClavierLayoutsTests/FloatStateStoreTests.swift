import ClavierCore
import ClavierLayouts
import Testing

/// float.yaml: a YAML mapping with one field, `geometry: WxH+X+Y`, read as the layouts are.
struct FloatStateStoreTests {
    @Test(arguments: ["geometry: 640x\n", "{]", "geometry: 0x10+1+1\n", "size: 10x10+0+0\n",
                      "geometry: 10x10+0+0\ngeometry: 10x10+0+0\n", "geometry: [10x10+0+0]\n", "", "\u{FF}\u{FE}"])
    func aFileThatIsNotOnePlaceHasNone(text: String) {
        #expect(FloatStateStore.decode(Array(text.utf8)) == nil)
    }

    @Test func aFileThatIsNotUTF8HasNone() {
        #expect(FloatStateStore.decode([0xFF, 0xFE, 0x67]) == nil)
    }

    @Test func readsAHandWrittenFile() {
        let text = "---\n# mine\ngeometry: \"800x260+100+400\"\n\n"
        #expect(FloatStateStore.decode(Array(text.utf8)) == Rect(x: 100, y: 400, width: 800, height: 260))
        #expect(FloatStateStore.decode(Array("geometry: 300x200+-5+-10".utf8)) == Rect(x: -5, y: -10, width: 300, height: 200))
    }

    @Test func writesWhatItReads() throws {
        let rect = Rect(x: -20, y: 340, width: 640, height: 230)
        let bytes = try FloatStateStore.encode(rect)
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("\ngeometry: 640x230+-20+340\n"))
        #expect(FloatStateStore.decode(bytes) == rect)
    }
}
