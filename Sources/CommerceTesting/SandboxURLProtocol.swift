import CommerceCore
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests for the vendors' real hosts (`api.usebutton.com`, `*.myshopify.com`, the ATH Móvil and Rezolve
/// hosts, and any you add, such as your Paytronix merchant host) to a sandbox session instead, so code that uses a
/// vendor SDK with hard-coded HTTPS hosts is tested against the sandbox without changes. Paths and queries are
/// kept; scheme, host and port become the session's.
///
/// ```swift
/// let configuration = SandboxURLProtocol.configuration(routingTo: session.baseURL)
/// let transport = URLSessionTransport(session: URLSession(configuration: configuration))
/// // or hand URLSession(configuration:) to an SDK that takes a URLSession
/// ```
///
/// Routes are kept per host for the whole process: Foundation asks a URL protocol about a request before the
/// session's own headers are on it, so the host is all it can go by. A host goes to one session at a time (the
/// latest route wins); tests that run in parallel through this protocol give each session its own hosts (every
/// shop its own `*.myshopify.com` domain, `hosts:` for the rest) and call ``removeRoutes(to:)`` when done.
public final class SandboxURLProtocol: URLProtocol {
    /// The production hosts of the five vendors, as exact names or `.suffix`es.
    public static let vendorHosts = [
        "api.usebutton.com", "mobileapi.usebutton.com", ".mobileapi.usebutton.com", ".myshopify.com",
        "payments.athmovil.com", "www.athmovil.com", "core.eu.rezolve.com", "core.sbx.eu.rezolve.com",
    ]

    /// Host rule (exact name or `.suffix`, lowercased) → where its requests go.
    private static let routes = Locked<[String: URL]>([:])

    /// Sends requests for `hosts` to `baseURL` from now on, in every session whose configuration lists this protocol.
    public static func route(_ hosts: [String] = vendorHosts, to baseURL: URL) {
        routes.withLock { table in
            for host in hosts { table[host.lowercased()] = baseURL }
        }
    }

    /// Forgets every route to `baseURL` (a session that has ended).
    public static func removeRoutes(to baseURL: URL) {
        routes.withLock { table in table = table.filter { $0.value != baseURL } }
    }

    /// Routes `hosts` to `baseURL` and returns a configuration (based on `base`) that goes through this protocol.
    public static func configuration(
        routingTo baseURL: URL, hosts: [String] = vendorHosts, base: URLSessionConfiguration = .ephemeral
    ) -> URLSessionConfiguration {
        route(hosts, to: baseURL)
        base.protocolClasses = [SandboxURLProtocol.self] + (base.protocolClasses ?? [])
        return base
    }

    /// Where a request for `host` goes: the route of the exact name, else of the longest matching `.suffix`.
    static func target(for host: String) -> URL? {
        let host = host.lowercased()
        let table = routes.current
        if let exact = table[host] { return exact }
        return table.filter { $0.key.hasPrefix(".") && host.hasSuffix($0.key) && host.count > $0.key.count }
            .max { $0.key.count < $1.key.count }?.value
    }

    /// The request as the session should get it, or `nil` when its host has no route.
    static func rerouted(_ request: URLRequest) -> URLRequest? {
        guard let url = request.url, let host = url.host, let target = target(for: host),
            var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return nil }
        parts.scheme = target.scheme
        parts.host = target.host
        parts.port = target.port
        var forwarded = request
        forwarded.url = parts.url
        return forwarded
    }

    override public class func canInit(with request: URLRequest) -> Bool { rerouted(request) != nil }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    /// The session that sends the rerouted requests: without this protocol, so nothing loops.
    private static let forwarder = URLSession(configuration: .ephemeral)
    private let forwarding = Locked<URLSessionDataTask?>(nil)

    override public func startLoading() {
        guard let forwarded = Self.rerouted(request) else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        let loading = Loading(protocolInstance: self)
        let forwarding = self.forwarding
        // FoundationNetworking calls startLoading on the original session's queue; a task of another session
        // started from there deadlocks in dispatch, so the forwarding task is made and answered from elsewhere.
        DispatchQueue.global().async {
            let task = Self.forwarder.dataTask(with: forwarded) { data, response, error in
                DispatchQueue.global().async { loading.deliver(data: data, response: response, error: error) }
            }
            forwarding.set(task)
            task.resume()
        }
    }

    override public func stopLoading() { forwarding.current?.cancel() }

    /// Hands this instance to the forwarding task's completion.
    // @unchecked: URLProtocol is a non-Sendable Foundation class. Safe here because, once startLoading has returned,
    // the completion is the only code that touches the instance (it reads `request`, set before loading, and calls
    // `client`), and URLProtocolClient's callbacks may be called from any thread: the session serialises them.
    private struct Loading: @unchecked Sendable {
        let protocolInstance: SandboxURLProtocol

        /// Passes the sandbox's answer on as the answer of the original URL.
        func deliver(data: Data?, response: URLResponse?, error: (any Error)?) {
            let instance = protocolInstance
            if let error {
                instance.client?.urlProtocol(instance, didFailWithError: error)
                return
            }
            if let http = response as? HTTPURLResponse, let url = instance.request.url,
                let answer = HTTPURLResponse(
                    url: url, statusCode: http.statusCode, httpVersion: "HTTP/1.1",
                    headerFields: http.allHeaderFields as? [String: String])
            {
                instance.client?.urlProtocol(instance, didReceive: answer, cacheStoragePolicy: .notAllowed)
            }
            if let data { instance.client?.urlProtocol(instance, didLoad: data) }
            instance.client?.urlProtocolDidFinishLoading(instance)
        }
    }
}
