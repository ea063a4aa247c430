import CommerceCore
import Foundation
import Logging
import SandboxCore

/// What every world of one sandbox process shares: the sessions and the snapshots. The main sandbox makes it;
/// each session's sandbox gets the same one, so any port can list, create or delete sessions and snapshots.
final class SandboxHost: Sendable {
    /// The main world's options; a session's are derived from them (``sessionOptions(id:)``).
    let options: SandboxOptions
    let logger: Logger
    let sessions: SessionRegistry
    let snapshots: SnapshotStore
    private let main = Locked<String?>(nil)

    /// The main world's public base URL, without a trailing slash; known once it listens.
    var mainURL: String? { main.current }

    func setMainURL(_ url: String) { main.set(url) }

    init(options: SandboxOptions, logger: Logger) throws {
        self.options = options
        self.logger = logger
        snapshots = try SnapshotStore(directory: options.inMemory ? nil : Self.snapshotsDirectory(options))
        sessions = SessionRegistry(maximum: options.maximumSessions, idleTimeout: options.sessionIdleTimeout)
        // Sessions do not outlive their process (Documentation/Sessions.md): what a killed run left is removed.
        if !options.inMemory {
            try? FileManager.default.removeItem(at: Self.sessionsDirectory(options))
        }
    }

    /// A session's options: the main world's, on a free port of the same host, with its own data directory
    /// when the main world is file-backed.
    func sessionOptions(id: String) -> SandboxOptions {
        var session = options
        session.port = 0
        session.publicURL = nil
        session.dataDirectory = Self.sessionsDirectory(options).appendingPathComponent(id)
        return session
    }

    static func sessionsDirectory(_ options: SandboxOptions) -> URL {
        options.dataDirectory.appendingPathComponent("sessions")
    }

    static func snapshotsDirectory(_ options: SandboxOptions) -> URL {
        options.dataDirectory.appendingPathComponent("snapshots")
    }
}
