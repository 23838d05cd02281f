import ClavierCore
import Foundation
import Glibc
import Testing
@testable import ClavierApp

/// Issue 18: a kept picture that is truncated, grown, crafted or not a plain file is
/// ignored, never read past its end and never waited on.
@Suite(.serialized) struct PictureCacheReaderTests {
    static let size = Size(width: 8, height: 4)
    static let key = "size 8x4\ntheme\nname=test\n"

    /// A cache in a fresh directory holding one picture, and the path of its file.
    final class Kept {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clavier-pictures-\(UUID().uuidString)").path
        let cache: PictureCache
        let path: String
        let bytes: [UInt8]

        init() throws {
            let cache = PictureCache(directory: directory)
            self.cache = cache
            var pixels = (0..<(size.width * size.height)).map { UInt32($0) * 0x010203 }
            try pixels.withUnsafeMutableBytes { raw in
                try cache.save(key, parts: [.init(pixels: UnsafeRawPointer(raw.baseAddress!), stride: size.width * 4, size: size)])
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            path = directory + "/" + (try #require(names.first { $0.hasSuffix(".picture") }))
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        func replace(with bytes: [UInt8]) throws {
            unlink(path)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }

        func load() -> PictureCache.Kept? { cache.load(key, sizes: [size]) }
    }

    static func maps(_ picture: PictureCache.Kept) -> Bool {
        guard picture.canvas(0) != nil else { return false }
        return true
    }

    @Test func aWholePictureIsFoundAndReadBack() throws {
        let kept = try Kept()
        let picture = try #require(kept.load())
        guard let canvas = picture.canvas(0) else {
            Issue.record("the kept picture cannot be mapped")
            return
        }
        #expect(canvas.pixel(x: 1, y: 0) & 0xFF_FFFF == 0x010203)
        #expect(kept.cache.load(Self.key, sizes: [Size(width: 4, height: 8)]) == nil)
        #expect(kept.cache.load(Self.key + "x", sizes: [Self.size]) == nil)
    }

    @Test func aTruncatedGrownOrCraftedFileIsIgnored() throws {
        let kept = try Kept()
        var crafted: [[UInt8]] = [Array(kept.bytes.dropLast()), kept.bytes + [0], [], Array(kept.bytes.prefix(10)),
                                  [UInt8](repeating: 0, count: kept.bytes.count)]
        var header = kept.bytes
        header[3] ^= 1
        crafted.append(header)
        for bytes in crafted {
            try kept.replace(with: bytes)
            #expect(kept.load() == nil, "a file of \(bytes.count) bytes was taken")
        }
    }

    @Test func aFileCutShortAfterLoadingIsNotMapped() throws {
        let kept = try Kept()
        let picture = try #require(kept.load())
        #expect(truncate(kept.path, off_t(kept.bytes.count - 4)) == 0)
        #expect(Self.maps(picture) == false)
    }

    @Test func aFIFOADirectoryOrASymbolicLinkIsIgnoredUnopened() throws {
        let kept = try Kept()
        let elsewhere = kept.directory + "/elsewhere"
        try Data(kept.bytes).write(to: URL(fileURLWithPath: elsewhere))
        unlink(kept.path)
        #expect(symlink(elsewhere, kept.path) == 0)
        #expect(kept.load() == nil)
        unlink(kept.path)
        #expect(mkfifo(kept.path, 0o600) == 0)
        #expect(kept.load() == nil)
        unlink(kept.path)
        #expect(mkdir(kept.path, 0o700) == 0)
        #expect(kept.load() == nil)
    }
}
