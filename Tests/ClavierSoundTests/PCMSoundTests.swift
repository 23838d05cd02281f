import ClavierSound
import ClavierTestSupport
import Testing

/// A RIFF/WAVE file built by hand: a "fmt " chunk, optional extra chunks, then "data".
private func wav(format: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 48_000, bits: UInt16 = 16,
                 extraChunks: [(String, [UInt8])] = [], data: [UInt8]) -> [UInt8] {
    func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
    func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
        Array(id.utf8) + le32(UInt32(body.count)) + body + (body.count % 2 == 1 ? [0] : [])
    }
    let blockAlign = channels * bits / 8
    let fmt = le16(format) + le16(channels) + le32(rate) + le32(rate * UInt32(blockAlign)) + le16(blockAlign) + le16(bits)
    let body = Array("WAVE".utf8) + chunk("fmt ", fmt) + extraChunks.flatMap { chunk($0.0, $0.1) } + chunk("data", data)
    return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
}

@Suite struct PCMSoundTests {
    @Test func loadsTheShippedClick() throws {
        let click = try PCMSound.loadWAV(path: clickPath)
        // What tools/make-click.py writes: 28 ms of mono 48 kHz.
        #expect(click.sampleRate == 48_000)
        #expect(click.channels == 1)
        #expect(click.frameCount == 1_344)
        #expect(click.duration == .milliseconds(28))
        let peak = click.samples.map { abs(Int($0)) }.max()!
        #expect((16_000...16_500).contains(peak), "peak should be about -6 dBFS (16 422)")
        #expect(abs(click.samples.reduce(0) { $0 + Int($1) }) < click.frameCount, "no DC offset")
        #expect(click.samples.first == 0 && click.samples.last == 0)
    }

    @Test func walksPastOtherChunksAndPadding() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("stereo.wav")
        let samples: [Int16] = [0, -1, 32_767, -32_768, 258, -258]
        writeBytes(wav(channels: 2, rate: 44_100, extraChunks: [("LIST", Array("odd".utf8)), ("fact", [1, 0, 0, 0])],
                       data: littleEndianBytes(samples)), to: path)
        let sound = try PCMSound.loadWAV(path: path)
        #expect(sound == PCMSound(samples: samples, sampleRate: 44_100, channels: 2))
    }

    @Test(arguments: MalformedWAV.all)
    func rejectsMalformedFiles(_ file: MalformedWAV) {
        let directory = TemporaryDirectory()
        let path = directory.file(file.name)
        writeBytes(file.bytes, to: path)
        let error = #expect(throws: SoundError.self) { try PCMSound.loadWAV(path: path) }
        guard case let .invalidWAV(errorPath, reason) = error else {
            Issue.record("expected invalidWAV, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(reason.contains(file.reason), "\(reason)")
        #expect(error!.description.contains(path))
    }

    @Test func reportsAMissingFile() {
        let error = #expect(throws: SoundError.self) { try PCMSound.loadWAV(path: "/nonexistent/click.wav") }
        #expect(error == .unreadableFile(path: "/nonexistent/click.wav", reason: "No such file or directory"))
    }

    @Test func reportsADirectory() {
        let error = #expect(throws: SoundError.self) { try PCMSound.loadWAV(path: "/tmp") }
        #expect(error == .unreadableFile(path: "/tmp", reason: "Is a directory"))
    }
}

/// A broken file, the name it is written under and a phrase its error must contain.
struct MalformedWAV: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let reason: String

    var testDescription: String { name }

    static let all: [MalformedWAV] = {
        let click = readBytes(clickPath)!
        return [
            MalformedWAV(name: "truncated.wav", bytes: Array(click.prefix(click.count / 2)), reason: "truncated"),
            MalformedWAV(name: "text.wav", bytes: Array("hello, not a sound\n".utf8), reason: "RIFF"),
            MalformedWAV(name: "short.wav", bytes: Array("RIFF".utf8), reason: "too short"),
            MalformedWAV(name: "8bit.wav", bytes: wav(bits: 8, data: [128, 130, 126, 128]), reason: "8-bit"),
            MalformedWAV(name: "float.wav", bytes: wav(format: 3, bits: 32, data: [0, 0, 0, 0]), reason: "format code 3"),
            MalformedWAV(name: "nodata.wav", bytes: Array(wav(data: []).dropLast(8)), reason: "no \"data\""),
            MalformedWAV(name: "odd.wav", bytes: wav(channels: 2, data: [1, 2, 3, 4, 5, 6]), reason: "whole number"),
        ]
    }()
}
