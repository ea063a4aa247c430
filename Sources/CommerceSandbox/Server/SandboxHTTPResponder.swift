import CommerceCore
import Foundation
import Hummingbird
import Logging
import NIOCore

/// Adapts Hummingbird to the sandbox: collects the body, converts the request, and answers through the
/// ``RequestPipeline`` (faults, journal, routing).
struct SandboxHTTPResponder: HTTPResponder {
    typealias Context = SandboxRequestContext

    /// Bodies above this are refused before any service sees them (except where ``ownBodyLimit(forPath:)``
    /// applies); services apply their own smaller limits.
    static let maximumBodySize = 8 * 1024 * 1024

    let router: SandboxRouter
    let context: SandboxContext
    let logger: Logger

    func respond(to request: Request, context requestContext: SandboxRequestContext) async throws -> Response {
        var headers = HTTPHeaders()
        for field in request.headers { headers.add(name: field.name.rawName, value: field.value) }
        // HTTP/1's Host header arrives as the pseudo-header :authority; services (Button's M2 rule) and the
        // request log read it by its HTTP/1 name.
        if headers["Host"] == nil, let authority = request.head.authority { headers.add(name: "Host", value: authority) }
        var mutableRequest = request
        let body: Data
        if let limit = Self.ownBodyLimit(forPath: request.uri.path) {
            // The service answers an oversized body itself, after the checks its spec puts first; keeping
            // one byte over its limit is enough for it to tell, and memory stays bounded.
            do {
                body = try await Self.collectPrefix(of: request, upTo: limit + 1)
            } catch {
                return Self.convert(.json(["error": "Request body could not be read"], status: 400))
            }
        } else {
            do {
                body = Data(buffer: try await mutableRequest.collectBody(upTo: Self.maximumBodySize))
            } catch {
                return Self.convert(.json(["error": "Request body exceeds 8 MiB"], status: 413))
            }
        }
        let sandboxRequest = SandboxRequest(
            method: HTTPMethod(rawValue: request.method.rawValue), rawPath: request.uri.path, rawQuery: request.uri.query,
            headers: headers, body: body, remoteAddress: requestContext.remoteAddress?.ipAddress)

        let response = await RequestPipeline(context: context, router: router, logger: logger).respond(to: sandboxRequest)
        if response.dropsConnection {
            await ConnectionDropHandler.drop(requestContext.channel)
            // Never sent: Hummingbird's write to the closed channel fails quietly (logged at trace level).
            return Response(status: .serviceUnavailable)
        }
        return Self.convert(response, isHead: sandboxRequest.method == .head)
    }

    /// The body limit of a service that reports oversized bodies in its own envelope and order, or `nil`.
    /// Storefront's GraphQL paths (`/api/{version}/graphql[.json]`, and any `/api/{YYYY-MM}/…` it answers
    /// with 404/405) check path, method, version and token before size (spec storefront §4.1 H12); other
    /// `/api/` prefixes (ATH Móvil's) and every other service keep the generic 8 MiB answer.
    static func ownBodyLimit(forPath path: String) -> Int? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.count >= 2, segments[0] == "api" else { return nil }
        let isGraphQLPath = segments.count == 3 && (segments[2] == "graphql" || segments[2] == "graphql.json")
        guard isGraphQLPath || StorefrontHTTPErrors.isWellFormedVersion(String(segments[1])) else { return nil }
        return StorefrontGraphQLEndpoint.maximumBodySize
    }

    /// Reads at most `maximumBytes` of the body; the rest is left for Hummingbird to drain after the response.
    private static func collectPrefix(of request: Request, upTo maximumBytes: Int) async throws -> Data {
        var collected = Data()
        for try await chunk in request.body {
            let room = maximumBytes - collected.count
            if chunk.readableBytes >= room {
                if let slice = chunk.getSlice(at: chunk.readerIndex, length: room) { collected.append(contentsOf: slice.readableBytesView) }
                break
            }
            collected.append(contentsOf: chunk.readableBytesView)
        }
        return collected
    }

    private static func convert(_ response: SandboxResponse, isHead: Bool = false) -> Response {
        var fields = HTTPFields()
        for header in response.headers {
            if let name = HTTPFields.Element.Name(header.name) { fields.append(HTTPFields.Element(name: name, value: header.value)) }
        }
        let body = isHead ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: response.body))
        return Response(status: .init(code: response.status), headers: fields, body: body)
    }
}

/// Request context that remembers the peer address (deferred links can match on it) and the connection
/// (a drop fault closes it).
struct SandboxRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }
}
