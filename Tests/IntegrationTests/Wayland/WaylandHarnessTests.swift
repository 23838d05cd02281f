import ClavierTestSupport
import Glibc
import Testing

/// The Wayland harness itself, checked with wtype (which types through zwp_virtual_keyboard_v1)
/// before Clavier's Wayland host types through it: a headless sway, foot recording the bytes it
/// receives, a GTK 4 entry. Skipped where sway is not installed (tools/install-deps test installs it).
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot", "wtype"))
struct WaylandHarnessTests {
    /// The text typed into each client: a letter, a Latin-1 letter, a Euro sign and an emoji
    /// (neither of the last two on a US keymap; wtype makes a keymap with them).
    static let text = "hé€😀"

    @Test func swayRunsHeadlessWithOneOutputAndGoesWithoutTrace() throws {
        let sway = try HeadlessSway()
        print("WaylandHarness: sway answered on IPC \(sway.startNanoseconds / 1_000_000) ms after it was started")
        #expect(try sway.outputRect() == SwayRect(x: 0, y: 0, width: 1280, height: 800))
        #expect(try sway.workspaceRect() == SwayRect(x: 0, y: 0, width: 1280, height: 800))
        #expect(sway.waylandDisplay.hasPrefix("/tmp/clavier-wl-"))
        #expect(sway.environment["WAYLAND_DISPLAY"] == sway.waylandDisplay)
        let shown = try sway.run(["sh", "-c", "echo \"${DISPLAY-unset} $WAYLAND_DISPLAY\""])
        #expect(shown.out == "unset \(sway.waylandDisplay)\n")
        let directory = String(sway.waylandDisplay[..<sway.waylandDisplay.lastIndex(of: "/")!])
        let client = try #require(sway.environment["XDG_RUNTIME_DIR"])
        sway.stop()
        #expect(access(directory, F_OK) != 0, "\(directory) is left")
        #expect(access(client, F_OK) != 0, "\(client) is left")
    }

    @Test func footRecordsExactlyTheBytesTyped() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        print("WaylandHarness: foot had the focus \(foot.mapNanoseconds / 1_000_000) ms after it was started")
        try type(on: sway, [Self.text])
        try type(on: sway, ["-k", "BackSpace"])
        try type(on: sway, ["-k", "Return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription)")
        #expect(foot.bytes == Array(Self.text.utf8) + [0x7F, 0x0D], "foot received \(foot.bytes)")
    }

    @Test(arguments: GTK4Entry.Kind.allCases)
    func aGTK4EntryHoldsWhatIsTyped(kind: GTK4Entry.Kind) throws {
        let sway = try HeadlessSway()
        let entry = try GTK4Entry(on: sway, kind: kind)
        print("WaylandHarness: the GTK 4 \(kind) entry had the focus \(entry.mapNanoseconds / 1_000_000) ms after it was started")
        try type(on: sway, [Self.text])
        #expect(entry.waitFor(text: Self.text), "the entry holds \(entry.text.debugDescription)")
        try type(on: sway, ["-k", "BackSpace"])
        #expect(entry.waitFor(text: String(Self.text.dropLast())), "the entry holds \(entry.text.debugDescription)")
    }

    /// wvkbd, a layer-shell keyboard docked at the bottom with an exclusive zone, leaves the
    /// workspace (and the focused window) only what is above it; the output keeps its size.
    @Test(.needs("wvkbd-mobintl")) func anExclusiveZoneShrinksTheWorkspace() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let keyboard = try sway.start(["wvkbd-mobintl"])
        #expect(Harness.waitFor(10) { ((try? sway.workspaceRect())?.height ?? 800) < 800 }, "the workspace kept its height")
        let workspace = try sway.workspaceRect()
        print("WaylandHarness: with wvkbd the workspace is \(workspace), the output \(try sway.outputRect())")
        #expect(try sway.outputRect().height == 800)
        #expect(try sway.waitForFocus(appID: foot.appID).rect.height == workspace.height)
        keyboard.stop()
        #expect(Harness.waitFor(10) { (try? sway.workspaceRect())?.height == 800 }, "the workspace did not grow back")
    }

    /// Runs wtype with `arguments` on `sway`. `-s 100` first: a GTK 4.8 client handed wtype's
    /// new keymap drops the key that follows it at once (without it, `wtype hé€😀` left "é€😀" in
    /// the entry in 4 runs of 4; `wtype -k BackSpace` deleted nothing now and then). foot loses none.
    private func type(on sway: HeadlessSway, _ arguments: [String]) throws {
        let typed = try sway.run(["wtype", "-s", "100"] + arguments)
        #expect(typed.status == 0, "wtype \(arguments): \(typed.err)")
    }
}
