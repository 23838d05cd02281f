import ClavierCore
import Glibc

/// Makes each language's predictor on a thread of its own, so that reading a model (the
/// word list takes about a second in a debug build) never holds up the keyboard's loop: until
/// it is made, the bar offers nothing. The predictor is handed to the loop whole and is the
/// loop's alone from then on.
final class PredictorLoader: @unchecked Sendable {
    typealias Provider = (String) -> (any WordPredictor)?

    private let provider: Provider
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    /// Guarded by `lock`: the languages whose predictor is made (nil: none for that language).
    private var made: [String: (any WordPredictor)?] = [:]
    /// The loop's own: the languages asked for, and those asked for and not yet taken.
    private(set) var asked: Set<String> = []
    private var waiting: Set<String> = []

    init(provider: @escaping Provider) {
        self.provider = provider
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
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
        pthread_mutex_unlock(lock)
    }
}
