import Foundation

extension StorefrontCodegen {
    /// The schema the sandbox serves: the same introspection structure, compact, with every
    /// `description` removed and every non-null `deprecationReason` replaced by `"Deprecated"`, so no
    /// vendor prose is committed. Keys are sorted, so the bytes are stable.
    public static func sandboxArtefact(schema: Data) throws -> Data {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: schema) } catch {
            throw GenerationError.invalidIntrospection(String(describing: error))
        }
        _ = try Introspection.decode(schema)
        let stripped = strip(json)
        return try JSONSerialization.data(withJSONObject: stripped, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    private static func strip(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, item) in object where key != "description" {
                if key == "deprecationReason", !(item is NSNull) {
                    result[key] = "Deprecated"
                } else {
                    result[key] = strip(item)
                }
            }
            return result
        }
        if let array = value as? [Any] { return array.map(strip) }
        return value
    }
}
