import ClavierTestSupport
import Foundation
import Testing

/// The loop's idle trim on X (KeyboardApp+Loop.swift): after `Timing.idleBuffers` with no
/// input the English model's mapped pages leave the keyboard's memory (the program's own code
/// stays: docs/release-tuning.md), the one wake for it is its last until the next input, and a press after it reads
/// the model again (and its pages go again after the next idle spell).
@Suite(.serialized, .needsDisplay) struct IdleTrimIntegrationTests {
    /// A /proc file whole (its size says 0: read to its end).
    static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()).flatMap { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The resident kB of the mapping of models/en.lm in process `pid` (nil: not mapped).
    static func modelResidentKB(_ pid: pid_t) -> Int? {
        guard let smaps = read("/proc/\(pid)/smaps") else { return nil }
        var inModel = false, total: Int?
        for line in smaps.split(separator: "\n") {
            if line.hasPrefix("Rss:") {
                if inModel, let kB = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) { total = (total ?? 0) + kB }
            } else if line.first?.isHexDigit == true, line.contains("-"), !line.contains(":  ") {
                inModel = line.hasSuffix("/models/en.lm")
            }
        }
        return total
    }

    static func mapped(_ pid: pid_t) -> [String] {
        (Self.read("/proc/\(pid)/maps") ?? "").split(separator: "\n").compactMap {
            $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first.map(String.init)
        }.filter { $0.contains(".lm") || $0.contains("models") }
    }

    /// Voluntary and involuntary context switches of every thread of `pid`.
    static func switches(_ pid: pid_t) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { sum, task in
            let status = Self.read("/proc/\(pid)/task/\(task)/status") ?? ""
            return sum + status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { $0.split(separator: "\t").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }.reduce(0, +)
        }
    }

    @Test func theModelsPagesGoAfterAnIdleSpellAndNothingWakesAfter() throws {
        let session = try KeyboardSession(windowManager: false)
        let pid = session.clavier.pid
        // The first words (the loader's warm-up, the first picture's) mapped the model.
        #expect(Harness.waitFor(5) { Self.modelResidentKB(pid) != nil }, "en.lm is not mapped: \(session.errors) \(Self.mapped(pid))")
        #expect(Harness.waitFor(5) { Self.modelResidentKB(pid) == 0 }, "en.lm still resident: \(Self.modelResidentKB(pid) ?? -1) kB")
        usleep(300_000)
        let before = Self.switches(pid)
        sleep(2)
        #expect(Self.switches(pid) == before, "the keyboard woke while idle after the trim")
        // A letter typed: the bar asks the model again (its pages come back), then they go again.
        try session.tap(["t", "h"])
        #expect(Harness.waitFor(1) { (Self.modelResidentKB(pid) ?? 0) > 0 }, "the bar's query read nothing of the model")
        #expect(Harness.waitFor(5) { Self.modelResidentKB(pid) == 0 }, "en.lm still resident after typing: \(Self.modelResidentKB(pid) ?? -1) kB")
        try session.tap(["e", "return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "the\n", "\(session.said)")
        #expect(session.stopKeyboard() == 0)
    }
}
