import CommerceCore
import Foundation
import GRDB
import Hummingbird
import SandboxCore

/// What one listener answers with: the world current when a request arrives. A request takes the world once,
/// so everything it touches comes from that one value; a reset to a snapshot builds a new world on the restored
/// database and puts it in, and requests already under way finish in the old one.
final class WorldSwitch: HTTPResponder, SnapshotRestoring, Sendable {
    typealias Context = SandboxRequestContext

    let ground: SandboxWorld.Ground
    private let current = Locked<SandboxWorld?>(nil)
    private let boundURL = Locked<URL?>(nil)
    /// When this listener last answered a request (wall time): what idle sessions are judged by.
    private let lastRequest = Locked(Date())

    init(ground: SandboxWorld.Ground) { self.ground = ground }

    var world: SandboxWorld? { current.current }

    var lastActivity: Date { lastRequest.current }

    /// Where a listener's first world comes from.
    enum Origin {
        /// The database as it is, with missing seed data added.
        case seeded
        case snapshot(String)
        /// A database file written by ``Sandbox/export(to:)``.
        case file(URL)
    }

    /// Builds the first world and installs it.
    func start(from origin: Origin) throws {
        switch origin {
        case .seeded: break
        case .snapshot(let name): try ground.host.snapshots.restore(name, into: ground.database)
        case .file(let url): try DatabaseQueue(path: url.path).backup(to: ground.database.writer)
        }
        let seed = if case .seeded = origin { true } else { false }
        current.set(try SandboxWorld.build(on: ground, listener: self, seed: seed).0)
    }

    /// The address the listener is bound to, known once it listens; every world of it reports it.
    func bind(to url: URL) {
        boundURL.set(url)
        world?.context.setBoundURL(url)
    }

    func hasSnapshot(named name: String) -> Bool { ground.host.snapshots.contains(name) }

    /// Puts the state of snapshot `name` here: the database is restored and a new world built on it (fresh
    /// caches, the snapshot's clock and fault rules); the journal is emptied.
    func restore(snapshot name: String) throws {
        try ground.host.snapshots.restore(name, into: ground.database)
        let (world, _) = try SandboxWorld.build(on: ground, listener: self, seed: false)
        if let url = boundURL.current { world.context.setBoundURL(url) }
        ground.journal.removeAll()
        current.set(world)
    }

    func respond(to request: Request, context: SandboxRequestContext) async throws -> Response {
        lastRequest.set(Date())
        guard let world = current.current else {
            throw HTTPError(.serviceUnavailable, message: "This sandbox is still starting")
        }
        return try await world.responder.respond(to: request, context: context)
    }
}
