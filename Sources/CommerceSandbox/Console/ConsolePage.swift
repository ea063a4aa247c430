import CommerceCore
import Foundation
import SandboxCore

/// The console's HTML: the page's structure, rendered on the server with every value escaped; the page
/// script (`console.js`) fills the journal and the state tables from JSON routes, building each cell with
/// `textContent`. No inline script or style, so the content security policy can forbid both.
struct ConsolePage: Sendable {
    let services: [String]
    let baseURL: String
    /// Whether a login is in force (show the log-out button).
    let requiresToken: Bool
    /// The worlds the picker links to, the main one first: (label, base URL). Each serves its own console.
    var worlds: [(label: String, baseURL: String)] = []

    /// The OpenAPI documents the console links (served at `/sandbox/openapi/{name}.json`).
    static let openAPIDocuments = ["button", "athmovil", "paytronix", "control", "rezolve"]

    func render() -> String {
        let e = HTMLEscaping.escape
        let serviceOptions = services.map { "<option value=\"\(e($0))\">\(e($0))</option>" }.joined()
        let panels = ConsolePanel.all.filter { services.contains($0.service) }
        // JSON inside a non-executed script element: `<` is written as \u003c so no value can close the element.
        let panelJSON = JSONValue.array(panels.map(\.json)).serialized().replacingOccurrences(of: "<", with: "\\u003c")
        let documents = Self.openAPIDocuments.map {
            "<a href=\"/sandbox/openapi/\(e($0)).json\">\(e($0))</a>"
        }.joined(separator: " ")
        let worldLinks = worlds.map { world in
            let current = world.baseURL == baseURL ? " aria-current=\"page\"" : ""
            return "<a href=\"\(e(world.baseURL))/sandbox/console\"\(current)>\(e(world.label))</a>"
        }.joined(separator: " ")
        let logout =
            requiresToken
            ? "<form method=\"post\" action=\"/sandbox/console/logout\"><button type=\"submit\">Log out</button></form>"
            : ""
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>CommerceKit sandbox console</title>
            <link rel="icon" href="data:,">
            <link rel="stylesheet" href="/sandbox/console/console.css">
            <script src="/sandbox/console/console.js" defer></script>
            </head><body>
            <header><h1>CommerceKit sandbox</h1>
            <span class="base" id="base-url">\(e(baseURL))</span>
            <nav>OpenAPI: \(documents) \(logout)</nav>
            <nav id="worlds">World: \(worldLinks)</nav></header>
            <main>
            <section id="controls"><h2>Controls</h2>
            <div class="cards">
            <div class="card" id="clock-card"><h3>Clock</h3>
            <p id="clock-now" class="mono">…</p>
            <form id="clock-advance"><label>Advance <input name="amount" type="number" value="1" min="0" step="any" required></label>
            <select name="unit"><option value="seconds">seconds</option><option value="days" selected>days</option></select>
            <button type="submit">Advance</button></form>
            <form id="clock-set"><label>Set to <input name="now" type="text" placeholder="2027-01-01T00:00:00Z" required></label>
            <button type="submit">Set</button></form>
            <p><button type="button" id="clock-freeze">Freeze</button> <button type="button" id="clock-real">Real time</button></p></div>
            <div class="card" id="faults-card"><h3>Faults</h3>
            <form id="fault-add">
            <label>Method <select name="method"><option value="">any</option><option>GET</option><option>POST</option><option>PUT</option><option>PATCH</option><option>DELETE</option></select></label>
            <label>Path <input name="path" placeholder="/v1/order" required></label>
            <label>Status <input name="status" type="number" min="100" max="599" value="503"></label>
            <label>Count <input name="count" type="number" min="1" value="1"></label>
            <button type="submit">Add fault</button></form>
            <ul id="fault-list" class="mono"></ul>
            <button type="button" id="fault-clear">Clear all faults</button></div>
            <div class="card" id="reset-card"><h3>Reset and credentials</h3>
            <form id="reset-form"><select name="service"><option value="">every service</option>\(serviceOptions)</select>
            <button type="submit">Reset</button></form>
            <p><button type="button" id="credentials-copy">Copy test credentials</button> <span id="credentials-status"></span></p>
            <pre id="credentials" class="mono" hidden></pre></div>
            </div><p id="control-status" role="status"></p></section>
            <section id="journal"><h2>Requests</h2>
            <form id="journal-filter" class="filters">
            <select name="service"><option value="">all services</option>\(serviceOptions)</select>
            <select name="status"><option value="">any status</option><option>2xx</option><option>3xx</option><option>4xx</option><option>5xx</option></select>
            <input name="path" type="search" placeholder="path contains…">
            <label><input name="live" type="checkbox" checked> live</label></form>
            <div class="split"><div class="scroll"><table id="journal-table"><thead><tr>
            <th>Time</th><th>Service</th><th>Method</th><th>Path</th><th>Status</th><th>ms</th></tr></thead>
            <tbody id="journal-rows"></tbody></table></div>
            <aside id="journal-detail" hidden><h3 id="detail-title"></h3>
            <p class="mono" id="detail-meta"></p>
            <h4>curl</h4><pre id="detail-curl" class="mono"></pre>
            <h4>Request headers</h4><pre id="detail-request-headers" class="mono"></pre>
            <h4>Request body</h4><pre id="detail-request-body" class="mono"></pre>
            <h4>Response headers</h4><pre id="detail-response-headers" class="mono"></pre>
            <h4>Response body</h4><pre id="detail-response-body" class="mono"></pre></aside></div></section>
            <section id="state"><h2>State</h2><div id="panels"></div></section>
            </main>
            <script type="application/json" id="panel-config">\(panelJSON)</script>
            </body></html>
            """
    }
}
