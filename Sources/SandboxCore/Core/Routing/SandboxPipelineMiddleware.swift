import CommerceCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The sandbox's one Hummingbird middleware: reads the body within the owning service's limit and puts the
/// request as a ``SandboxRequest`` in the context. The matched ``SandboxEndpoint`` runs the ``RequestPipeline``
/// (faults, journal) around its handler and sends the result; a path no route matches gets the owning prefix's
/// 404 through the same pipeline here.
struct SandboxPipelineMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    /// Bodies above this are refused for paths whose service sets no limit of its own, and for `/sandbox/`.
    static let maximumBodySize = 8 * 1024 * 1024

    func handle(
        _ request: Request, context requestContext: SandboxRequestContext,
        next: (Request, SandboxRequestContext) async throws -> Response
    ) async throws -> Response {
        guard let bindings = requestContext.bindings else {
            throw HTTPError(.internalServerError, message: "the request reached the router without a world")
        }
        let context = bindings.context
        var headers = HTTPHeaders()
        for field in request.headers { headers.add(name: field.name.rawName, value: field.value) }
        // HTTP/1's Host header arrives as the pseudo-header :authority; services (a rule on the host a request
        // names) and the journal read it by its HTTP/1 name.
        if headers["Host"] == nil, let authority = request.head.authority {
            headers.add(name: "Host", value: authority)
        }
        let rawPath = request.uri.path
        let isControl = rawPath.hasPrefix("/sandbox/")
        // Most paths carry no escapes; decoding only those that do keeps Foundation off the common path.
        let decodedPath =
            rawPath.utf8.contains(UInt8(ascii: "%")) ? rawPath.removingPercentEncoding ?? rawPath : rawPath
        let owner = isControl ? nil : context.owner(ofPath: decodedPath)
        var sandboxRequest = SandboxRequest(
            method: HTTPMethod(rawValue: request.method.rawValue), rawPath: rawPath, rawQuery: request.uri.query,
            headers: headers, remoteAddress: requestContext.remoteAddress?.ipAddress)
        switch await Self.readBody(of: request, limits: owner?.bodyLimits ?? .standard) {
        case .read(let data): sandboxRequest.body = data
        case .unreadable:
            return bindings.send(
                SandboxPlainError(status: 400, message: "Request body could not be read").response, to: sandboxRequest)
        case .tooLarge(let limit):
            return bindings.send(
                SandboxPlainError(status: 413, message: "Request body exceeds \(limit / 1_048_576) MiB").response,
                to: sandboxRequest)
        }
        var forwarded = requestContext
        forwarded.sandboxRequest = sandboxRequest
        forwarded.owner = owner
        do {
            return try await next(request, forwarded)
        } catch let error as HTTPError where error.status == .notFound {
            return await bindings.answer(sandboxRequest, owner: owner, channel: requestContext.channel) { request in
                context.fallback(for: request.rawPath).notFound(request)
            }
        }
    }

    enum BodyRead {
        case read(Data)
        case unreadable
        case tooLarge(Int)
    }

    /// The body within `limits`. A service that answers oversized bodies itself (after the checks its spec
    /// puts first) gets one byte over its limit, enough to tell, and memory stays bounded.
    static func readBody(of request: Request, limits: BodyLimits) async -> BodyRead {
        if limits.serviceAnswersOversized {
            do { return .read(try await collectPrefix(of: request, upTo: limits.maximum + 1)) } catch {
                return .unreadable
            }
        }
        var mutable = request
        do {
            return .read(Data(buffer: try await mutable.collectBody(upTo: limits.maximum)))
        } catch {
            return .tooLarge(limits.maximum)
        }
    }

    /// Reads at most `maximumBytes` of the body; the rest is left for Hummingbird to drain after the response.
    private static func collectPrefix(of request: Request, upTo maximumBytes: Int) async throws -> Data {
        var collected = Data()
        for try await chunk in request.body {
            let room = maximumBytes - collected.count
            if chunk.readableBytes >= room {
                if let slice = chunk.getSlice(at: chunk.readerIndex, length: room) {
                    collected.append(contentsOf: slice.readableBytesView)
                }
                break
            }
            collected.append(contentsOf: chunk.readableBytesView)
        }
        return collected
    }
}

/// How much of a request body a service reads.
package struct BodyLimits: Sendable {
    package var maximum: Int
    /// The service reports an oversized body itself, in its own envelope and order of checks.
    package var serviceAnswersOversized: Bool

    package init(maximum: Int, serviceAnswersOversized: Bool = false) {
        self.maximum = maximum
        self.serviceAnswersOversized = serviceAnswersOversized
    }

    package static let standard = BodyLimits(maximum: SandboxPipelineMiddleware.maximumBodySize)
}
