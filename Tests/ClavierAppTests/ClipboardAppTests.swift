import ClavierCore
import Testing
@testable import ClavierApp

/// The clipboard strip through the loop (issue 38): a copy the host's watch reads reaches the
/// session (`HostEvent.copied`), its cell on the bar types it through the host, and `clavier
/// forget` takes it off the bar.
@Suite struct ClipboardAppTests {
    func tap(_ p: Point) -> [HostEvent] { [.window(.pointer(.press(p, pointer: 0))), .window(.pointer(.release(p, pointer: 0)))] }

    func app() throws -> (AppUnderTest, Point) {
        var options = Session.Options()
        options.clipboard = true
        let t = AppUnderTest(options, words: [])
        let cell = try #require(t.keyboard.accessory?.rect(of: .completion(0)))
        return (t, Point(x: cell.midX, y: cell.midY))
    }

    @Test func aCopyIsTypedFromItsCell() throws {
        let (t, cell) = try app()
        t.host.script = [[.window(.mapped)], [.copied("git log -1")], tap(cell), tap(cell)]
        t.app.run(control: nil)
        // The second tap finds the field no longer empty: no copy, and no words either.
        #expect(t.host.typed == "git log -1", "\(t.host.log)")
    }

    @Test func forgetTakesTheCopiesOffTheBar() throws {
        let (t, cell) = try app()
        t.host.script = [[.window(.mapped)], [.copied("secret")], [.request(.forget)], tap(cell)]
        t.app.run(control: nil)
        #expect(t.host.typed.isEmpty && t.host.log.contains("forget"), "\(t.host.log)")
    }
}
