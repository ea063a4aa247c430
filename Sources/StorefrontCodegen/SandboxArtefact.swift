import CommerceCore
import Foundation

extension StorefrontCodegen {
    /// The schema the sandbox serves: the same introspection structure, compact, with every
    /// `description` removed and every non-null `deprecationReason` replaced by `"Deprecated"`, so no
    /// vendor prose is committed. Keys keep the input's order, so the output follows the schema file and the
    /// bytes are stable (Documentation/Storefront-Sandbox.md gives the exact rules).
    public static func sandboxArtefact(schema: Data) throws -> Data {
        let json: JSONValue
        do { json = try JSONValue.parse(schema) } catch {
            throw GenerationError.invalidIntrospection(String(describing: error))
        }
        _ = try Introspection.decode(schema)
        return strip(json).serializedData()
    }

    /// What `--check` reports for the artefact: `[]` when the file at `url` holds exactly the artefact for
    /// `schema`, otherwise one `missing:` or `changed:` line (same wording as ``differences(between:and:subdirectory:)``).
    public static func sandboxArtefactDifferences(schema: Data, file url: URL) throws -> [String] {
        let expected = try sandboxArtefact(schema: schema)
        guard let actual = try? Data(contentsOf: url) else { return ["missing: \(url.path)"] }
        return actual == expected ? [] : ["changed: \(url.path)"]
    }

    private static func strip(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var result = JSONObject()
            for (key, item) in object where key != "description" {
                result[key] = key == "deprecationReason" && !item.isNull ? "Deprecated" : strip(item)
            }
            return .object(result)
        case .array(let items):
            return .array(items.map(strip))
        default:
            return value
        }
    }
}
