// swift-tools-version:6.0
import PackageDescription

import Foundation

// Cairo, Pango (and the ~35 libraries under them) and ALSA are not linked: CLazyLibs defines
// every function of their headers and dlopens the library at the first call. So their
// modules below link nothing, and their headers' include paths come from pkg-config here
// (a systemLibrary's `pkgConfig` would also link the libraries).
func pkgConfigCFlags(_ packages: [String]) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags"] + packages
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return [] }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self).split(separator: " ").map(String.init)
        .filter { $0.hasPrefix("-I") || $0.hasPrefix("-D") }
}
let drawingCFlags = pkgConfigCFlags(["pangocairo", "cairo"])
let drawingHeaders: [SwiftSetting] = [.unsafeFlags(drawingCFlags.flatMap { ["-Xcc", $0] })]
let lazyLinking: [LinkerSetting] = [.linkedLibrary("dl")]
// AT-SPI's headers (and GLib's, D-Bus's under them) give CFocusWatch its types only: it dlopens
// libatspi when --auto-show asks for it, so the keyboard links neither and starts as before.
let focusWatchCFlags = pkgConfigCFlags(["atspi-2"])
// GIO's headers (and AT-SPI's constants) give CAccessibleKeys its types only: it dlopens libgio
// (Pango's already) on its own thread, and serves the keys only once accessibility is on.
let accessibleKeysCFlags = pkgConfigCFlags(["atspi-2", "gio-2.0"])
// Every shipped Swift target is compiled without Swift's implicit `import _StringProcessing`:
// its string algorithms (`"abc".contains("bc")`, `firstRange(of:)`, `split(separator: "ab")`,
// `replacing(_:with:)`…) link about 1.3 MB of regex machinery into the binary, which issue 26
// holds under 12 MB. So using one fails the build at once; ClavierCore's TextSearch.swift has
// the few that Clavier needs. Tests and the bench keep the import.
let noStringProcessing: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"])]

