import ClavierCore
import ClavierSound

/// A running keyboard's key click, on either host: its player opened at the first press (not
/// before the first picture: ALSA's device takes its time), and again as the settings page
/// turns the click on or changes its volume (`--sound`, `--volume` as the page leaves them).
package final class Click {
    private var player: ClickPlayer?
    private var opened = false
    private let live: LiveSettings
    /// Opens a player at the volume the settings say now (nil: no sound to be had, said once).
    private let open: () -> ClickPlayer?

    package init(live: LiveSettings, open: @escaping () -> ClickPlayer?) {
        self.live = live
        self.open = open
    }

    /// The first press (or anything the session does beyond marking keys): the player opens
    /// if the click is on. True the first time only.
    @discardableResult
    package func firstPress() -> Bool {
        guard !opened else { return false }
        opened = true
        if live.current[.sound] { player = open() }
        return true
    }

    package func play() { player?.play() }

    /// The settings page turned the click on or off; before the first press nothing opens yet.
    package func soundChanged(on: Bool) {
        guard opened else { return }
        player = on ? (player ?? open()) : nil
    }

    /// The settings page changed the volume: the player is opened again at it.
    package func volumeChanged() {
        guard opened, live.current[.sound] else { return }
        player = open()
    }

    /// The click player, or nil with one warning when there is no sound to be had.
    package static func openPlayer(device: String, volume: Int = 100) -> ClickPlayer? {
        guard let path = DataFiles.find("sounds/click.wav") else {
            Log.warning("no sounds/click.wav in \(DataFiles.candidates.joined(separator: ", ")); keys will not click")
            return nil
        }
        do {
            return try ClickPlayer(sound: try PCMSound.loadWAV(path: path).scaled(percent: volume), device: device)
        } catch {
            Log.warning("\(error); keys will not click")
            return nil
        }
    }
}
