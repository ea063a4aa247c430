import CommerceCore
import Foundation
import Logging

/// What every request goes through between the HTTP server and a service's handler: vendor requests meet
/// the fault injector (rendered in the owning service's envelope) and are recorded in the journal; errors a
/// handler lets escape become a plain 500 that says it is a sandbox bug. The HTTP responder and in-process
/// test rigs both answer through this, so neither can skip a step.
public struct RequestPipeline: Sendable {
    let context: SandboxContext
    let router: SandboxRouter
    let logger: Logger

    public func respond(to request: SandboxRequest) async -> SandboxResponse {
        guard !request.rawPath.hasPrefix("/sandbox/") else { return await answer(request) }
        let id = context.journal.nextID()
        let arrived = (time: context.clock.now(), wall: Date())
        let owner = context.owner(ofPath: request.path)
        let render: FaultInjector.Renderer = { status, body in
            owner?.faultResponse(status: status, body: body) ?? .json(body ?? ["error": "Injected fault"], status: status)
        }
        let response: SandboxResponse
        do {
            response = try await context.faults.apply(to: request, render: render) { await answer(request) }
        } catch {
            // Only a cancelled fault delay or a failed fault-store write gets here.
            response = internalError(request, error)
        }
        context.journal.record(JournalEntry(
            id: id, service: owner?.name, method: request.method, path: request.path, query: request.rawQuery,
            status: response.status, time: arrived.time, wallTime: arrived.wall,
            durationSeconds: Date().timeIntervalSince(arrived.wall), requestHeaders: request.headers, requestBody: request.body,
            responseHeaders: response.headers, responseBody: response.body, notes: response.journalNotes,
            dropped: response.dropsConnection))
        return response
    }

    private func answer(_ request: SandboxRequest) async -> SandboxResponse {
        do { return try await router.respond(to: request) } catch { return internalError(request, error) }
    }

    /// A service let an error escape: a sandbox bug, never the client's fault. Say so plainly.
    private func internalError(_ request: SandboxRequest, _ error: any Error) -> SandboxResponse {
        logger.error("Unhandled error for \(request.method) \(request.rawPath): \(error)")
        return .json(["error": .string("CommerceKit sandbox internal error: \(error)")], status: 500)
    }
}
