// swift-tools-version:6.0
//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Argument Parser open source project
//
// Copyright (c) 2020 Apple Inc. and the Swift project authors
// Licensed under Apache License v2.0 with Runtime Library Exception
//
// See https://swift.org/LICENSE.txt for license information
//
//===----------------------------------------------------------------------===//

// Clavier's copy (README.vendor): upstream's manifest cut down to what Clavier builds, the
// library and the generate-manual tool that writes clavier(1). No tests, examples or plugins.

import PackageDescription

let package = Package(
  name: "swift-argument-parser",
  products: [
    .library(
      name: "ArgumentParser",
      targets: ["ArgumentParser"]),
    .executable(
      name: "generate-manual",
      targets: ["generate-manual"]),
  ],
  dependencies: [],
  targets: [
    // Core Library
    // Clavier's change: upstream's own use of its deprecated `_errorLabel` (kept there for
    // compatibility) warned in every Clavier build; vendored code's warnings are not ours to fix.
    .target(
      name: "ArgumentParser",
      dependencies: ["ArgumentParserToolInfo"],
      swiftSettings: [.unsafeFlags(["-suppress-warnings"])]),
    .target(
      name: "ArgumentParserToolInfo"),

    // Tools
    .executableTarget(
      name: "generate-manual",
      dependencies: ["ArgumentParser", "ArgumentParserToolInfo"],
      path: "Tools/generate-manual"),
  ]
)
