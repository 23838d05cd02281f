import Glibc

/// The program's own read-only pages (its code, its constants and the Swift metadata the
/// linker put beside them) leave the process's memory while the keyboard is idle, as the
/// language models' do: the kernel maps 64 kB around every page a start or a press touches, so
/// some 5 MB of a 9 MB binary stays resident that nothing runs while the keyboard waits.
///
/// Only segments the program never writes are dropped (no `PF_W`): MADV_DONTNEED on such a
/// private file mapping unmaps page-cache pages, and the next instruction or read faults the
/// same bytes back in. The RELRO part (the dynamic linker wrote it, then made it read-only)
/// is its own writable segment in the ELF and is left alone.
enum ProgramPages {
    /// The main program's read-only loaded segments, page-aligned (found once).
    nonisolated(unsafe) private static var ranges: [(UnsafeMutableRawPointer, Int)]?

    static func dropResident() {
        if ranges == nil { ranges = readOnlySegments() }
        for (start, length) in ranges ?? [] { madvise(start, length, MADV_DONTNEED) }
    }

    /// From the program headers the kernel handed the program (AT_PHDR, AT_PHNUM in
    /// /proc/self/auxv); the load bias is where PT_PHDR landed less where it asked to be.
    /// Elf64_Phdr: p_type u32 at 0, p_flags u32 at 4, p_vaddr u64 at 16, p_memsz u64 at 40; 56 bytes.
    private static func readOnlySegments() -> [(UnsafeMutableRawPointer, Int)] {
        let (ptLoad, ptPhdr, pfW): (UInt32, UInt32, UInt32) = (1, 6, 2)
        guard let auxv = auxiliaryVector(), let phdr = auxv[3], let count = auxv[5], count > 0,
              let headers = UnsafeRawPointer(bitPattern: UInt(phdr)) else { return [] }
        func header(_ index: Int) -> (type: UInt32, flags: UInt32, vaddr: UInt, memsz: UInt) {
            let at = headers + index * 56
            return (at.loadUnaligned(as: UInt32.self), at.loadUnaligned(fromByteOffset: 4, as: UInt32.self),
                    UInt(at.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                    UInt(at.loadUnaligned(fromByteOffset: 40, as: UInt64.self)))
        }
        let all = (0..<Int(count)).map(header)
        guard let own = all.first(where: { $0.type == ptPhdr }) else { return [] }
        let bias = UInt(phdr) &- own.vaddr
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        var out: [(UnsafeMutableRawPointer, Int)] = []
        for segment in all where segment.type == ptLoad && segment.flags & pfW == 0 {
            let start = (bias &+ segment.vaddr) & ~(page - 1)
            let end = (bias &+ segment.vaddr &+ segment.memsz) & ~(page - 1)
            if end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) { out.append((pointer, Int(end - start))) }
        }
        return out
    }

    /// /proc/self/auxv as type → value (pairs of u64).
    private static func auxiliaryVector() -> [UInt64: UInt64]? {
        let fd = open("/proc/self/auxv", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var words = [UInt64](repeating: 0, count: 128)
        let got = words.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard got > 0 else { return nil }
        var out: [UInt64: UInt64] = [:]
        for pair in stride(from: 0, to: got / 8 - 1, by: 2) where words[pair] != 0 { out[words[pair]] = words[pair + 1] }
        return out
    }
}
