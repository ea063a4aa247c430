/// Why ``Sandbox/start(_:logger:)`` failed; the description is a sentence for a log or a terminal.
public enum SandboxError: Error, CustomStringConvertible {
    /// The server never listened: the host was not an address, or the server stopped first.
    case couldNotStart(String)

    public var description: String {
        switch self {
        case .couldNotStart(let reason): "The sandbox could not start: \(reason)"
        }
    }
}
