import ArgumentParser
import ClavierApp
import ClavierX11

extension Display {
    /// The connection to the X display `name` (nil: `$DISPLAY`) for a command; when there is
    /// none, says why in one line and ends the command with failure.
    static func opened(_ name: String?) throws -> Display {
        do {
            return try Display(name: name)
        } catch {
            Log.error(error.description)
            throw ExitCode.failure
        }
    }
}
