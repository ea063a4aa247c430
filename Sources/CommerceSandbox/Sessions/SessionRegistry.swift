import CommerceCore
import Foundation
import SandboxCore

/// The sessions of one sandbox process: isolated worlds, each a ``Sandbox`` of its own on its own port.
/// Sessions idle longer than the timeout are removed by a sweep (a crashed test run leaks nothing), and there
/// are at most `maximum` at once.
actor SessionRegistry {
    struct Session: Sendable {
        let id: String
        let name: String?
        let sandbox: Sandbox
        let createdAt: Date

        var lastRequestAt: Date { sandbox.listener.lastActivity }
    }

    enum Failure: Error, Equatable {
        case full(maximum: Int)
        case unknownSnapshot(String)
    }

    let maximum: Int
    let idleTimeout: TimeInterval
    private var sessions: [Session] = []
    /// Sessions being started: they count against `maximum` before they exist.
    private var starting = 0
    private var sweeper: Task<Void, Never>?

    init(maximum: Int, idleTimeout: TimeInterval) {
        self.maximum = maximum
        self.idleTimeout = idleTimeout
    }

    var all: [Session] { sessions }

    func session(id: String) -> Session? { sessions.first { $0.id == id } }

    /// Starts a session, seeded or from snapshot `from`.
    func create(name: String?, from snapshot: String?, host: SandboxHost) async throws -> Session {
        guard sessions.count + starting < maximum else { throw Failure.full(maximum: maximum) }
        if let snapshot, !host.snapshots.contains(snapshot) { throw Failure.unknownSnapshot(snapshot) }
        starting += 1
        defer { starting -= 1 }
        let id = "s-" + RandomToken.hex(8)
        let sandbox = try await Sandbox.start(
            host.sessionOptions(id: id), host: host, ownsHost: false, origin: snapshot.map { .snapshot($0) } ?? .seeded,
            logger: host.logger)
        let session = Session(id: id, name: name, sandbox: sandbox, createdAt: Date())
        sessions.append(session)
        return session
    }

    /// Stops and forgets session `id`; `false` when there is none.
    func remove(id: String) async -> Bool {
        guard let index = sessions.firstIndex(where: { $0.id == id }) else { return false }
        let session = sessions.remove(at: index)
        await Self.discard(session)
        return true
    }

    /// Removes every session whose last request is older than the idle timeout at `now`; returns their ids.
    @discardableResult
    func removeIdle(now: Date) async -> [String] {
        let idle = sessions.filter { now.timeIntervalSince($0.lastRequestAt) > idleTimeout }
        for session in idle { _ = await remove(id: session.id) }
        return idle.map(\.id)
    }

    func removeAll() async {
        sweeper?.cancel()
        sweeper = nil
        let all = sessions
        sessions = []
        for session in all { await Self.discard(session) }
    }

    /// Sweeps for idle sessions in the background, a few times per timeout, until ``removeAll()``.
    func startSweeping() {
        guard sweeper == nil else { return }
        let interval = max(1, min(idleTimeout / 4, 60))
        sweeper = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                guard let self else { return }
                await self.removeIdle(now: Date())
            }
        }
    }

    private static func discard(_ session: Session) async {
        await session.sandbox.stop()
        if let directory = session.sandbox.dataDirectory {
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
