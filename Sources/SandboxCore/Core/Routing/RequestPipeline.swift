import CommerceCore
import Foundation
import Logging

/// The steps every request takes around its route: vendor requests meet the fault injector (rendered in the
/// owning service's envelope) and are recorded in the journal; an error a handler lets escape becomes a plain
/// 500 that says it is a sandbox bug. `/sandbox/` routes skip faults and the journal.
struct RequestPipeline: Sendable {
    let context: SandboxContext
    let logger: Logger

    func respond(
        to request: SandboxRequest, owner: (any SandboxService)?,
        route: (SandboxRequest) async throws -> SandboxResponse
    ) async -> SandboxResponse {
        if let refusal = context.access.refusal(for: request, openPrefixes: context.publicControlPrefixes) {
            return refusal
        }
        // The console's redirect at `/` is no vendor request either.
        guard !request.rawPath.hasPrefix("/sandbox/"), request.rawPath != "/" else {
            return await answer(request, route)
        }
        let id = context.journal.nextID()
        let arrived = (time: context.clock.now(), wall: Date())
        let render: FaultInjector.Renderer = { status, body in
            owner?.faultResponse(status: status, body: body)
                ?? SandboxPlainError.fault(
                    status: status, body: body, otherwise: SandboxPlainError(status: status, message: "Injected fault"))
        }
        let response: SandboxResponse
        do {
            response = try await context.faults.apply(to: request, render: render) { await answer(request, route) }
        } catch {
            // Only a cancelled fault delay or a failed fault-store write gets here.
            response = internalError(request, error)
        }
        context.journal.record(
            JournalEntry(
                id: id, service: owner?.name, method: request.method, path: request.path, query: request.rawQuery,
                status: response.status, time: arrived.time, wallTime: arrived.wall,
                durationSeconds: Date().timeIntervalSince(arrived.wall), requestHeaders: request.headers,
                requestBody: request.body,
                responseHeaders: response.headers, responseBody: response.body, notes: response.journalNotes,
                dropped: response.dropsConnection))
        return response
    }

    private func answer(_ request: SandboxRequest, _ route: (SandboxRequest) async throws -> SandboxResponse) async
        -> SandboxResponse
    {
        do { return try await route(request) } catch { return internalError(request, error) }
    }

    /// A service let an error escape: a sandbox bug, never the client's fault. Say so plainly.
    private func internalError(_ request: SandboxRequest, _ error: any Error) -> SandboxResponse {
        logger.error("Unhandled error for \(request.method) \(request.rawPath): \(error)")
        return SandboxPlainError(status: 500, message: "CommerceKit sandbox internal error: \(error)").response
    }
}
