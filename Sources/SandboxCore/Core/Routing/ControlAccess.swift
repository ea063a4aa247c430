import CommerceCore
import Foundation

/// Who may drive the sandbox through `/sandbox/...`. Bound to loopback, anyone on this machine may, as
/// before. Bound to any other address, a phone on the LAN can reach the vendor paths, so the control routes
/// and the console need the control token: `Authorization: Bearer <token>` or the console's login cookie.
/// `/sandbox/health` stays open (tools wait on it), and so do the console's login form and the content services
/// serve under their control prefix for clients to fetch (``SandboxService/publicControlPrefixes``).
///
/// Whatever the bind, a state-changing control request a browser sends from another site is refused: a web
/// page must not reset or fault a developer's sandbox behind their back. Checked once, in the request
/// pipeline, for every route.
package struct ControlAccess: Sendable {
    /// `nil` when no token is needed (loopback without `--control-token`).
    package let token: String?

    /// The console's login cookie; HttpOnly and SameSite=Strict, so page scripts and other sites never send it.
    package static let cookieName = "commercekit_console"
    /// Paths under `/sandbox/` anyone may request.
    static let openPaths: Set<String> = ["/sandbox/health", "/sandbox/console/login", "/sandbox/console/console.css"]
    package init(token: String?) { self.token = token }

    /// The access rule for `options`: a token when one is given or the host is not a loopback address.
    package init(options: SandboxOptions) {
        if let given = options.controlToken, !given.isEmpty {
            token = given
        } else {
            token = Self.isLoopback(options.host) ? nil : RandomToken.hex(32)
        }
    }

    /// `127.0.0.0/8`, `::1` and `localhost`; everything else (`0.0.0.0`, a LAN address) is reachable by others.
    package static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }

    /// Whether `request` is a control request this rule governs (vendor paths are the vendors' business).
    /// `openPrefixes`: the paths the services serve to anyone (``SandboxContext/publicControlPrefixes``).
    static func governs(_ request: SandboxRequest, openPrefixes: [String]) -> Bool {
        request.rawPath.hasPrefix("/sandbox/") && !openPaths.contains(request.rawPath)
            && !openPrefixes.contains { request.rawPath.hasPrefix($0) }
    }

    /// The answer that refuses `request`, or `nil` when it may proceed.
    func refusal(for request: SandboxRequest, openPrefixes: [String]) -> SandboxResponse? {
        guard Self.governs(request, openPrefixes: openPrefixes) else { return nil }
        let changesState = ![HTTPMethod.get, .head, .options].contains(request.method)
        if changesState, Self.isCrossSite(request) {
            return ControlProblem(
                status: 403,
                [("Origin", "Cross-site requests may not change the sandbox; use the console or a tool such as curl")]
            ).response
        }
        guard let token else { return nil }
        if let bearer = Self.bearer(in: request), Self.same(bearer, token) { return nil }
        if let cookie = Self.cookie(in: request), Self.same(cookie, token) {
            // A cookie rides along with any request a browser makes, so a state change must come from the console's own origin.
            if changesState, !Self.isSameOrigin(request) {
                return ControlProblem(
                    status: 403, [("Origin", "State-changing console requests must come from the console's own page")]
                ).response
            }
            return nil
        }
        let wantsPage = request.method == .get && (request.headers["Accept"] ?? "").contains("text/html")
        if wantsPage { return .redirect(to: "/sandbox/console/login", status: 303) }
        var refused = ControlProblem(
            status: 401,
            [
                (
                    "Authorization",
                    "This sandbox listens beyond loopback: send Authorization: Bearer <control token> (printed at start, or given with --control-token)"
                )
            ]
        ).response
        refused.headers["WWW-Authenticate"] = "Bearer realm=\"CommerceKit sandbox\""
        return refused
    }

    static func bearer(in request: SandboxRequest) -> String? {
        guard let header = request.headers["Authorization"] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    static func cookie(in request: SandboxRequest) -> String? {
        for header in request.headers where header.name.lowercased() == "cookie" {
            for pair in header.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    /// A browser says where a request comes from with `Sec-Fetch-Site` (current browsers) or `Origin`.
    static func isCrossSite(_ request: SandboxRequest) -> Bool {
        request.headers["Sec-Fetch-Site"]?.lowercased() == "cross-site"
    }

    /// The request came from a page of this sandbox (or from no page at all, as curl's do).
    static func isSameOrigin(_ request: SandboxRequest) -> Bool {
        if let site = request.headers["Sec-Fetch-Site"]?.lowercased() { return site == "same-origin" || site == "none" }
        guard let origin = request.headers["Origin"] else { return true }
        guard let host = request.headers["Host"], let originHost = URL(string: origin)?.host else { return false }
        let port = URL(string: origin)?.port.map { ":\($0)" } ?? ""
        return (originHost + port).lowercased() == host.lowercased()
    }

    /// Compares without stopping at the first difference, so response timing does not reveal the token.
    package static func same(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count { difference |= (index < a.count ? a[index] : 0) ^ b[index] }
        return difference == 0
    }

    /// The `Set-Cookie` value that logs a browser in (or out, with `nil`).
    package static func loginCookie(_ value: String?) -> String {
        let age = value == nil ? "Max-Age=0" : "Max-Age=604800"
        return "\(cookieName)=\(value ?? ""); Path=/sandbox/; HttpOnly; SameSite=Strict; \(age)"
    }
}
