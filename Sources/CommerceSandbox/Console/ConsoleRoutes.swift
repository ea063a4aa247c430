import CommerceCore
import Foundation
import SandboxCore

/// `GET /sandbox/console` (and `/`, which redirects there), its assets, and its login. Who may open it is
/// decided once, in the request pipeline (``ControlAccess``); the page reads the journal and state through
/// the same control routes tools use.
struct ConsoleRoutes: Sendable {
    let context: SandboxContext
    /// The process's sessions, for the world picker; `nil` when answering in-process only.
    var host: SandboxHost? = nil

    func register(on router: ServiceRoutes) {
        router.get("/") { _ in .redirect(to: "/sandbox/console", status: 303) }
        router.get("/sandbox/console") { _ in
            var page = ConsolePage(
                services: context.services.map(\.name), baseURL: context.publicURL(path: ""),
                requiresToken: context.access.token != nil)
            if let host { page.worlds = await Self.worlds(host, current: page.baseURL) }
            var response = SandboxResponse.html(page.render())
            Self.secure(&response)
            return response
        }
        for name in ["console.js", "console.css"] {
            router.get("/sandbox/console/\(name)") { _ in ConsoleAssets.response(name) }
        }
        router.get("/sandbox/console/login") { _ in ConsoleLogin.page() }
        router.post("/sandbox/console/login") { request in ConsoleLogin.submit(request, access: context.access) }
        router.post("/sandbox/console/logout") { _ in ConsoleLogin.logout() }
    }

    /// The main world, then every session (`name (id)`), as the picker lists them.
    static func worlds(_ host: SandboxHost, current: String) async -> [(label: String, baseURL: String)] {
        var worlds = [(label: "main", baseURL: host.mainURL ?? current)]
        for session in await host.sessions.all {
            let base = session.sandbox.context.publicURL(path: "")
            worlds.append((session.name.map { "\($0) (\(session.id))" } ?? session.id, base))
        }
        return worlds
    }

    /// Headers every console page carries: scripts and styles only from the sandbox, never framed.
    static func secure(_ response: inout SandboxResponse) {
        response.headers["Content-Security-Policy"] =
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
    }
}
