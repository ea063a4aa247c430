import Foundation

/// How a sandbox instance is started.
public struct SandboxOptions: Sendable {
    public var host: String
    /// `0` picks a free port (what tests use).
    public var port: Int
    /// Where the SQLite file lives; ignored when `inMemory`.
    public var dataDirectory: URL
    public var inMemory: Bool
    /// The base URL clients see, when it differs from the bound address (a tunnel, another host name).
    public var publicURL: URL?
    /// The finalization window, in days, of the organisation the service this names seeds (`commercekit serve
    /// --button-finalization-days`). Only that service reads it; the core carries it because `SandboxOptions` is
    /// what users set.
    public var buttonFinalizationDays: Int
    /// Serves the private keys the sandbox made for its test users at control routes, so tests can decrypt what
    /// clients encrypted. Off unless asked for: a sandbox reachable from a network should never show keys.
    public var unsafeDebugKeys: Bool
    /// The token `/sandbox/...` control routes and the console require when the sandbox listens beyond
    /// loopback (``ControlAccess``); one is generated at start when this is `nil`. Given on loopback, it is
    /// required there too.
    public var controlToken: String?
    /// A file every exchange is appended to, one JSON object per line (requests, answers, control routes);
    /// `nil` records nothing unless the `COMMERCEKIT_WIRE_LOG` environment variable names a file.
    public var wireLog: URL?
    /// How many sessions (`POST /sandbox/sessions`) may exist at once.
    public var maximumSessions: Int
    /// A session that has answered no request for this long is removed.
    public var sessionIdleTimeout: TimeInterval
    /// A folder written by ``Sandbox/export(to:)`` (`--export-on-exit`) to start from: its world replaces the
    /// seeded one and its snapshots are added.
    public var importDirectory: URL?

    public init(
        host: String = "127.0.0.1", port: Int = 8080,
        dataDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(".commercekit-sandbox"),
        inMemory: Bool = false, publicURL: URL? = nil, buttonFinalizationDays: Int = 30,
        unsafeDebugKeys: Bool = false, controlToken: String? = nil, wireLog: URL? = nil, maximumSessions: Int = 64,
        sessionIdleTimeout: TimeInterval = 30 * 60
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.inMemory = inMemory
        self.publicURL = publicURL
        self.buttonFinalizationDays = buttonFinalizationDays
        self.unsafeDebugKeys = unsafeDebugKeys
        self.controlToken = controlToken
        self.wireLog = wireLog
        self.maximumSessions = maximumSessions
        self.sessionIdleTimeout = sessionIdleTimeout
        self.importDirectory = nil
    }

    /// In memory on 127.0.0.1 and a free port: what tests start.
    public static var testing: SandboxOptions { SandboxOptions(port: 0, inMemory: true) }
}
