import ClavierTestSupport
import Foundation
import Testing

@Suite(.serialized, .needsDisplay) struct WindowTests {
    /// The window's pixels, read back from the X server, equal what `clavier render` paints.
    @Test(arguments: [(false, "letters"), (true, "numbers")])
    func screenMatchesRender(windowManager: Bool, page: String) throws {
        let session = try KeyboardSession(windowManager: windowManager,
                                          clavierArguments: ["--no-sound", "--page", page])
        let differing = try #require(try session.pixelsDifferingFromRender(page: page), "could not read the window's pixels")
        #expect(differing == 0, "\(differing) pixels differ between the screen and clavier render")
    }

    /// A press repaints the key as pressed while the pointer is down (only that key changes).
    @Test func aHeldKeyIsDrawnPressed() throws {
        // Without suggestions, which the typed g would change.
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--suggestions", "0"])
        let server = session.server
        let before = try #require(server.pixels(of: session.keyboardWindow))
        let g = try session.press("g", pause: 0)
        var during = before
        Harness.waitFor(5) {
            during = server.pixels(of: session.keyboardWindow) ?? before
            return during.data != before.data
        }
        server.button(down: false, pause: 0)
        var changedOutside = 0, changedInside = 0
        for y in 0..<before.height {
            for x in 0..<before.width where before.data[y * before.width + x] != during.data[y * before.width + x] {
                let inside = x >= g.x - 4 && x < g.x + g.width + 4 && y >= g.y - 4 && y < g.y + g.height + 4
                if inside { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedInside > g.width * g.height / 2, "the pressed key did not change")
        #expect(changedOutside == 0, "pixels outside the pressed key changed")
        #expect(Harness.waitFor(5) { server.pixels(of: session.keyboardWindow)?.data == before.data },
                "the key did not come back after the release")
    }

    /// One press writes the click to an ALSA file device.
    @Test func aPressWritesTheClick() throws {
        let directory = TemporaryDirectory()
        let raw = directory.file("click.raw")
        let session = try KeyboardSession(windowManager: false,
                                          clavierArguments: ["--sound-device", "file:'\(raw)',raw"])
        let wav = try Data(contentsOf: Harness.packageRoot.appendingPathComponent("Assets/sounds/click.wav"))
        let samples = try #require(Self.dataChunk(of: wav))
        let sizeBefore = Self.size(of: raw)
        try session.tap(["a"])
        let written = Harness.waitFor(5) { Self.size(of: raw) >= sizeBefore + samples.count }
        #expect(written, "the click did not reach the ALSA device; clavier said: \(session.errors)")
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        #expect(data.range(of: samples) != nil, "the device did not receive the click's samples")
    }

    /// `--volume 50`: the device receives the click's samples at half their size, the same shape.
    @Test func aHalfVolumeClickIsTheClickHalved() throws {
        let directory = TemporaryDirectory()
        let raw = directory.file("click.raw")
        let session = try KeyboardSession(windowManager: false,
                                          clavierArguments: ["--sound-device", "file:'\(raw)',raw", "--volume", "50"])
        let wav = try Data(contentsOf: Harness.packageRoot.appendingPathComponent("Assets/sounds/click.wav"))
        let full = try #require(Self.dataChunk(of: wav))
        let halved = Data(stride(from: 0, to: full.count - 1, by: 2).flatMap { i -> [UInt8] in
            let sample = Int16(bitPattern: UInt16(full[full.startIndex + i]) | UInt16(full[full.startIndex + i + 1]) << 8)
            let half = UInt16(bitPattern: Int16(truncatingIfNeeded: Int32(sample) * 50 / 100))
            return [UInt8(half & 0xFF), UInt8(half >> 8)]
        })
        try session.tap(["a"])
        #expect(Harness.waitFor(5) { Self.size(of: raw) >= halved.count }, "no click; clavier said: \(session.errors)")
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        #expect(data.range(of: halved) != nil, "the device did not receive the click at half volume")
        #expect(data.range(of: full) == nil, "the device received the click at full volume")
    }

    static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// The bytes of a RIFF/WAVE file's `data` chunk.
    static func dataChunk(of wav: Data) -> Data? {
        var offset = 12
        let bytes = [UInt8](wav)
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if id == "data" { return Data(bytes[offset + 8..<min(offset + 8 + size, bytes.count)]) }
            offset += 8 + size + (size & 1)
        }
        return nil
    }
}
