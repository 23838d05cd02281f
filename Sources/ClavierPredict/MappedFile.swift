import Glibc

/// A file mapped read-only, whose pages a truncation cannot turn into a crash.
///
/// Why a mapping, and why this guard: a language model is 3.3-5.2 MB and a query touches a
/// few of its pages, so mapping it costs the keyboard only those pages (1.9 MB resident after
/// the first English query), where reading it into memory costs the whole file in every
/// keyboard, and the resident-memory budget has no room for that. But a file cut short under
/// any mapping, shared or private (MAP_PRIVATE copies a page only when it is written), takes
/// the pages past its new end with it: reading one is SIGBUS. GNU `install` and `cp` rewrite a
/// file in place, so `sudo make install` (before it installed by renaming) or a package
/// manager's careless copy truncates the model under a running keyboard. Checking the size
/// with `fstat` before each read cannot help: the file can be cut between the check and the
/// read (the kept picture's canvas checks so all the same, as its reader is the kernel, where
/// no signal comes: ClavierRender's `Canvas.pixelsAreReadable`). So a SIGBUS inside a guarded mapping is taken here: the handler maps zero pages from
/// the faulting page to the mapping's end (an anonymous MAP_FIXED mapping, one system call,
/// safe in a handler) and marks the file cut short, and the read that faulted is made again
/// and reads zeros. Every reader bounds-checks what it reads (a file rewritten in place can
/// hold anything), so zeros give wrong words at worst, and the owner drops the file once it
/// sees `cutShort`. A SIGBUS anywhere else goes to the handler that was there before, as if
/// this one had never been installed.
final class MappedFile: @unchecked Sendable {
    let base: UnsafeRawPointer
    let size: Int
    private let slot: Int

    /// Maps `size` bytes of `fd` (a regular file at least that long); nil when mmap fails
    /// (errno says why) or every guard's slot is taken.
    init?(fd: Int32, size: Int) {
        guard size > 0, let slot = Guard.claim() else { return nil }
        guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            Guard.release(slot)
            return nil
        }
        base = UnsafeRawPointer(map)
        self.size = size
        self.slot = slot
        Guard.watch(slot, from: Int(bitPattern: map), length: size)
    }

    deinit {
        Guard.release(slot)
        munmap(UnsafeMutableRawPointer(mutating: base), size)
    }

    /// Whether a read found the file cut short: past its new end the mapping reads zeros.
    var cutShort: Bool { Guard.slots[3 * slot + 2] != 0 }

    /// The pages leave the process's memory (they stay in the page cache): after a pass over
    /// the whole file, only the pages queries touch stay resident; idle, none (the loop's
    /// trim, `IdlePages`).
    ///
    /// Safe while another thread reads the mapping (the loader's warm-up query, the lexicon's
    /// making): the mapping is read-only and private, so none of its pages was ever copied on
    /// write (PROT_READ: nothing can write it) and MADV_DONTNEED only unmaps page-cache pages,
    /// which the next read faults in again with the same bytes. A part the SIGBUS handler
    /// replaced with zero pages (a file cut short) reads zeros again, as before.
    func dropResidentPages() {
        madvise(UnsafeMutableRawPointer(mutating: base), size, MADV_DONTNEED)
        madvise(UnsafeMutableRawPointer(mutating: base), size, MADV_RANDOM)
    }

    /// The guarded ranges, read by the SIGBUS handler: slot k is [start, end, cut short] at
    /// 3k, 3k+1, 3k+2 of a table allocated once and never freed, so the handler reads only
    /// raw memory (no Swift object, no lock). `start` 0 is a free slot; a claimed slot is
    /// written under `lock`, its end before its start.
    enum Guard {
        static let count = 64
        nonisolated(unsafe) static let slots: UnsafeMutablePointer<Int> = {
            let table = UnsafeMutablePointer<Int>.allocate(capacity: 3 * count)
            table.initialize(repeating: 0, count: 3 * count)
            return table
        }()
        nonisolated(unsafe) static let claimed: UnsafeMutablePointer<Bool> = {
            let table = UnsafeMutablePointer<Bool>.allocate(capacity: count)
            table.initialize(repeating: false, count: count)
            return table
        }()
        nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
        static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
            let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            pthread_mutex_init(lock, nil)
            return lock
        }()
        /// The handler, installed at the first mapping (`static let`: once, whatever the thread).
        static let installed: Bool = {
            _ = slots
            _ = pageSize
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = onBusError
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            return sigaction(SIGBUS, &action, previous) == 0
        }()

        static func claim() -> Int? {
            _ = installed
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            guard let slot = (0..<count).first(where: { !claimed[$0] }) else { return nil }
            claimed[slot] = true
            return slot
        }

        static func watch(_ slot: Int, from start: Int, length: Int) {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            slots[3 * slot + 2] = 0
            slots[3 * slot + 1] = start + (length + pageSize - 1) / pageSize * pageSize
            slots[3 * slot] = start
        }

        static func release(_ slot: Int) {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            slots[3 * slot] = 0
            claimed[slot] = false
        }
    }
}

/// SIGBUS: zero pages for a guarded file's vanished ones, else the handler before ours.
private func onBusError(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    let slots = MappedFile.Guard.slots
    // si_code > 0: the kernel's, a fault at si_addr; else kill(2) or the like, with no address.
    let fault = (info?.pointee.si_code ?? 0) > 0
    if fault, let info, let address = info.pointee._sifields._sigfault.si_addr.map({ Int(bitPattern: $0) }) {
        for slot in 0..<MappedFile.Guard.count {
            let start = slots[3 * slot], end = slots[3 * slot + 1]
            guard start != 0, address >= start, address < end else { continue }
            let page = address & ~(MappedFile.Guard.pageSize - 1)
            let zeros = mmap(UnsafeMutableRawPointer(bitPattern: page), end - page, PROT_READ,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            if zeros != MAP_FAILED {
                slots[3 * slot + 2] = 1
                return
            }
        }
    }
    // Not ours (or no zeros to be had): the access faults again under the earlier action; a
    // signal sent is sent again, delivered under it once this handler returns.
    sigaction(SIGBUS, MappedFile.Guard.previous, nil)
    if !fault { raise(SIGBUS) }
}
