import ClavierCore
import ClavierRender
import Glibc
import Testing

struct CanvasTests {
    @Test func hasTheSizeAndStrideOfAnRGB24Surface() throws {
        let canvas = try Canvas(size: Size(width: 33, height: 7))
        #expect(canvas.size == Size(width: 33, height: 7))
        #expect(canvas.stride >= 33 * 4)
        #expect(canvas.pixel(x: 32, y: 6) == 0)
    }

    @Test func refusesASurfaceCairoCannotMake() {
        do {
            _ = try Canvas(size: Size(width: 40_000, height: 40_000))
            Issue.record("Cairo made a 40000x40000 surface")
        } catch {
            guard case .cannotCreateSurface(40_000, 40_000, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
    }

    @Test func roundTripsThroughPNG() throws {
        let canvas = try Canvas(size: Size(width: 4, height: 3))
        canvas.data.storeBytes(of: 0x00_12_34_56, toByteOffset: canvas.stride + 2 * 4, as: UInt32.self)
        canvas.markDirty()
        let path = "/tmp/clavier-canvas-\(getpid()).png"
        defer { unlink(path) }
        try canvas.writePNG(to: path)
        let read = try Canvas.readPNG(path: path)
        #expect(read.size == canvas.size)
        #expect(read.pixel(x: 2, y: 1) == 0x12_34_56)
        #expect(read.pixel(x: 0, y: 0) == 0)
    }

    @Test func namesTheFileItCannotReadOrWrite() throws {
        #expect(throws: RenderError.self) { _ = try Canvas.readPNG(path: "/nonexistent/golden.png") }
        do {
            _ = try Canvas.readPNG(path: "/nonexistent/golden.png")
        } catch {
            #expect(error.description.contains("/nonexistent/golden.png"))
        }
        let canvas = try Canvas(size: Size(width: 1, height: 1))
        do {
            try canvas.writePNG(to: "/nonexistent/out.png")
            Issue.record("writing into a missing folder succeeded")
        } catch {
            #expect(error.description.contains("/nonexistent/out.png"))
        }
    }
}
