/// Shared foundation for every CommerceKit client module: HTTP transport and retries, crash-safe client
/// storage, JSON, ISO-8601 dates and ISO 4217 currencies. It has no server
/// dependencies, so an app that adds a client module pulls in nothing of the sandbox.
public enum CommerceCore {
    /// The CommerceKit release, reported in User-Agent headers.
    public static let version = "0.1.0"
}
