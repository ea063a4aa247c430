import CommerceCore
import Foundation
import SandboxCore

/// `GET /sandbox/openapi` (the index) and `GET /sandbox/openapi/{name}.json` (one document).
struct OpenAPIRoutes: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        router.get("/sandbox/openapi") { _ in
            let documents: [JSONValue] = try OpenAPIDocuments.names.map { name in
                let title = try OpenAPIDocuments.document(named: name, baseURL: "")?["info"]?["title"] ?? .string(name)
                return [
                    "name": .string(name), "title": title,
                    "url": .string(context.publicURL(path: "/sandbox/openapi/\(name).json")),
                ]
            }
            return .json(["documents": .array(documents)])
        }
        router.get(
            "/sandbox/openapi/:document",
            handler: ControlProblem.answering { request in
                let requested = request.parameter("document")
                // `button.json` is the documented form; a bare `button` is accepted too.
                let name = requested.hasSuffix(".json") ? String(requested.dropLast(5)) : requested
                guard let document = try OpenAPIDocuments.document(named: name, baseURL: context.publicURL(path: ""))
                else {
                    throw ControlProblem(
                        status: 404,
                        [
                            (
                                "document",
                                "No OpenAPI document \(requested); one of "
                                    + OpenAPIDocuments.names.map { "\($0).json" }.joined(separator: ", ")
                            )
                        ])
                }
                return .json(document)
            })
    }
}
