/// Everything ClavierSound can fail at, each case carrying what a user needs to act on it.
public enum SoundError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sound file could not be read (`fopen`/`fread` failed); `reason` is `strerror`'s text.
    case unreadableFile(path: String, reason: String)
    /// The file is not a RIFF/WAVE file of 16-bit PCM samples; `reason` says what is wrong.
    case invalidWAV(path: String, reason: String)
    /// `snd_pcm_open` failed for `device`; `alsaMessage` is `snd_strerror`'s text.
    case deviceUnavailable(device: String, alsaMessage: String)
    /// The device refused a setting (`snd_pcm_hw_params_set_*`, `snd_pcm_sw_params`, `snd_pcm_prepare`).
    case deviceRejected(device: String, setting: String, alsaMessage: String)
    /// libasound.so.2 could not be loaded (`dlopen`); `reason` is `dlerror`'s text.
    case libraryUnavailable(reason: String)
    /// The playback thread could not be started (`pthread_create`); `reason` is `strerror`'s text.
    case threadUnavailable(reason: String)

    /// One line for the user's terminal, naming the file or device.
    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            "cannot read sound file '\(path)': \(reason)"
        case let .invalidWAV(path, reason):
            "'\(path)' is not a 16-bit PCM WAV file: \(reason)"
        case let .deviceUnavailable(device, alsaMessage):
            "cannot open ALSA device '\(device)': \(alsaMessage)"
        case let .deviceRejected(device, setting, alsaMessage):
            "ALSA device '\(device)' rejected \(setting): \(alsaMessage)"
        case let .libraryUnavailable(reason):
            "cannot load ALSA: \(reason)"
        case let .threadUnavailable(reason):
            "cannot start the click playback thread: \(reason)"
        }
    }
}
