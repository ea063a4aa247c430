import Foundation
import SandboxCore

/// The console's script and style sheet, shipped as SwiftPM resources (`Console/Assets`) and read once.
/// The sandbox serves them itself: it runs offline, so nothing comes from a CDN.
enum ConsoleAssets {
    static let files: [String: (contentType: String, body: Data)] = {
        var loaded: [String: (contentType: String, body: Data)] = [:]
        let types = ["console.js": "text/javascript; charset=utf-8", "console.css": "text/css; charset=utf-8"]
        for (name, type) in types {
            let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Assets")
            if let url, let data = try? Data(contentsOf: url) { loaded[name] = (contentType: type, body: data) }
        }
        return loaded
    }()

    static func response(_ name: String) -> SandboxResponse {
        guard let file = files[name] else {
            return SandboxPlainError(
                status: 404, message: "Console asset \(name) is missing from this build's resources"
            ).response
        }
        return SandboxResponse(
            status: 200,
            headers: [
                "Content-Type": file.contentType, "Cache-Control": "no-cache",
                "X-Content-Type-Options": "nosniff",
            ], body: file.body)
    }
}
