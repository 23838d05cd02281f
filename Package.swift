// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Clavier",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "clavier", targets: ["clavier"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // C libraries: module.modulemap + shim.h, nothing else.
        // Xlib, XTest, XInput2, RandR, MIT-SHM and xkbcommon-x11 share one module because
        // their headers all include <X11/Xlib.h> or xcb; split into modules, Swift would see
        // two copies of `Display`.
        .systemLibrary(name: "CX11", path: "Sources/CX11", pkgConfig: "x11 x11-xcb xtst xi xrandr xext xkbcommon-x11",
                       providers: [.apt(["libx11-dev", "libx11-xcb-dev", "libxtst-dev", "libxi-dev", "libxrandr-dev",
                                         "libxext-dev", "libxkbcommon-x11-dev"])]),
        // Pango's Cairo backend includes <cairo.h>: one module for the same reason.
        .systemLibrary(name: "CPangoCairo", path: "Sources/CPangoCairo", pkgConfig: "pangocairo cairo",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CALSA", path: "Sources/CALSA", pkgConfig: "alsa",
                       providers: [.apt(["libasound2-dev"])]),

        .target(name: "ClavierCore"),
        .target(name: "ClavierRender", dependencies: ["ClavierCore", "CPangoCairo"]),
        .target(name: "ClavierX11", dependencies: ["ClavierCore", "CX11"]),
        .target(name: "ClavierSound", dependencies: ["CALSA"]),
        // Reads layouts and themes from YAML into Core's values, with line and column for every problem.
        .target(name: "ClavierLayouts", dependencies: ["ClavierCore", .product(name: "Yams", package: "Yams")]),
        .executableTarget(
            name: "clavier",
            dependencies: [
                "ClavierCore", "ClavierRender", "ClavierX11", "ClavierSound", "ClavierLayouts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // `make bench`: Clavier's figures beside its peers' (BENCHMARKS.md). Not a test.
        .executableTarget(name: "clavier-bench", dependencies: ["ClavierCore", "ClavierRender", "ClavierX11", "CX11"]),

        .testTarget(name: "ClavierCoreTests", dependencies: ["ClavierCore"]),
        .testTarget(name: "ClavierRenderTests", dependencies: ["ClavierRender", "ClavierCore", "CPangoCairo", "ClavierLayouts"],
                    resources: [.copy("Goldens")]),
        .testTarget(name: "ClavierSoundTests", dependencies: ["ClavierSound"]),
        .testTarget(name: "ClavierLayoutsTests", dependencies: ["ClavierLayouts", "ClavierCore"], exclude: ["Broken"]),
        .testTarget(name: "IntegrationTests", dependencies: ["ClavierCore", "ClavierRender", "CX11"]),
    ],
    swiftLanguageModes: [.v6]
)