let package = Package(
    name: "Clavier",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "clavier", targets: ["clavier"]),
    ],
    dependencies: [
        // swift-argument-parser 1.8.2 without FoundationEssentials (vendor/swift-argument-parser/README.vendor).
        .package(path: "vendor/swift-argument-parser"),
    ],
    targets: [
        // C libraries: module.modulemap + shim.h, nothing else.
        // Xlib, XTest, XInput2, RandR, MIT-SHM and xkbcommon-x11 share one module because
        // their headers all include <X11/Xlib.h> or xcb; split into modules, Swift would see
        // two copies of `Display`.
        .systemLibrary(name: "CX11", path: "Sources/CX11", pkgConfig: "x11 x11-xcb xcb-shm xtst xi xrandr xfixes xext xkbcommon-x11",
                       providers: [.apt(["libx11-dev", "libx11-xcb-dev", "libxtst-dev", "libxi-dev", "libxrandr-dev", "libxfixes-dev",
                                         "libxext-dev", "libxcb-shm0-dev", "libxkbcommon-x11-dev"])]),
        // xkbcommon alone, without X: keysym names for the layout reader, whose Core stays pure.
        .systemLibrary(name: "CXKBCommon", path: "Sources/CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        // The system's libyaml (Debian's libyaml-0-2), whose events the layout reader composes.
        .systemLibrary(name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // Pango's Cairo backend includes <cairo.h>: one module for the same reason. Neither this
        // nor CALSA links its library (see CLazyLibs); the Makefile installs libcairo2-dev,
        // libpango1.0-dev and libasound2-dev.
        .systemLibrary(name: "CPangoCairo", path: "Sources/CPangoCairo"),
        .systemLibrary(name: "CALSA", path: "Sources/CALSA"),

        // Defines every function the Cairo, Pango, GObject and ALSA headers declare and loads the
        // library at the first call (generated from the headers by tools/gen-lazy-libs.py, so a new
        // call needs nothing run first). As CPangoCairo and CALSA link nothing, the executables do not
        // link those libraries: a start from a kept picture loads none of them. A section per
        // forwarder: a release link (--gc-sections) keeps only those called.
        .target(name: "CLazyLibs", dependencies: ["CPangoCairo", "CALSA"],
                cSettings: [.unsafeFlags(drawingCFlags + ["-fvisibility=hidden", "-ffunction-sections", "-fdata-sections"])]),

        // --auto-show's thread on the accessibility bus (libatspi, loaded with dlopen).
        .target(name: "CFocusWatch", cSettings: [.unsafeFlags(focusWatchCFlags + ["-fvisibility=hidden"])]),
        // The keys as AT-SPI push buttons for screen readers and test tools (issue 50): GDBus
        // (libgio, loaded with dlopen) on a thread of its own, on the accessibility bus when it is on.
        .target(name: "CAccessibleKeys", cSettings: [.unsafeFlags(accessibleKeysCFlags + ["-fvisibility=hidden"])]),
        // Typing into GNOME's native windows through mutter's RemoteDesktop D-Bus (libgio, loaded
        // with dlopen at the first key there, so the keyboard links no GLib and starts as before).
        .target(name: "CRemoteDesktop", cSettings: [.unsafeFlags(pkgConfigCFlags(["gio-2.0"]) + ["-fvisibility=hidden"])]),

        // The Wayland client library and the client side of the protocols the coming Wayland host
        // speaks (layer shell, input method v2, virtual keyboard and pointer, xdg-shell, viewporter,
        // fractional scale): cwayland.h includes each NAME-client-protocol.h, and the target compiles
        // each NAME-protocol.c (the interface tables). wayland-scanner writes both into
        // Sources/CWayland/generated/ (not in git) from tools/gen-wayland-protocols, which make runs
        // before every swift build: SwiftPM's build tool plugins cannot (see that script).
        .target(name: "CWayland", linkerSettings: [.linkedLibrary("wayland-client")]),
        // The Wayland host's C side: the connection's globals, the layer surface and its wl_shm
        // buffers, pointer and touch events queued as plain values, virtual-keyboard and input-method-v2.
        .target(name: "CWaylandHost", dependencies: ["CWayland"], cSettings: [.unsafeFlags(["-fvisibility=hidden"])]),

        // Text by the language's rules (case: Turkish i, German ß, Greek final sigma, Dutch ij), for Core and Predict.
        .target(name: "ClavierText", swiftSettings: noStringProcessing),
        .target(name: "ClavierCore", dependencies: ["ClavierText"], swiftSettings: noStringProcessing),
        // Codable to JSON and back without Foundation: the control wire, `status --json`, `predict`, `glide`, taps.json.
        .target(name: "ClavierJSON", swiftSettings: noStringProcessing),
        // Glide typing's decoder: a gesture over the letter keys in, the likeliest words out. Pure Swift (Core's Point).
        .target(name: "ClavierGlide", dependencies: ["ClavierCore"], swiftSettings: noStringProcessing),
        // Word prediction: n-gram language models (system, mapped from Assets/models) and the user's. Pure Swift and Glibc.
        .target(name: "ClavierPredict", dependencies: ["ClavierText"], swiftSettings: noStringProcessing),
        // Autocorrection's engine: a word's taps (where each landed on its key) and the text before it in, the word
        // to leave out. Pure Swift over Core (points, rectangles) and Predict (the language's models), no I/O.
        .target(name: "ClavierCorrect", dependencies: ["ClavierCore", "ClavierPredict"], swiftSettings: noStringProcessing),
        .target(name: "ClavierRender", dependencies: ["ClavierCore", "CPangoCairo", "CLazyLibs"], swiftSettings: drawingHeaders + noStringProcessing),
        // The loop's wait: one poll(2) on a window system's connection, a signal pipe and the app's descriptors.
        .target(name: "ClavierPoll", swiftSettings: noStringProcessing),
        .target(name: "ClavierX11", dependencies: ["ClavierCore", "ClavierPoll", "CX11", "CRemoteDesktop"], swiftSettings: noStringProcessing),
        .target(name: "ClavierSound", dependencies: ["CALSA", "CLazyLibs"], swiftSettings: noStringProcessing),
        // The Wayland side: the compositor's connection and events (as Core's WindowEvents), the layer
        // surface, typing through Clavier's own keymap and input-method-v2, the loop's poll.
        .target(name: "ClavierWayland", dependencies: ["ClavierCore", "ClavierPoll", "CWaylandHost", "CXKBCommon"], swiftSettings: noStringProcessing),
        // Reads layouts and themes from YAML into Core's values, with line and column for every problem.
        .target(name: "ClavierLayouts", dependencies: ["ClavierCore", "CXKBCommon", "CYAML", "ClavierJSON"], swiftSettings: noStringProcessing),
        // The built-in `us` layout and `system` theme, written as Swift at build time from
        // Assets/layouts/us.yaml and Assets/themes/system.yaml by the MakeBuiltins plugin: its
        // tool reads them with ClavierLayouts (which therefore cannot import this module) and
        // BuiltinsPrinter writes them out. Neither the tool nor the printer is shipped.
        .target(name: "ClavierBuiltins", dependencies: ["ClavierCore"], swiftSettings: noStringProcessing, plugins: ["MakeBuiltins"]),
        .plugin(name: "MakeBuiltins", capability: .buildTool(), dependencies: ["make-builtins"]),
        .executableTarget(name: "make-builtins", dependencies: ["BuiltinsPrinter", "ClavierCore", "ClavierLayouts"]),
        .target(name: "BuiltinsPrinter", dependencies: ["ClavierCore"]),
        // The app: the loop, the effect interpreter and all neither window system owns. It imports
        // no window system and no ArgumentParser (tools/check-core-imports).
        .target(name: "ClavierApp",
                dependencies: ["ClavierCore", "ClavierRender", "ClavierSound", "ClavierLayouts", "CFocusWatch", "CAccessibleKeys", "ClavierGlide",
                               "ClavierPredict", "ClavierCorrect", "ClavierJSON", "ClavierBuiltins"],
                swiftSettings: drawingHeaders + noStringProcessing),
        // The X11 host's parts: the app's host on an X display (never Wayland).
        .target(name: "ClavierXHost", dependencies: ["ClavierApp", "ClavierCore", "ClavierRender", "ClavierSound", "ClavierLayouts", "ClavierX11"],
                swiftSettings: drawingHeaders + noStringProcessing),
        // The Wayland host's parts: the app's host on a Wayland compositor (never X11).
        .target(name: "ClavierWaylandHost", dependencies: ["ClavierApp", "ClavierCore", "ClavierRender", "ClavierSound", "ClavierLayouts", "ClavierWayland"],
                swiftSettings: drawingHeaders + noStringProcessing),
        // The commands (ArgumentParser) and the wiring of the app to a host.
        .executableTarget(
            name: "clavier",
            dependencies: [
                "ClavierApp", "ClavierXHost", "ClavierWaylandHost",
                "ClavierCore", "ClavierRender", "ClavierX11", "ClavierWayland", "ClavierSound", "ClavierLayouts", "ClavierGlide", "ClavierPredict", "ClavierCorrect", "ClavierJSON",
                "ClavierBuiltins",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: drawingHeaders + noStringProcessing,
            linkerSettings: lazyLinking
        ),

        // What the tests and the bench share: child processes, a private Xvfb, temporary files.
        // Not shipped (no product names it).
        .target(name: "ClavierTestSupport", dependencies: ["CX11"]),
        // Moves and clicks a Wayland compositor's pointer (wlr-virtual-pointer) for the Wayland
        // host's tests: `wl-pointer click X Y`, or a gesture read from stdin. C; not shipped.
        .executableTarget(name: "wl-pointer", dependencies: ["CWayland"]),
        // make bench's Wayland press → key: a focused window of its own, clicks through wlr-virtual-pointer
        // and the wl_keyboard.key they bring, on one clock (clavier-bench's WaylandBench.swift). C; not shipped.
        .executableTarget(name: "wl-press-probe", dependencies: ["CWayland"]),

        // `make bench`: Clavier's figures beside its peers' (BENCHMARKS.md). Not a test.
        .executableTarget(name: "clavier-bench", dependencies: ["ClavierCore", "ClavierRender", "ClavierX11", "CX11", "ClavierTestSupport", "ClavierPredict", "ClavierGlide", "ClavierJSON",
                                                           "ClavierCorrect", "ClavierBuiltins"],
                         swiftSettings: drawingHeaders, linkerSettings: lazyLinking),

        // Floors for `make bench`'s resident memory: the least a Swift program holds that reads a
        // layout with Clavier's reader (libyaml), draws the letters page's labels with Pango and, with
        // --window, shows them in an X window. Not shipped.
        .executableTarget(name: "bench-floor", dependencies: ["ClavierLayouts", "CPangoCairo", "CLazyLibs", "CX11"],
                          swiftSettings: drawingHeaders, linkerSettings: lazyLinking),

        .testTarget(name: "ClavierCoreTests", dependencies: ["ClavierCore", "ClavierText", "ClavierBuiltins"]),
        // ClavierJSON against FoundationEssentials' JSONEncoder and JSONDecoder, with Clavier's own types.
        .testTarget(name: "ClavierJSONTests", dependencies: ["ClavierJSON", "ClavierCore", "ClavierLayouts", "ClavierApp", "clavier"],
                    swiftSettings: drawingHeaders),
        // The printer's round trip: values with every field set, printed by the plugin and compiled here.
        .testTarget(name: "BuiltinsPrinterTests", dependencies: ["BuiltinsPrinter", "ClavierCore"], plugins: ["MakeBuiltins"]),
        // ClavierPredict: the rules a real language model decides (she over ste, to or too).
        .testTarget(name: "ClavierGlideTests", dependencies: ["ClavierGlide", "ClavierPredict"]),
        .testTarget(name: "ClavierPredictTests", dependencies: ["ClavierPredict", "ClavierTestSupport"]),
        .testTarget(name: "ClavierCorrectTests", dependencies: ["ClavierCorrect", "ClavierPredict", "ClavierCore", "ClavierBuiltins", "ClavierTestSupport"]),
        // The Wayland side's own parts on a headless sway: fingers, the keymap Clavier writes.
        .testTarget(name: "ClavierWaylandTests", dependencies: ["ClavierWayland", "ClavierCore", "ClavierTestSupport", "CXKBCommon"]),
        .testTarget(name: "ClavierX11Tests", dependencies: ["ClavierX11", "ClavierCore", "ClavierPoll", "CX11"]),
        // The app's parts (control protocol, rule follower, floating frame, the loop with a recording host), tested
        // without X; `clavier` only for `run`'s options (RunCommandTests).
        .testTarget(name: "ClavierAppTests", dependencies: ["ClavierApp", "ClavierWaylandHost", "clavier", "ClavierCore", "ClavierX11", "ClavierBuiltins"],
                    swiftSettings: drawingHeaders),
        .testTarget(name: "ClavierRenderTests", dependencies: ["ClavierRender", "ClavierCore", "CPangoCairo", "ClavierLayouts", "ClavierBuiltins"],
                    resources: [.copy("Goldens")], swiftSettings: drawingHeaders),
        .testTarget(name: "ClavierSoundTests", dependencies: ["ClavierSound", "ClavierTestSupport"]),
        .testTarget(name: "ClavierLayoutsTests", dependencies: ["ClavierLayouts", "ClavierCore", "CXKBCommon", "ClavierTestSupport", "ClavierBuiltins"],
                    exclude: ["Broken"]),
        // The real program beside real clients, by window system: X11/ (Xvfb, xterm, GTK, Qt, Chromium),
        // Wayland/ (headless sway, foot, GTK 4), Desktops/ (headless KWin and mutter), Commands/
        // (no display); Support/ holds the sessions and the harness they share.
        .testTarget(name: "IntegrationTests", dependencies: ["ClavierCore", "ClavierLayouts", "ClavierRender", "ClavierX11", "CX11", "ClavierTestSupport", "ClavierBuiltins"],
                    swiftSettings: drawingHeaders),
    ],
    swiftLanguageModes: [.v6]
)
