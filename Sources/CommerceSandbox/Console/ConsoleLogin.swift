import CommerceCore
import Foundation
import SandboxCore

/// The console's login when the sandbox listens beyond loopback: a form that takes the control token and
/// answers with the HttpOnly, SameSite=Strict cookie ``ControlAccess`` accepts.
package enum ConsoleLogin {
    static func page(problem: String? = nil, status: Int = 200) -> SandboxResponse {
        let notice = problem.map { "<p class=\"error\" id=\"login-error\">\(HTMLEscaping.escape($0))</p>" } ?? ""
        var response = SandboxResponse.html(
            """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>CommerceKit sandbox console: log in</title>
            <link rel="icon" href="data:,">
            <link rel="stylesheet" href="/sandbox/console/console.css"></head>
            <body class="login"><main><h1>CommerceKit sandbox</h1>
            <p>This sandbox listens beyond loopback, so its console needs the control token that
            <code>commercekit serve</code> printed at start (or the one given with <code>--control-token</code>).</p>
            \(notice)
            <form method="post" action="/sandbox/console/login">
            <label>Control token <input name="token" type="password" autocomplete="current-password" required autofocus></label>
            <button type="submit">Log in</button></form></main></body></html>
            """, status: status)
        ConsoleRoutes.secure(&response)
        return response
    }

    /// Checks the posted token; on success sets the cookie and sends the browser to the console.
    static func submit(_ request: SandboxRequest, access: ControlAccess) -> SandboxResponse {
        guard let expected = access.token else { return .redirect(to: "/sandbox/console", status: 303) }
        guard let given = request.formBody["token"], ControlAccess.same(given, expected) else {
            return page(problem: "That is not this sandbox's control token.", status: 401)
        }
        var response = SandboxResponse.redirect(to: "/sandbox/console", status: 303)
        response.headers["Set-Cookie"] = ControlAccess.loginCookie(expected)
        return response
    }

    static func logout() -> SandboxResponse {
        var response = SandboxResponse.redirect(to: "/sandbox/console/login", status: 303)
        response.headers["Set-Cookie"] = ControlAccess.loginCookie(nil)
        return response
    }
}
