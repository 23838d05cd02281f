import ClavierTestSupport
import Glibc
import Testing

/// What a test needs on the machine: programs on PATH, and the clavier binary. Without one,
/// the test does not run: a plain `swift test` skips it and says what is missing; under
/// `make test` (which installs them all and sets `CLAVIER_TESTS_NEED_ALL`) it fails, so
/// that nothing is ever skipped there.
struct Requirements: TestTrait, SuiteTrait, TestScoping {
    let tools: [String]
    let clavier: Bool
    /// On a suite, every test in it checks for itself.
    var isRecursive: Bool { true }

    /// Why the test cannot run here, or nil when it can.
    var missing: String? {
        for tool in tools where Harness.which(tool) == nil { return "\(tool) is not installed (make test installs it)" }
        if clavier && access(Harness.clavierBinary, X_OK) != 0 {
            return "no clavier binary at \(Harness.clavierBinary) (run swift build first)"
        }
        return nil
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        if let missing {
            guard getenv("CLAVIER_TESTS_NEED_ALL") == nil else {
                Issue.record("cannot run \(test.name): \(missing)")
                return
            }
            try Test.cancel("skipped: \(missing)")
        }
        try await function()
    }
}

extension Trait where Self == Requirements {
    /// A private X server with a pinned keymap (Xvfb, setxkbmap), an xterm to type into, and clavier.
    static var needsDisplay: Self { Requirements(tools: ["Xvfb", "xterm", "setxkbmap"], clavier: true) }
    /// The clavier binary alone: commands that need no X server.
    static var needsClavier: Self { Requirements(tools: [], clavier: true) }
    /// These programs on PATH.
    static func needs(_ tools: String...) -> Self { Requirements(tools: tools, clavier: false) }
}
