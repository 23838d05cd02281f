import CALSA
import CLazyLibs
import Glibc
import Synchronization

/// Plays one preloaded sound on an ALSA PCM from a thread of its own; wraps `snd_pcm_open` / `snd_pcm_close`.
///
/// `play()` only posts a semaphore, so a key press never waits for audio. The thread
/// sleeps in `sem_wait` while idle (no polling, no timers) and is the only code that
/// touches the PCM after `init`.
public final class ClickPlayer: @unchecked Sendable {
    // @unchecked: the PCM handle is used by `init`, then only by the playback thread,
    // then by `close()` after joining that thread; `play()` touches only the semaphore.

    /// The ALSA device name the player opened, such as "default" or "hw:0,0".
    public let device: String
    private let playback: Playback
    private let thread: pthread_t
    private let closed = Atomic<Bool>(false)

    /// Period requested from ALSA: how often the device wakes us while a click sounds.
    static let period: Duration = .milliseconds(5)

    /// Opens `device` for playback (`snd_pcm_open`), sets it to the sound's format (`snd_pcm_hw_params`) and starts the playback thread (`pthread_create`).
    public init(sound: PCMSound, device: String = "default") throws(SoundError) {
        // libasound is loaded here, not at start (CLazyLibs); without it there is no click.
        guard clavier_lazy_load(Int32(CLAVIER_LAZY_ALSA)) == 1 else {
            throw .libraryUnavailable(reason: clavier_lazy_error().map { String(cString: $0) } ?? "libasound.so.2")
        }
        // ALSA would print its own diagnostics on stderr; the caller reports our error once instead.
        clavier_alsa_silence_errors()
        self.device = device

        // Opened non-blocking because a blocking open of a busy hw device waits until the
        // other program lets go, which would hang start-up; we want "Device or resource busy".
        var opened: OpaquePointer?
        let status = snd_pcm_open(&opened, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard status >= 0, let pcm = opened else {
            throw .deviceUnavailable(device: device, alsaMessage: Self.message(status))
        }
        do throws(SoundError) {
            // Then blocking, so the thread's writes and drain wait for the device rather than fail with EAGAIN.
            let blocking = snd_pcm_nonblock(pcm, 0)
            if blocking < 0 {
                throw .deviceRejected(device: device, setting: "blocking mode", alsaMessage: Self.message(blocking))
            }
            try Self.configure(pcm, for: sound, device: device)
        } catch {
            snd_pcm_close(pcm)
            throw error
        }

        let playback = Playback(pcm: pcm, sound: sound)
        let context = Unmanaged.passRetained(playback).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<Playback>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<Playback>.fromOpaque(context).release()
            snd_pcm_close(pcm)
            throw .threadUnavailable(reason: String(cString: strerror(created)))
        }
        self.playback = playback
        self.thread = thread
    }

    deinit { close() }

    /// Starts the click now, cutting one still sounding; returns at once (`sem_post`) and never blocks.
    public func play() {
        sem_post(playback.wakeups)
    }

    /// Stops the playback thread (`pthread_join`) and closes the device (`snd_pcm_close`); later `play()` calls do nothing.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        playback.stopping.store(true, ordering: .releasing)
        sem_post(playback.wakeups)
        pthread_join(thread, nil)
        snd_pcm_close(playback.pcm)
    }

    private static func configure(_ pcm: OpaquePointer, for sound: PCMSound, device: String) throws(SoundError) {
        func check(_ status: Int32, _ setting: @autoclosure () -> String) throws(SoundError) {
            if status < 0 {
                throw .deviceRejected(device: device, setting: setting(), alsaMessage: message(status))
            }
        }

        var hwAllocated: OpaquePointer?
        try check(snd_pcm_hw_params_malloc(&hwAllocated), "hardware parameters")
        let hw = hwAllocated!
        defer { snd_pcm_hw_params_free(hw) }
        try check(snd_pcm_hw_params_any(pcm, hw), "any configuration")
        try check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "interleaved access")
        try check(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE), "format S16_LE")
        try check(snd_pcm_hw_params_set_channels(pcm, hw, UInt32(sound.channels)), "\(sound.channels) channels")
        try check(snd_pcm_hw_params_set_rate(pcm, hw, UInt32(sound.sampleRate), 0), "rate \(sound.sampleRate) Hz")
        // Start-up latency does not depend on the buffer: a click goes into an empty,
        // prepared buffer and starts at once. The buffer only has to hold the whole click,
        // so the thread writes it in one call and is free again to hear the next press;
        // short periods keep the device's wake-ups (and a drain) fine-grained.
        var periodTime = UInt32(period / .microseconds(1))
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_period_time_near(pcm, hw, &periodTime, &direction), "period of \(period)")
        var periodFrames = snd_pcm_uframes_t(0)
        try check(snd_pcm_hw_params_get_period_size(hw, &periodFrames, &direction), "period size")
        var bufferFrames = snd_pcm_uframes_t(max(sound.frameCount, 4 * Int(periodFrames)))
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &bufferFrames), "buffer of \(bufferFrames) frames")
        try check(snd_pcm_hw_params(pcm, hw), "hardware parameters")

        var swAllocated: OpaquePointer?
        try check(snd_pcm_sw_params_malloc(&swAllocated), "software parameters")
        let sw = swAllocated!
        defer { snd_pcm_sw_params_free(sw) }
        try check(snd_pcm_sw_params_current(pcm, sw), "software parameters")
        // Start as soon as the first frame is queued, not when the buffer is full.
        try check(snd_pcm_sw_params_set_start_threshold(pcm, sw, 1), "start threshold 1")
        try check(snd_pcm_sw_params(pcm, sw), "software parameters")
        try check(snd_pcm_prepare(pcm), "prepare")
    }

    static func message(_ status: Int32) -> String {
        String(cString: snd_strerror(status))
    }
}

