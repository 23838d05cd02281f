import ClavierCore
import Glibc

/// Makes each language's predictor on a thread of its own, so that reading a model never
/// holds up the keyboard's loop: until it is made, the bar offers nothing. The thread writes a
/// byte into a pipe when it is made (`wakeFD`, in the loop's poll: no polling), and a start
/// may wait for it a moment (`wait`) so that the first picture has the first words. The
/// predictor is handed to the loop whole and is the loop's alone from then on.
final class PredictorLoader: @unchecked Sendable {
    typealias Provider = (String) -> (any WordPredictor)?

    private let provider: Provider
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// Signalled when a predictor is made (with `lock`).
    private let madeSignal: UnsafeMutablePointer<pthread_cond_t>
    /// The pipe the thread writes a byte into when a predictor is made: its read end is in
    /// the loop's poll (non-blocking both ways, close-on-exec).
    private var pipeEnds: [Int32] = [-1, -1]
    /// The read end, for the loop's poll.
    var wakeFD: Int32 { pipeEnds[0] }
    /// Guarded by `lock`: the languages whose predictor is made (nil: none for that language).
    private var made: [String: (any WordPredictor)?] = [:]
    /// The loop's own: the languages asked for, and those asked for and not yet taken.
    private(set) var asked: Set<String> = []
    private var waiting: Set<String> = []

    init(provider: @escaping Provider) {
        self.provider = provider
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        madeSignal = .allocate(capacity: 1)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(madeSignal, &attributes)
        pthread_condattr_destroy(&attributes)
        if pipe(&pipeEnds) == 0 {
            for end in pipeEnds {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
        pthread_cond_destroy(madeSignal)
        madeSignal.deallocate()
        for end in pipeEnds where end >= 0 { close(end) }
    }

    /// Empties the wake-up pipe (the loop heard it).
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 16)
        while read(pipeEnds[0], &bytes, bytes.count) > 0 {}
    }

    /// Waits at most `limit` for the predictor of `language`, asked for before, to be made;
    /// true when it is.
    func wait(for language: String, atMost limit: Duration) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var until = timespec(tv_sec: now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while made[language] == nil {
            if pthread_cond_timedwait(madeSignal, lock, &until) == ETIMEDOUT { break }
        }
        return made[language] != nil
    }

    /// Whether a language asked for is still being made.
    var loading: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return waiting.contains { made[$0] == nil }
    }

    /// The predictor of `language` once it is made (`.some(nil)`: there is none), else nil,
    /// starting to make it the first time it is asked for.
    func take(_ language: String) -> (any WordPredictor)?? {
        pthread_mutex_lock(lock)
        let found = made.removeValue(forKey: language)
        pthread_mutex_unlock(lock)
        if let found {
            waiting.remove(language)
            return .some(found)
        }
        if asked.insert(language).inserted {
            waiting.insert(language)
            start(language)
        }
        return nil
    }

    private final class Job {
        let loader: PredictorLoader
        let language: String
        init(_ loader: PredictorLoader, _ language: String) {
            self.loader = loader
            self.language = language
        }
    }

    private func start(_ language: String) {
        let job = Unmanaged.passRetained(Job(self, language)).toOpaque()
        var thread = pthread_t()
        let failed = pthread_create(&thread, nil, { raw in
            // Signals stay the loop's to take.
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
            job.loader.make(job.language)
            return nil
        }, job)
        if failed != 0 {
            Unmanaged<Job>.fromOpaque(job).release()
            make(language)
        } else {
            pthread_detach(thread)
        }
    }

    private func make(_ language: String) {
        Log.debug("making the word predictor for '\(language)'")
        let start = ContinuousClock.now
        let predictor = provider(language)
        // Its first answer reads what it reads lazily, here rather than on the loop.
        _ = predictor?.suggestions(before: "a", count: 1)
        if predictor == nil {
            Log.debug("no word predictor for language '\(language)': no suggestions")
        } else {
            Log.debug("made the word predictor for '\(language)' in \(ContinuousClock.now - start)")
        }
        pthread_mutex_lock(lock)
        made[language] = .some(predictor)
        pthread_cond_broadcast(madeSignal)
        pthread_mutex_unlock(lock)
        var byte: UInt8 = 1
        _ = write(pipeEnds[1], &byte, 1)
        // What can wait for the first words (autocorrection's lexicon) is made after them.
        (predictor as? PreparesLater)?.prepareLater()
    }
}
