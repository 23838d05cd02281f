#if canImport(Glibc)
import Glibc
#endif

/// The XDG base directories Clavier keeps its files under.
public enum XDGDirectory {
    case config, state, cache

    /// Clavier's directory under this base: `$XDG_…_HOME/clavier` when that variable is an
    /// absolute path, else `$HOME/.config|.local/state|.cache/clavier`; nil without `HOME`.
    /// The variables come from `environment` when given (tests), else from the process.
    public func clavierPath(environment: [String: String]? = nil) -> String? {
        let (variable, underHome): (String, String) = switch self {
        case .config: ("XDG_CONFIG_HOME", ".config")
        case .state: ("XDG_STATE_HOME", ".local/state")
        case .cache: ("XDG_CACHE_HOME", ".cache")
        }
        func value(_ name: String) -> String? {
            // Read one by one, not gathered into a dictionary: a start's first [String: String]
            // costs its generic metadata (8% of a start's samples), and the process needs none otherwise.
            if let environment { return environment[name] }
            return getenv(name).map { String(cString: $0) }
        }
        if let base = value(variable), base.hasPrefix("/") { return base + "/clavier" }
        return value("HOME").map { $0 + "/" + underHome + "/clavier" }
    }
}
