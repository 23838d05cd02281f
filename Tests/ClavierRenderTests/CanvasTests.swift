import ClavierBuiltins
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

    /// A canvas over a file's bytes (how a kept picture is read) shows them from the offset
    /// on, and drawing on it never writes the file.
    @Test func mapsAFileCopyOnWrite() throws {
        let path = "/tmp/clavier-canvas-map-\(getpid())"
        defer { unlink(path) }
        var bytes = [UInt8](repeating: 0xAB, count: 64)
        for i in 0..<(4 * 3) { bytes += [UInt8(i), 0x20, 0x10, 0] }
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(write(fd, bytes, bytes.count) == bytes.count)
        func maps(_ offset: Int, _ size: Size) -> Bool {
            guard Canvas(mapping: fd, offset: offset, size: size) != nil else { return false }
            return true
        }
        #expect(!maps(64, Size(width: 4, height: 4)), "a file too short was mapped")
        #expect(!maps(2, Size(width: 1, height: 1)), "an unaligned offset was taken")
        guard let canvas = Canvas(mapping: fd, offset: 64, size: Size(width: 4, height: 3)) else {
            Issue.record("the file was not mapped")
            return
        }
        #expect(canvas.pixel(x: 0, y: 0) == 0x10_20_00)
        #expect(canvas.pixel(x: 3, y: 2) == 0x10_20_0B)
        let painter = KeyboardPainter(theme: .system)
        painter.paintAll(Keyboard(layout: .us, size: Size(width: 4, height: 3)), on: canvas)
        #expect(canvas.pixel(x: 3, y: 2) != 0x10_20_0B, "the painter drew nothing")
        var after = [UInt8](repeating: 0, count: bytes.count)
        #expect(pread(fd, &after, after.count, 0) == bytes.count)
        #expect(after == bytes, "drawing on the canvas changed the file")
    }

    /// The first-picture check reads the kept file with `pread`: a canvas larger than one
    /// read, compared whole, with one byte changed, and cut short.
    @Test func comparesItsPixelsWithAFile() throws {
        let canvas = try Canvas(size: Size(width: 300, height: 90))
        KeyboardPainter(theme: .system).paintAll(Keyboard(layout: .us, size: canvas.size), on: canvas)
        let total = canvas.stride * canvas.size.height
        #expect(total > 64 * 1024)
        let path = "/tmp/clavier-canvas-compare-\(getpid())"
        defer { unlink(path) }
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        defer { close(fd) }
        let header = [UInt8](repeating: 7, count: 12)
        #expect(write(fd, header, header.count) == header.count)
        #expect(write(fd, canvas.data, total) == total)
        // #expect cannot take the noncopyable canvas itself.
        func matches(offset: Int) -> Bool { canvas.hasSamePixels(asFile: fd, offset: offset) }
        #expect(matches(offset: 12))
        #expect(!matches(offset: 8), "compared from the wrong place")
        var byte = [UInt8](repeating: 0, count: 1)
        #expect(pread(fd, &byte, 1, off_t(12 + total - 3)) == 1)
        byte[0] ^= 0x40
        #expect(pwrite(fd, byte, 1, off_t(12 + total - 3)) == 1)
        #expect(!matches(offset: 12), "a changed byte went unseen")
        byte[0] ^= 0x40
        #expect(pwrite(fd, byte, 1, off_t(12 + total - 3)) == 1)
        #expect(matches(offset: 12))
        #expect(ftruncate(fd, off_t(12 + total - 100)) == 0)
        #expect(!matches(offset: 12), "a short file compared equal")
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
