import ClavierCore
import ClavierTestSupport
import Glibc

/// What /proc tells about a process: its memory (smaps_rollup) and, summed over its
/// threads, CPU time and context switches.
enum ProcStats {
    /// Resident, proportional and unique (private: `Private_Clean` + `Private_Dirty`) set size
    /// in kB (`/proc/PID/smaps_rollup`). USS is what ending the process would give back: it
    /// leaves out shared libraries' and the program's own pages that another process also maps,
    /// and counts clean file pages only this process maps (so dropping them lowers it too).
    static func memory(pid: pid_t) -> (rss: Double, pss: Double, uss: Double)? {
        guard let text = TextFile.read("/proc/\(pid)/smaps_rollup") else { return nil }
        func field(_ name: String) -> Double? {
            for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
                return Double(line.dropFirst(name.count + 1).split(separator: " ").first ?? "")
            }
            return nil
        }
        guard let rss = field("Rss"), let pss = field("Pss"), let clean = field("Private_Clean"),
              let dirty = field("Private_Dirty") else { return nil }
        return (rss, pss, clean + dirty)
    }

    /// CPU time (user + system, ms) and context switches (voluntary + involuntary) of every
    /// thread of `pid` (`/proc/PID/task/*/stat` and `status`).
    static func activity(pid: pid_t) -> (cpuMs: Double, switches: Int) {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var cpu = 0.0, switches = 0
        for tid in tasks(pid: pid) {
            if let stat = TextFile.read("/proc/\(pid)/task/\(tid)/stat"), let close = stat.lastIndex(of: ")") {
                // Fields after the command's closing parenthesis start at field 3 (state).
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) {
                    cpu += (user + system) / ticks * 1000
                }
            }
            if let status = TextFile.read("/proc/\(pid)/task/\(tid)/status") {
                for line in status.split(separator: "\n") {
                    if line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                        switches += Int(line.split(separator: "\t").last.map { $0.trimmingSpaces } ?? "") ?? 0
                    }
                }
            }
        }
        return (cpu, switches)
    }

    static func tasks(pid: pid_t) -> [String] {
        guard let dir = opendir("/proc/\(pid)/task") else { return [] }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.first?.isNumber == true { out.append(name) }
        }
        return out
    }
}

extension Substring {
    var trimmingSpaces: String { String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " }.reversed()) }
}

/// The machine the figures were taken on: date, `nproc`, CPU model, kernel.
enum Machine {
    static var date: String {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
        return String(cBuffer: buffer)
    }

    static var processors: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    static var cpuModel: String {
        let info = TextFile.read("/proc/cpuinfo") ?? ""
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingSpaces } ?? "?"
        }
        return "?"
    }

    static var kernel: String {
        var u = utsname()
        uname(&u)
        let release = withUnsafeBytes(of: u.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = withUnsafeBytes(of: u.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "Linux \(release) \(machine)"
    }

    static var memoryTotal: String {
        let info = TextFile.read("/proc/meminfo") ?? ""
        for line in info.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            if let kb = Double(line.split(separator: " ").dropFirst().first ?? "") { return fmt(kb / 1048576, 1) + " GiB" }
        }
        return "?"
    }
}
