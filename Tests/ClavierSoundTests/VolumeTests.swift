import ClavierSound
import Testing

/// `--volume`: the click scaled before it is played, its shape kept.
struct VolumeTests {
    @Test func aQuieterClickIsTheSameShapeScaled() throws {
        let sound = PCMSound(samples: [0, 1000, -1000, 32767, -32768, 7], sampleRate: 48000, channels: 2)
        #expect(sound.scaled(percent: 100).samples == sound.samples)
        #expect(sound.scaled(percent: 50).samples == [0, 500, -500, 16383, -16384, 3])
        let shipped = try PCMSound.loadWAV(path: clickPath)
        let quiet = shipped.scaled(percent: 25)
        #expect(quiet.frameCount == shipped.frameCount && quiet.channels == shipped.channels)
        let peak = { (s: PCMSound) in s.samples.map { abs(Int($0)) }.max() ?? 0 }
        #expect(peak(quiet) * 4 <= peak(shipped) && peak(quiet) * 4 > peak(shipped) - 4)
    }
}
