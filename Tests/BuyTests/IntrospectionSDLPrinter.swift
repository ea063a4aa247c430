import Foundation

/// Prints an introspection result as a GraphQL SDL document, so the codegen's SDL input can be checked
/// against its introspection input on the same schema. Test-only: descriptions are left out (the generator
/// ignores them), built-in scalars and directives are implied.
enum IntrospectionSDLPrinter {
    static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    static let builtInDirectives: Set<String> = ["include", "skip", "deprecated", "specifiedBy"]

    static func sdl(fromIntrospection data: Data) throws -> String {
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let schema = ((root["data"] as? [String: Any])?["__schema"] ?? root["__schema"]) as? [String: Any] ?? [:]
        var blocks: [String] = []
        let query = (schema["queryType"] as? [String: Any])?["name"] as? String ?? "Query"
        let mutation = (schema["mutationType"] as? [String: Any])?["name"] as? String
        blocks.append("schema {\n  query: \(query)\n" + (mutation.map { "  mutation: \($0)\n" } ?? "") + "}")
        for directive in schema["directives"] as? [[String: Any]] ?? [] {
            guard let name = directive["name"] as? String, !builtInDirectives.contains(name) else { continue }
            let locations = (directive["locations"] as? [String] ?? []).joined(separator: " | ")
            blocks.append("directive @\(name)\(arguments(directive["args"])) on \(locations)")
        }
        for type in schema["types"] as? [[String: Any]] ?? [] {
            guard let name = type["name"] as? String, !name.hasPrefix("__"), !builtInScalars.contains(name) else {
                continue
            }
            switch type["kind"] as? String {
            case "SCALAR":
                blocks.append("scalar \(name)")
            case "OBJECT", "INTERFACE":
                let keyword = type["kind"] as? String == "OBJECT" ? "type" : "interface"
                let interfaces = (type["interfaces"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                let implements = interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
                let fields = (type["fields"] as? [[String: Any]] ?? []).map { field in
                    "  \(field["name"] as? String ?? "")\(arguments(field["args"])): \(typeRef(field["type"]))\(deprecation(field))"
                }
                blocks.append("\(keyword) \(name)\(implements) {\n" + fields.joined(separator: "\n") + "\n}")
            case "UNION":
                let members = (type["possibleTypes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                blocks.append("union \(name) = " + members.joined(separator: " | "))
            case "ENUM":
                let values = (type["enumValues"] as? [[String: Any]] ?? []).map {
                    "  \($0["name"] as? String ?? "")\(deprecation($0))"
                }
                blocks.append("enum \(name) {\n" + values.joined(separator: "\n") + "\n}")
            case "INPUT_OBJECT":
                let fields = (type["inputFields"] as? [[String: Any]] ?? []).map { "  " + inputValue($0) }
                blocks.append("input \(name) {\n" + fields.joined(separator: "\n") + "\n}")
            default:
                continue
            }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func arguments(_ value: Any?) -> String {
        let args = value as? [[String: Any]] ?? []
        return args.isEmpty ? "" : "(" + args.map(inputValue).joined(separator: ", ") + ")"
    }

    private static func inputValue(_ value: [String: Any]) -> String {
        let defaultValue = (value["defaultValue"] as? String).map { " = \($0)" } ?? ""
        return "\(value["name"] as? String ?? ""): \(typeRef(value["type"]))\(defaultValue)"
    }

    private static func typeRef(_ value: Any?) -> String {
        guard let ref = value as? [String: Any] else { return "" }
        switch ref["kind"] as? String {
        case "NON_NULL": return typeRef(ref["ofType"]) + "!"
        case "LIST": return "[" + typeRef(ref["ofType"]) + "]"
        default: return ref["name"] as? String ?? ""
        }
    }

    private static func deprecation(_ value: [String: Any]) -> String {
        guard value["isDeprecated"] as? Bool == true else { return "" }
        let reason = (value["deprecationReason"] as? String ?? "No longer supported")
            .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        return " @deprecated(reason: \"\(reason)\")"
    }
}
