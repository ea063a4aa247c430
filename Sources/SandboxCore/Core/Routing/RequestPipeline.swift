import CommerceCore
import Foundation
import Hummingbird
import Logging
import NIOCore

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

extension RouteBindings {
    /// Runs `route` inside the pipeline and sends the result: the one place a sandbox response becomes the one
    /// Hummingbird writes (or the connection is dropped, when a fault says so).
    func answer(
        _ request: SandboxRequest, owner: (any SandboxService)?, channel: (any Channel)?,
        route: (SandboxRequest) async throws -> SandboxResponse
    ) async -> Response {
        let response = await RequestPipeline(context: context, logger: logger).respond(
            to: request, owner: owner, route: route)
        if response.dropsConnection, let channel {
            wireLog?.record(request, response)
            await ConnectionDropHandler.drop(channel)
            // Never sent: Hummingbird's write to the closed channel fails quietly (logged at trace level).
            return Response(status: .serviceUnavailable)
        }
        return send(response, to: request)
    }

    /// The Hummingbird response for `response` (an empty body for HEAD), recorded in the wire log first.
    func send(_ response: SandboxResponse, to request: SandboxRequest) -> Response {
        wireLog?.record(request, response)
        return response.hummingbirdResponse(isHead: request.method == .head)
    }
}
