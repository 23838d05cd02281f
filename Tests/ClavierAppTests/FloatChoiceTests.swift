import ClavierBuiltins
import ClavierCore
import ClavierLayouts
import Glibc
import Testing
@testable import ClavierApp

/// Where a floating keyboard goes, the one rule of both hosts (FloatChoice): `--geometry` first,
/// then where it was left, sized by its keys when a key size is asked for.
@Suite struct FloatChoiceTests {
    static let monitor = FloatChoice.Monitor(rect: Rect(x: 0, y: 0, width: 1920, height: 1080), millimetres: Size(width: 510, height: 287))

    static func store() -> FloatStateStore {
        var template = Array("/tmp/clavier-float-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return FloatStateStore(path: String(cString: made!) + "/float.yaml")
    }

    static func rect(_ layer: SettingsLayer, store: FloatStateStore, monitor: FloatChoice.Monitor = monitor) -> Rect? {
        FloatChoice.rect(Settings(commandLine: layer), layout: .us, rows: 5, screen: Size(width: 1920, height: 1080),
                         monitor: monitor, scale: DisplayScale(factor: 1), store: store)
    }

    @Test func theGeometryGoesFirstThenWhereItWasLeft() {
        let store = Self.store()
        #expect(Self.rect(SettingsLayer(), store: store) == nil, "nothing kept: the default place")
        #expect(FloatChoice.remember(Rect(x: 100, y: 200, width: 800, height: 300), in: store))
        #expect(Self.rect(SettingsLayer(), store: store) == Rect(x: 100, y: 200, width: 800, height: 300))
        var geometry = SettingsLayer()
        geometry[.geometry] = "600x250+10+20"
        #expect(Self.rect(geometry, store: store) == Rect(x: 10, y: 20, width: 600, height: 250))
    }

    @Test func aKeySizeSizesItWhereItWasLeft() throws {
        let store = Self.store()
        FloatChoice.remember(Rect(x: 100, y: 200, width: 800, height: 300), in: store)
        var small = SettingsLayer(), large = SettingsLayer()
        small[.keySize] = 12
        large[.keySize] = 20
        let a = try #require(Self.rect(small, store: store)), b = try #require(Self.rect(large, store: store))
        #expect(a.x == 100 && a.y == 200 && b.x == 100 && b.y == 200)
        #expect(a.width < b.width && a.height < b.height, "\(a) \(b)")
        // A monitor of unknown size: the key size cannot be kept, the place is.
        let unknown = FloatChoice.Monitor(rect: Self.monitor.rect, millimetres: Size(width: 0, height: 0))
        #expect(Self.rect(large, store: store, monitor: unknown) == Rect(x: 100, y: 200, width: 800, height: 300))
    }
}
