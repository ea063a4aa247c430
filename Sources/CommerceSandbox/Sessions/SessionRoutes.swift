import CommerceCore
import Foundation
import SandboxCore

/// `/sandbox/sessions` and `/sandbox/snapshots`: isolated worlds on their own ports, and named copies of a
/// world's state. Served on every port; a snapshot is taken of the world of the port it is asked on.
struct SessionRoutes: Sendable {
    let context: SandboxContext
    let host: SandboxHost

    func register(on router: ServiceRoutes) {
        router.post("/sandbox/sessions", handler: ControlProblem.answering(createSession))
        router.get("/sandbox/sessions") { _ in
            .json(["sessions": .array(try await host.sessions.all.map(Self.json))])
        }
        router.get("/sandbox/sessions/:id") { request in
            guard let session = await host.sessions.session(id: request.parameter("id")) else {
                return Self.noSession(request.parameter("id"))
            }
            return .json(try Self.json(session))
        }
        router.delete("/sandbox/sessions/:id") { request in
            guard await host.sessions.remove(id: request.parameter("id")) else {
                return Self.noSession(request.parameter("id"))
            }
            return SandboxResponse(status: 204)
        }
        router.post("/sandbox/snapshots", handler: ControlProblem.answering(takeSnapshot))
        router.get("/sandbox/snapshots") { _ in
            .json(["snapshots": .array(try host.snapshots.all.map(Self.json))])
        }
        router.delete("/sandbox/snapshots/:name") { request in
            guard host.snapshots.remove(request.parameter("name")) else {
                return ControlProblem(status: 404, [("name", "No snapshot \(request.parameter("name"))")]).response
            }
            return SandboxResponse(status: 204)
        }
    }

    /// `{"name"?: string, "from"?: snapshot name}`.
    private func createSession(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ControlProblem.object(request)
        let name = try ControlProblem.optionalString(body, "name")
        let from = try ControlProblem.optionalString(body, "from")
        if let name, name.count > 100 { throw ControlProblem(field: "name", "name must be at most 100 characters") }
        do {
            let session = try await host.sessions.create(name: name, from: from, host: host)
            return .json(try Self.json(session), status: 201)
        } catch SessionRegistry.Failure.full(let maximum) {
            throw ControlProblem(
                status: 429,
                [
                    (
                        "sessions",
                        "This sandbox already has \(maximum) sessions, its maximum (--max-sessions); delete one, or wait for idle ones to expire"
                    )
                ])
        } catch SessionRegistry.Failure.unknownSnapshot(let snapshot) {
            throw ControlProblem(status: 404, [("from", "No snapshot \(snapshot)")])
        }
    }

    /// `{"name": string}`: a copy of this port's world.
    private func takeSnapshot(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ControlProblem.object(request)
        guard let name = try ControlProblem.optionalString(body, "name") else {
            throw ControlProblem(field: "name", "name is required")
        }
        do {
            let snapshot = try host.snapshots.capture(name, from: context.database)
            return .json(try Self.json(snapshot), status: 201)
        } catch SnapshotStore.Failure.invalidName {
            throw ControlProblem(
                field: "name", "name must be 1 to 64 letters, digits, '.', '_' or '-', not starting with '.'")
        } catch SnapshotStore.Failure.exists(let existing) {
            throw ControlProblem(
                status: 409, [("name", "A snapshot \(existing) exists; delete it first or choose another name")])
        }
    }

    private static func noSession(_ id: String) -> SandboxResponse {
        ControlProblem(status: 404, [("id", "No session \(id); it may have been deleted or expired")]).response
    }

    static func json(_ session: SessionRegistry.Session) throws -> JSONValue {
        [
            "id": .string(session.id),
            "name": session.name.map(JSONValue.string) ?? .null,
            "base_url": .string(session.sandbox.baseURL.absoluteString),
            "port": .integer(Int64(session.sandbox.baseURL.port ?? 0)),
            "created_at": .string(ISO8601.format(session.createdAt, fraction: .milliseconds)),
            "last_request_at": .string(ISO8601.format(session.lastRequestAt, fraction: .milliseconds)),
            "credentials": try session.sandbox.credentials(),
        ]
    }

    static func json(_ snapshot: SnapshotStore.Snapshot) throws -> JSONValue {
        [
            "name": .string(snapshot.name),
            "created_at": .string(ISO8601.format(snapshot.createdAt, fraction: .milliseconds)),
            "size_bytes": .integer(try snapshot.size()),
        ]
    }
}
