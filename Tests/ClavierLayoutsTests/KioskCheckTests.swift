import Foundation
import Testing
@testable import ClavierLayouts

/// `clavier check --kiosk`: a layout that asks kiosk mode for what it refuses is reported
/// where it asks, and only with the flag.
struct KioskCheckTests {
    @Test func refusedKeysAreProblemsOnlyForAKiosk() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-check-\(getpid()).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
            pages:
              - id: letters
                rows:
                  - - {id: zap, label: zap, action: {keysym: Terminate_Server}}
                    - {id: ctrl, label: ctrl, action: {modifier: ctrl}}
                    - {id: ok, label: ok, action: {keysym: Return}}
                    - a
            """.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(FileChecker.check(path: path).diagnostics.isEmpty)
        let kiosk = FileChecker.check(path: path, kiosk: true).diagnostics
        #expect(kiosk.map { "\($0.line):\($0.column)" } == ["4:50", "5:54"])
        #expect(kiosk.first?.message.contains("'Terminate_Server'") == true)
    }
}
