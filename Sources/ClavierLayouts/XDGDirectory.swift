
/// The XDG base directories Clavier keeps its files under.
public enum XDGDirectory {
    case config, state, cache

    /// Clavier's directory under this base: `$XDG_…_HOME/clavier` when that variable is an
    /// absolute path, else `$HOME/.config|.local/state|.cache/clavier`; nil without `HOME`.
    public func clavierPath(environment: [String: String] = PathEnvironment.current) -> String? {
        let (variable, underHome): (String, String) = switch self {
        case .config: ("XDG_CONFIG_HOME", ".config")
        case .state: ("XDG_STATE_HOME", ".local/state")
        case .cache: ("XDG_CACHE_HOME", ".cache")
        }
        if let base = environment[variable], base.hasPrefix("/") { return base + "/clavier" }
        return environment["HOME"].map { $0 + "/" + underHome + "/clavier" }
    }
}
