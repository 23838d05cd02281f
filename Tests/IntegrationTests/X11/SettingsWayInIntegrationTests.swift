import ClavierCore
import ClavierTestSupport
import Foundation
import Testing

/// Issue 38's page for a dwell or switch user where the keys show no gear (`--suggestions 0`:
/// no bar): resting on the hide key opens the page a long press later; the scan's rows end
/// with the gear, painted over the keys, and selecting it opens the page.
@Suite(.serialized, .needsDisplay) struct SettingsWayInIntegrationTests {
    @Test func aDwellKeptOnTheHideKeyOpensThePageWhereThereIsNoGear() throws {
        let aid = try AidSession(["--dwell", "400", "--suggestions", "0"])
        #expect(try aid.session.printedGeometry(page: "letters").accessory?.isEmpty ?? true, "no bar, no gear")
        try aid.moveOnto("hide")
        // The dwell's press holds the hide key; a long press later the page opens, its cell under the pointer spent.
        #expect(aid.waitForStatus("dwell:") { $0.hasPrefix("dwell: page ") }, "\(aid.status("dwell:")) \(aid.session.errors)")
        #expect(aid.status()?.visible == true)
        usleep(1_500_000)
        #expect(aid.status()?.settings?["key-size"] == "16" && aid.status()?.settings?["sound"] == "false",
                "resting on, nothing on the page was pressed: \(String(describing: aid.status()?.settings))")
        // Moved off the hide key before the long press, it hides, as a finger lifting.
        aid.control("hide")
        aid.control("show")
        aid.parkPointer()
        usleep(300_000)
        try aid.moveOnto("hide")
        #expect(aid.waitForStatus("dwell:") { $0 == "dwell: hide done" }, "\(aid.status("dwell:"))")
        aid.parkPointer()
        #expect(Harness.waitFor(5) { aid.status()?.visible == false }, "\(aid.session.errors)")
    }

    @Test func theScanEndsWithTheGearWhereThereIsNoneAndItOpensThePage() throws {
        let aid = try AidSession(["--scan-switch", "F9,F10", "--suggestions", "0"])
        let f9 = ScanIntegrationTests.f9, f10 = ScanIntegrationTests.f10
        #expect(aid.status("scan:") == "scan: row 1")
        for _ in 0..<4 { aid.tapKey(f9) }
        #expect(aid.waitForStatus("scan:") { $0 == "scan: row 5" }, "four rows of keys, then the gear: \(aid.status("scan:"))")
        // Painted over the middle of the keys while highlighted.
        let f = aid.server.frame(of: aid.session.keyboardWindow)
        var gear: [(x: Int, y: Int)] = []
        #expect(Harness.waitFor(5) {
            gear = (try? aid.pixelsDifferingFromRender(arguments: ["--suggestions", "0"])) ?? nil ?? []
            return gear.contains { abs($0.x - f.width / 2) < 20 && abs($0.y - f.height / 2) < 20 }
        }, "\(gear.count) pixels differ")
        aid.tapKey(f10)
        #expect(aid.waitForStatus("scan:") { $0 == "scan: key settings" }, "\(aid.status("scan:"))")
        aid.tapKey(f10)
        aid.tapKey(f10)
        #expect(aid.waitForStatus("scan:") { $0 == "scan: key page key-size -" }, "the page's rows: \(aid.status("scan:")) \(aid.session.errors)")
        #expect(aid.status()?.visible == true)
    }
}
