import CommerceCore
import Foundation
import GraphQL

/// Writes an execution result as the response body, keys in selection order, errors as spec §3.8 orders
/// their keys: `message`, `locations`, `path`, `extensions`.
enum StorefrontResponseWriter {
    /// `nullEntries` are the paths of list entries that answer `null` (``NullListEntry``); `requestID` names
    /// the request in the internal-error shape (C7).
    static func body(_ result: GraphQLResult, nullEntries: [[IndexPathValue]] = [], requestID: String) -> JSONValue {
        // Execution always reports `data`; it is `null` when a non-null root field failed.
        var data = result.data.map(json) ?? .null
        for path in nullEntries { data = replacingWithNull(data, at: path[...]) }
        var object: JSONObject = ["data": data]
        if !result.errors.isEmpty { object["errors"] = .array(result.errors.map { error($0, requestID: requestID) }) }
        return .object(object)
    }

    static func error(_ error: GraphQLError, requestID: String) -> JSONValue {
        // An error that carries a foreign Swift error is a sandbox failure: its text (a library's type
        // names, a Swift description) must never reach a client, so it takes the C7 shape.
        if let original = error.originalError, !(original is StorefrontFieldError), !(original is GraphQLError) {
            return Self.error(
                GraphQLError(message: "", locations: error.locations, path: error.path),
                fieldError: .internalError(requestID: requestID))
        }
        return Self.error(error, fieldError: error.originalError as? StorefrontFieldError)
    }

    private static func error(_ error: GraphQLError, fieldError: StorefrontFieldError?) -> JSONValue {
        var object: JSONObject = ["message": .string(fieldError?.message ?? error.message)]
        if !error.locations.isEmpty { object["locations"] = ValidationErrorRewriter.locations(error) }
        if !error.path.elements.isEmpty {
            object["path"] = .array(
                error.path.elements.map { element in
                    switch element {
                    case .index(let index): .integer(Int64(index))
                    case .key(let key): .string(key)
                    }
                })
        }
        if let fieldError, !fieldError.extensions.isEmpty {
            object["extensions"] = .object(fieldError.extensions)
        } else if !error.extensions.isEmpty {
            var extensions = JSONObject()
            for key in error.extensions.keys.sorted() { extensions[key] = error.extensions[key].map(json) }
            object["extensions"] = .object(extensions)
        }
        return .object(object)
    }

    /// `value` with `null` at `path` (keys and list indexes); a path that is not there changes nothing.
    private static func replacingWithNull(_ value: JSONValue, at path: ArraySlice<IndexPathValue>) -> JSONValue {
        guard let first = path.first else { return .null }
        switch (value, first) {
        case (.object(var object), .key(let key)):
            guard let child = object[key] else { return value }
            object[key] = replacingWithNull(child, at: path.dropFirst())
            return .object(object)
        case (.array(var items), .index(let index)) where items.indices.contains(index):
            items[index] = replacingWithNull(items[index], at: path.dropFirst())
            return .array(items)
        default:
            return value
        }
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
