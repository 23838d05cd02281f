//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Argument Parser open source project
//
// Copyright (c) 2025 Apple Inc. and the Swift project authors
// Licensed under Apache License v2.0 with Runtime Library Exception
//
// See https://swift.org/LICENSE.txt for license information
//
//===----------------------------------------------------------------------===//

// Clavier's copy (README.vendor): upstream first asks an error for
// Foundation's `LocalizedError.errorDescription`, which links all of
// FoundationEssentials into every program using the library. Here an error is
// described by `String(describing:)` alone, which is what upstream prints on
// Linux for every error that is not a `LocalizedError`: conform to
// `CustomStringConvertible` to give a message.

extension Error {
  func describe() -> String {
    String(describing: self)
  }
}