/// What the playback thread owns: the PCM, the sound and the semaphore `play()` posts.
private final class Playback: @unchecked Sendable {
    // @unchecked: see ClickPlayer; the semaphore and the atomic are the only shared state.
    let pcm: OpaquePointer
    let sound: PCMSound
    let wakeups: UnsafeMutablePointer<sem_t>
    let stopping = Atomic<Bool>(false)

    init(pcm: OpaquePointer, sound: PCMSound) {
        self.pcm = pcm
        self.sound = sound
        wakeups = .allocate(capacity: 1)
        sem_init(wakeups, 0, 0)
    }

    deinit {
        sem_destroy(wakeups)
        wakeups.deallocate()
    }

    /// The thread's loop: sleep until a press, write the click, and drain once it has sounded.
    ///
    /// A press that arrives while a click is still sounding cuts it and starts its own at
    /// once (`snd_pcm_drop`). Queueing would make the second click late by the rest of the
    /// first (up to its full length, when two keys are hit together), and the look asks for
    /// a click within a few milliseconds of the press; the cut-off tail is already more than
    /// 20 dB down and is masked by the new click's transient. Presses that pile up while the
    /// thread is busy collapse into one click for the same reason.
    func run() {
        nameThread("clavier-click")
        var sounding: timespec?  // When the current click will have finished.
        while true {
            if wait(until: sounding) {
                while sem_trywait(wakeups) == 0 {}
                if stopping.load(ordering: .acquiring) { break }
                sounding = playClick()
            } else {
                // The click has had its time; drain lets ALSA stop the device cleanly instead
                // of running into an underrun, and flushes plugins that buffer (such as `file`).
                // It returns at once because the buffer is already empty or nearly so.
                snd_pcm_drain(pcm)
                sounding = nil
            }
        }
        snd_pcm_drop(pcm)
    }

    /// Waits for a `play()` (true) or until `deadline` on CLOCK_REALTIME passes (false).
    private func wait(until deadline: timespec?) -> Bool {
        while true {
            let status: Int32
            if var deadline {
                status = sem_timedwait(wakeups, &deadline)
            } else {
                status = sem_wait(wakeups)
            }
            if status == 0 { return true }
            if errno == ETIMEDOUT { return false }
            precondition(errno == EINTR, "sem_wait failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Writes the whole click (`snd_pcm_writei`) and returns when it will have finished, or nil if the device failed.
    private func playClick() -> timespec? {
        switch snd_pcm_state(pcm) {
        case SND_PCM_STATE_PREPARED:
            break
        case SND_PCM_STATE_SETUP:
            guard snd_pcm_prepare(pcm) >= 0 else { return nil }
        default:
            // Running or draining: cut the previous click (see `run`). Also clears an xrun or a suspend.
            snd_pcm_drop(pcm)
            guard snd_pcm_prepare(pcm) >= 0 else { return nil }
        }

        let frames = sound.frameCount
        var written = 0
        var recoveries = 0
        sound.samples.withUnsafeBufferPointer { samples in
            while written < frames {
                let pointer = samples.baseAddress! + written * sound.channels
                let result = snd_pcm_writei(pcm, pointer, snd_pcm_uframes_t(frames - written))
                if result >= 0 {
                    written += result
                    continue
                }
                // An underrun (EPIPE) or a suspend (ESTRPIPE) mid-click: prepare again and
                // write the rest. Anything else (the device went away) drops this click silently.
                recoveries += 1
                guard recoveries <= 2, snd_pcm_recover(pcm, Int32(result), 1) >= 0 else {
                    snd_pcm_drop(pcm)
                    return
                }
            }
        }
        guard written == frames else { return nil }

        // snd_pcm_delay: frames until the last one written is heard (buffer plus hardware FIFO).
        var delay = snd_pcm_sframes_t(0)
        if snd_pcm_delay(pcm, &delay) < 0 { delay = snd_pcm_sframes_t(frames) }
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + max(0, delay) * 1_000_000_000 / sound.sampleRate
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return deadline
    }
}

/// Names the calling thread for `top -H` and `ps -L`; `pthread_setname_np` is a GNU extension Swift's Glibc module does not import.
private func nameThread(_ name: String) {
    let file = open("/proc/thread-self/comm", O_WRONLY)
    guard file >= 0 else { return }
    _ = name.withCString { write(file, $0, strlen($0)) }
    Glibc.close(file)
}
