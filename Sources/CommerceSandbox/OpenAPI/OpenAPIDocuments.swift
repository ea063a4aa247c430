import CommerceCore
import Foundation

/// The hand-written OpenAPI 3.1 documents of the sandbox's REST services, shipped as SwiftPM resources
/// (`OpenAPI/Documents/<name>.json`). They describe what the sandbox serves, so tests hold the two together.
package enum OpenAPIDocuments {
    /// Every document, in the order the index lists them.
    package static let names = ["button", "athmovil", "paytronix", "rezolve", "control"]

    /// The document's bytes as stored, or `nil` for a name that is not one of ``names``.
    package static func data(named name: String) throws -> Data? {
        guard names.contains(name) else { return nil }
        guard
            let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Documents")
                ?? Bundle.module.url(forResource: name, withExtension: "json")
        else {
            throw OpenAPIDocumentError.missing(name)
        }
        return try Data(contentsOf: url)
    }

    /// The parsed document, with `servers` pointing at `baseURL` so a tool that reads it calls this sandbox.
    package static func document(named name: String, baseURL: String) throws -> JSONValue? {
        guard let data = try data(named: name) else { return nil }
        guard case .object(var document) = try JSONValue.parse(data) else { throw OpenAPIDocumentError.malformed(name) }
        document["servers"] = [["url": .string(baseURL), "description": "This sandbox"]]
        return .object(document)
    }
}

package enum OpenAPIDocumentError: Error, CustomStringConvertible {
    case missing(String)
    case malformed(String)

    package var description: String {
        switch self {
        case .missing(let name): "OpenAPI document \(name).json is missing from the bundle"
        case .malformed(let name): "OpenAPI document \(name).json is not a JSON object"
        }
    }
}
