import ClavierCore
import ClavierRender
import Glibc
import Testing

/// Compares a canvas with a golden PNG beside these tests, or records it.
///
/// `CLAVIER_RECORD_GOLDENS=1` writes the golden and fails the test, so a recording run is
/// never mistaken for a passing one. On a mismatch the actual image and a diff (differing
/// pixels red over a faded copy) are written to a temporary folder named in the failure.
enum GoldenImage {
    /// Largest difference allowed in any one channel of a pixel, out of 255: room for a
    /// rounding change in pixman or FreeType, far below anything a person could see.
    static let channelTolerance = 2
    /// Pixels allowed beyond `channelTolerance` (a glyph edge rasterised a hair differently).
    static let maxDifferingPixels = 8

    static let goldensFolder: String = {
        let file = #filePath
        let folder = file[..<(file.lastIndex(of: "/") ?? file.endIndex)]
        return folder + "/Goldens"
    }()

    static var recording: Bool {
        guard let value = getenv("CLAVIER_RECORD_GOLDENS") else { return false }
        return String(cString: value) == "1"
    }

    static func check(_ canvas: borrowing Canvas, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let goldenPath = "\(goldensFolder)/\(name).png"
        if recording {
            try canvas.writePNG(to: goldenPath)
            Issue.record("recorded golden \(goldenPath); run again without CLAVIER_RECORD_GOLDENS to test",
                         sourceLocation: sourceLocation)
            return
        }
        guard access(goldenPath, R_OK) == 0 else {
            let actual = try writeActual(canvas, name: name)
            Issue.record("no golden \(goldenPath) (actual image: \(actual)); record it with CLAVIER_RECORD_GOLDENS=1",
                         sourceLocation: sourceLocation)
            return
        }
        let golden = try Canvas.readPNG(path: goldenPath)
        guard golden.size == canvas.size else {
            let actual = try writeActual(canvas, name: name)
            Issue.record("\(name): golden is \(golden.size.width)x\(golden.size.height), actual \(canvas.size.width)x\(canvas.size.height) (\(actual))",
                         sourceLocation: sourceLocation)
            return
        }
        let comparison = compare(canvas, golden)
        if comparison.differing > maxDifferingPixels {
            let actual = try writeActual(canvas, name: name)
            let diff = try writeDiff(canvas, golden, name: name)
            Issue.record("""
                \(name): \(comparison.differing) pixels differ by more than \(channelTolerance)/255 \
                (worst \(comparison.worst)/255, first at \(comparison.first.x),\(comparison.first.y)); \
                actual \(actual), diff \(diff), golden \(goldenPath)
                """, sourceLocation: sourceLocation)
        }
    }

    struct Comparison {
        var differing = 0
        var worst = 0
        var first = (x: -1, y: -1)
    }

    /// Per-pixel comparison of two canvases of the same size.
    static func compare(_ a: borrowing Canvas, _ b: borrowing Canvas, tolerance: Int = channelTolerance) -> Comparison {
        precondition(a.size == b.size, "comparing canvases of different sizes")
        var result = Comparison()
        let pa = a.data, pb = b.data, sa = a.stride, sb = b.stride
        for y in 0..<a.size.height {
            for x in 0..<a.size.width {
                let p = pa.load(fromByteOffset: y * sa + x * 4, as: UInt32.self)
                let q = pb.load(fromByteOffset: y * sb + x * 4, as: UInt32.self)
                guard (p ^ q) & 0xFF_FFFF != 0 else { continue }
                let d = channelDistance(p, q)
                if d > tolerance {
                    if result.differing == 0 { result.first = (x, y) }
                    result.differing += 1
                }
                result.worst = max(result.worst, d)
            }
        }
        return result
    }

    static func channelDistance(_ p: UInt32, _ q: UInt32) -> Int {
        var worst = 0
        for shift: UInt32 in [0, 8, 16] {
            let a = Int((p >> shift) & 0xFF), b = Int((q >> shift) & 0xFF)
            worst = max(worst, abs(a - b))
        }
        return worst
    }

    static let outputFolder: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let folder = base + "/clavier-render-tests"
        mkdir(folder, 0o755)
        return folder
    }()

    static func writeActual(_ canvas: borrowing Canvas, name: String) throws -> String {
        let path = "\(outputFolder)/\(name)-actual.png"
        try canvas.writePNG(to: path)
        return path
    }

    static func writeDiff(_ actual: borrowing Canvas, _ golden: borrowing Canvas, name: String, tolerance: Int = channelTolerance) throws -> String {
        let diff = try Canvas(size: actual.size)
        let out = diff.data
        for y in 0..<actual.size.height {
            for x in 0..<actual.size.width {
                let p = actual.pixel(x: x, y: y), q = golden.pixel(x: x, y: y)
                let value: UInt32
                if channelDistance(p, q) > tolerance {
                    value = 0xFF0000
                } else {
                    // A faded grey copy, so the red stands out but the keys stay recognisable.
                    let grey = (((p >> 16) & 0xFF) + ((p >> 8) & 0xFF) + (p & 0xFF)) / 3
                    let faded = 160 + grey * 95 / 255
                    value = faded << 16 | faded << 8 | faded
                }
                out.storeBytes(of: value, toByteOffset: y * diff.stride + x * 4, as: UInt32.self)
            }
        }
        diff.markDirty()
        let path = "\(outputFolder)/\(name)-diff.png"
        try diff.writePNG(to: path)
        return path
    }
}
