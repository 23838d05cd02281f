import Glibc

/// Interleaved signed 16-bit PCM held in memory, in the layout `snd_pcm_writei` takes.
public struct PCMSound: Equatable, Sendable {
    /// Interleaved samples, `channels` per frame, in native byte order.
    public let samples: [Int16]
    /// Frames per second, in hertz.
    public let sampleRate: Int
    /// Samples per frame: 1 is mono, 2 is stereo.
    public let channels: Int

    /// Wraps samples already in memory; `samples.count` must be a whole number of frames.
    public init(samples: [Int16], sampleRate: Int, channels: Int) {
        precondition(sampleRate > 0, "sample rate must be positive, got \(sampleRate)")
        precondition(channels > 0, "channel count must be positive, got \(channels)")
        precondition(samples.count % channels == 0,
                     "\(samples.count) samples is not a whole number of \(channels)-channel frames")
        self.samples = samples
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// The same sound at `percent` of its loudness (100: itself).
    public func scaled(percent: Int) -> PCMSound {
        guard percent < 100 else { return self }
        let factor = Int32(max(0, percent))
        return PCMSound(samples: samples.map { Int16(truncatingIfNeeded: Int32($0) * factor / 100) },
                        sampleRate: sampleRate, channels: channels)
    }

    /// Number of frames (samples per channel).
    public var frameCount: Int { samples.count / channels }

    /// How long the sound plays at `sampleRate`.
    public var duration: Duration { .microseconds(frameCount * 1_000_000 / sampleRate) }

    /// Reads a RIFF/WAVE file of 16-bit PCM (`fopen`/`fread`), walking its chunks and rejecting anything else.
    public static func loadWAV(path: String) throws(SoundError) -> PCMSound {
        try WAVParser(bytes: readFile(path), path: path).parse()
    }

    private static func readFile(_ path: String) throws(SoundError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = fread(&block, 1, block.count, file)
            bytes += block[..<count]
            if count < block.count {
                // A directory opens fine and only fails here, with EISDIR.
                if ferror(file) != 0 {
                    throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
                }
                return bytes
            }
        }
    }
}

/// The RIFF/WAVE chunk walk behind `PCMSound.loadWAV`: "RIFF" size "WAVE", then (id, size, data) chunks.
private struct WAVParser {
    let bytes: [UInt8]
    let path: String

    private static let formatPCM: UInt16 = 0x0001
    private static let formatExtensible: UInt16 = 0xFFFE
    /// KSDATAFORMAT_SUBTYPE_PCM: the sub-format GUID of an extensible file holding integer PCM.
    private static let subtypePCM: [UInt8] = [0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00,
                                              0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]

    private struct Format {
        var channels: Int
        var sampleRate: Int
    }

    func parse() throws(SoundError) -> PCMSound {
        guard bytes.count >= 12 else {
            throw invalid("\(bytes.count) bytes is too short for a RIFF header (12 bytes)")
        }
        guard tag(at: 0) == "RIFF" else { throw invalid("it does not start with \"RIFF\"") }
        guard tag(at: 8) == "WAVE" else { throw invalid("the RIFF form is not \"WAVE\"") }
        // Writers that stream (or crash) leave the RIFF size wrong, so trust the file's
        // length when it is shorter and let the chunk walk report what is missing.
        let end = min(bytes.count, 8 + Int(uint32(at: 4)))

        var format: Format?
        var offset = 12
        while offset + 8 <= end {
            let id = tag(at: offset)
            let size = Int(uint32(at: offset + 4))
            let body = offset + 8
            guard size <= end - body else {
                throw invalid("truncated: the \"\(id)\" chunk declares \(size) bytes but only \(end - body) follow")
            }
            switch id {
            case "fmt ":
                format = try parseFormat(at: body, size: size)
            case "data":
                guard let format else { throw invalid("the \"data\" chunk comes before any \"fmt \" chunk") }
                return try samples(at: body, size: size, format: format)
            default:
                break  // LIST, fact, cue … carry nothing a click needs.
            }
            offset = body + size + (size & 1)  // Chunks are padded to an even length.
        }
        throw invalid(format == nil ? "no \"fmt \" chunk" : "no \"data\" chunk")
    }

    private func parseFormat(at offset: Int, size: Int) throws(SoundError) -> Format {
        guard size >= 16 else { throw invalid("the \"fmt \" chunk is \(size) bytes, less than 16") }
        let code = uint16(at: offset)
        let channels = Int(uint16(at: offset + 2))
        let sampleRate = Int(uint32(at: offset + 4))
        let blockAlign = Int(uint16(at: offset + 12))
        let bits = Int(uint16(at: offset + 14))
        switch code {
        case Self.formatPCM:
            break
        case Self.formatExtensible:
            guard size >= 40, Array(bytes[(offset + 24)..<(offset + 40)]) == Self.subtypePCM else {
                throw invalid("its extensible format is not integer PCM")
            }
        default:
            throw invalid("format code \(code) is not PCM (1)")
        }
        guard bits == 16 else { throw invalid("\(bits)-bit samples; only 16-bit is supported") }
        guard channels > 0 else { throw invalid("it declares 0 channels") }
        guard sampleRate > 0 else { throw invalid("it declares a sample rate of 0 Hz") }
        guard blockAlign == channels * 2 else {
            throw invalid("block align \(blockAlign) does not match \(channels) channels of 16 bits")
        }
        return Format(channels: channels, sampleRate: sampleRate)
    }

    private func samples(at offset: Int, size: Int, format: Format) throws(SoundError) -> PCMSound {
        let frameBytes = format.channels * 2
        guard size > 0 else { throw invalid("the \"data\" chunk is empty") }
        guard size % frameBytes == 0 else {
            throw invalid("the \"data\" chunk (\(size) bytes) is not a whole number of \(frameBytes)-byte frames")
        }
        let samples = (0..<(size / 2)).map { Int16(bitPattern: uint16(at: offset + 2 * $0)) }
        return PCMSound(samples: samples, sampleRate: format.sampleRate, channels: format.channels)
    }

    private func invalid(_ reason: String) -> SoundError { .invalidWAV(path: path, reason: reason) }

    /// A four-character chunk id; bytes outside printable ASCII show as "?".
    private func tag(at offset: Int) -> String {
        String(decoding: bytes[offset..<(offset + 4)].map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self)
    }

    private func uint16(at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private func uint32(at offset: Int) -> UInt32 {
        UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16
    }
}
