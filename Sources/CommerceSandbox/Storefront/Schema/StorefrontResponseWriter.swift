import CommerceCore
import Foundation
import GraphQL

/// Writes an execution result as the response body, keys in selection order, errors as spec §3.8 orders
/// their keys: `message`, `locations`, `path`, `extensions`.
enum StorefrontResponseWriter {
    static func body(_ result: GraphQLResult, source: String) -> JSONValue {
        // Execution always reports `data`; it is `null` when a non-null root field failed.
        var object: JSONObject = ["data": result.data.map(json) ?? .null]
        if !result.errors.isEmpty { object["errors"] = .array(result.errors.map(error)) }
        return .object(object)
    }

    static func error(_ error: GraphQLError) -> JSONValue {
        var object: JSONObject = ["message": .string(error.message)]
        if !error.locations.isEmpty { object["locations"] = ValidationErrorRewriter.locations(error) }
        if !error.path.elements.isEmpty {
            object["path"] = .array(error.path.elements.map { element in
                switch element {
                case .index(let index): .integer(Int64(index))
                case .key(let key): .string(key)
                }
            })
        }
        if let fieldError = error.originalError as? StorefrontFieldError, !fieldError.extensions.isEmpty {
            object["extensions"] = .object(fieldError.extensions)
        } else if !error.extensions.isEmpty {
            var extensions = JSONObject()
            for key in error.extensions.keys.sorted() { extensions[key] = error.extensions[key].map(json) }
            object["extensions"] = .object(extensions)
        }
        return .object(object)
    }

    static func json(_ map: Map) -> JSONValue {
        switch map {
        case .undefined, .null: return .null
        case .bool(let value): return .bool(value)
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(json))
        case .dictionary(let entries):
            var object = JSONObject()
            for (key, value) in entries { object[key] = json(value) }
            return .object(object)
        case .number(let number):
            switch number.storageType {
            case .bool: return .bool(number.boolValue)
            case .int: return .integer(Int64(number.intValue))
            default:
                let double = number.doubleValue
                return double.rounded() == double && abs(double) < 9e15 ? .integer(Int64(double)) : .double(double)
            }
        }
    }
}
