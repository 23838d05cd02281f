import ClavierSound
import ClavierTestSupport
import Glibc
import Testing

/// A player writing to a raw file through ALSA's `file` plugin over the `null` device (what a
/// machine without a sound card can play to), in a directory of its own.
private final class FilePlayback {
    let directory = TemporaryDirectory()
    let output: String
    let player: ClickPlayer

    init(_ click: PCMSound) throws {
        output = directory.file("out.raw")
        player = try ClickPlayer(sound: click, device: "file:'\(output)',raw")
    }

    /// Whether the file holds `count` bytes, waiting up to 5 s for the playback thread.
    func wrote(atLeast count: Int) -> Bool { waitForSize(output, atLeast: count) >= count }
    var written: [UInt8]? { readBytes(output) }
}

// Serialized: the idle test tells its playback thread apart from other suites' by
// the threads that appear while it runs.
@Suite(.serialized) struct ClickPlayerTests {
    let click: PCMSound
    /// The click's samples as a raw S16_LE file holds them.
    let clickBytes: [UInt8]

    init() throws {
        click = try PCMSound.loadWAV(path: clickPath)
        clickBytes = littleEndianBytes(click.samples)
    }

    @Test func playWritesTheClickSamples() throws {
        let playback = try FilePlayback(click)
        playback.player.play()
        #expect(playback.wrote(atLeast: clickBytes.count))
        playback.player.close()
        #expect(mismatch(playback.written, clickBytes) == nil)
    }

    @Test func twoPlaysWriteTwoClicks() throws {
        let playback = try FilePlayback(click)
        playback.player.play()
        #expect(playback.wrote(atLeast: clickBytes.count))
        playback.player.play()
        #expect(playback.wrote(atLeast: 2 * clickBytes.count))
        playback.player.close()
        #expect(mismatch(playback.written, clickBytes + clickBytes) == nil)
    }

    @Test func rapidPressesPlayWholeClicks() throws {
        let playback = try FilePlayback(click)
        let player = playback.player
        // Bursts land in every phase of the thread's loop, including a click being written or drained.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            player.play()
            usleep(UInt32.random(in: 0..<300, using: &random))
        }
        #expect(playback.wrote(atLeast: clickBytes.count))
        player.close()
        // Presses that pile up collapse, and a cut click is never half written.
        let written = playback.written ?? []
        let clicks = written.count / clickBytes.count
        #expect((1...200).contains(clicks))
        #expect(mismatch(written, Array([[UInt8]](repeating: clickBytes, count: clicks).joined())) == nil)
    }

    @Test func closeIsFinalAndRepeatable() throws {
        let playback = try FilePlayback(click)
        playback.player.close()
        playback.player.close()
        playback.player.play()
        usleep(50_000)
        #expect(fileSize(playback.output) == 0)
    }

    @Test func missingDeviceThrowsQuietly() {
        var error: SoundError?
        let printed = capturingStandardError {
            error = #expect(throws: SoundError.self) { try ClickPlayer(sound: click, device: "hw:99") }
        }
        #expect(!printed.contains("ALSA"), "ALSA printed on its own: \(printed)")
        guard case let .deviceUnavailable(device, alsaMessage) = error else {
            Issue.record("expected deviceUnavailable, got \(String(describing: error))")
            return
        }
        #expect(device == "hw:99")
        #expect(!alsaMessage.isEmpty)
    }

    @Test func unknownDeviceNameThrows() {
        let error = #expect(throws: SoundError.self) { try ClickPlayer(sound: click, device: "no-such-pcm") }
        #expect(error?.description.contains("no-such-pcm") == true)
    }

    @Test func idleThreadSleeps() throws {
        let others = taskIDs(named: "clavier-click")
        let playback = try FilePlayback(click)
        let player = playback.player
        player.play()
        #expect(waitForSize(playback.output, atLeast: 2 * click.frameCount) == 2 * click.frameCount)
        usleep(50_000)  // Let the thread finish draining and go back to sem_wait.
        let ours = taskIDs(named: "clavier-click").subtracting(others)
        try #require(ours.count == 1, "expected one new playback thread, found \(ours.count)")
        let before = contextSwitches(ours.first!)
        usleep(300_000)
        #expect(contextSwitches(ours.first!) == before, "an idle player must not wake up")
        withExtendedLifetime(playback) {}
    }
}

/// The ids of this process's threads called `name`, from /proc/self/task/*/comm.
private func taskIDs(named name: String) -> Set<String> {
    guard let directory = opendir("/proc/self/task") else { return [] }
    defer { closedir(directory) }
    var ids: Set<String> = []
    while let entry = readdir(directory) {
        let id = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if let comm = readBytes("/proc/self/task/\(id)/comm"), String(decoding: comm, as: UTF8.self) == name + "\n" {
            ids.insert(id)
        }
    }
    return ids
}

/// Voluntary plus involuntary context switches of one thread, from /proc/self/task/ID/status.
private func contextSwitches(_ id: String) -> String {
    let status = String(decoding: readBytes("/proc/self/task/\(id)/status") ?? [], as: UTF8.self)
    return status.split(separator: "\n").filter { $0.contains("ctxt_switches") }.joined(separator: " ")
}

/// What `body` writes to file descriptor 2, where ALSA's default error handler prints.
private func capturingStandardError(_ body: () -> Void) -> String {
    let directory = TemporaryDirectory()
    let path = directory.file("stderr")
    let saved = dup(2)
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    dup2(file, 2)
    close(file)
    body()
    dup2(saved, 2)
    close(saved)
    return String(decoding: readBytes(path) ?? [], as: UTF8.self)
}
