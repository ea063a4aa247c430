import CommerceCore
import Foundation

/// Checks and normalises an act object given to `POST /sandbox/rezolve/acts` (and the seeded ones), so that
/// every stored act has the shape of spec §3.5.11: `id`, `name`, `customUrl`, `isInformationPage`, `isBuy`,
/// `pageBuildingBlocks` (each with `id` and `type`; unknown types are kept, so tests can exercise the client's
/// `PageBuilder` errors) and `questions`. Without `questions`, they are derived from the input blocks.
enum SspActRules {
    struct Problem: Error, Sendable {
        let field: String
        let message: String
    }

    static let questionTypes: Set<String> = ["text", "email", "phone", "number", "select", "date"]
    static let inputTypes: Set<String> = ["text", "email", "phone", "number"]

    static func normalize(_ value: JSONValue) throws(Problem) -> JSONObject {
        guard let act = value.objectValue else { throw Problem(field: "body", message: "must be a JSON object") }
        guard let id = act["id"]?.stringValue, !id.isEmpty, id.count <= 200 else {
            throw Problem(field: "id", message: "must be a non-empty string of at most 200 characters")
        }
        let name = try optionalString(act, "name") ?? ""
        let customUrl = try optionalString(act, "customUrl")
        var blocks: [JSONValue] = []
        for (index, block) in try list(act, "pageBuildingBlocks").enumerated() {
            blocks.append(try checkBlock(block, at: "pageBuildingBlocks[\(index)]"))
        }
        var questions: [JSONValue] = []
        if act["questions"] == nil || act["questions"] == .null {
            questions = blocks.compactMap(questionFromBlock)
        } else {
            for (index, question) in try list(act, "questions").enumerated() {
                questions.append(try checkQuestion(question, at: "questions[\(index)]"))
            }
        }
        return [
            "id": .string(id), "name": .string(name), "customUrl": .from(customUrl),
            "isInformationPage": .bool(try optionalBool(act, "isInformationPage") ?? false),
            "isBuy": .bool(try optionalBool(act, "isBuy") ?? false),
            "pageBuildingBlocks": .array(blocks), "questions": .array(questions),
        ]
    }

    private static func checkBlock(_ value: JSONValue, at path: String) throws(Problem) -> JSONValue {
        guard let block = value.objectValue else { throw Problem(field: path, message: "must be an object") }
        guard let id = block["id"]?.stringValue, !id.isEmpty else {
            throw Problem(field: path + ".id", message: "must be a non-empty string")
        }
        guard let type = block["type"]?.stringValue, !type.isEmpty else {
            throw Problem(field: path + ".type", message: "must be a non-empty string")
        }
        if type == "textField", let input = block["inputType"], input != .null {
            guard let text = input.stringValue, inputTypes.contains(text) else {
                throw Problem(field: path + ".inputType", message: "must be text, email, phone or number")
            }
        }
        if let options = block["options"], options != .null { try checkOptions(options, at: path + ".options") }
        return value
    }

    private static func checkQuestion(_ value: JSONValue, at path: String) throws(Problem) -> JSONValue {
        guard let question = value.objectValue else { throw Problem(field: path, message: "must be an object") }
        guard let id = question["id"]?.stringValue, !id.isEmpty else {
            throw Problem(field: path + ".id", message: "must be a non-empty string")
        }
        guard let type = question["type"]?.stringValue, questionTypes.contains(type) else {
            throw Problem(field: path + ".type", message: "must be one of text, email, phone, number, select, date")
        }
        var normalized: JSONObject = [
            "id": .string(id), "title": .string(question["title"]?.stringValue ?? ""),
            "type": .string(type), "isRequired": .bool(question["isRequired"]?.boolValue ?? false),
        ]
        if type == "select" {
            guard let options = question["options"] else {
                throw Problem(field: path + ".options", message: "is required for a select")
            }
            try checkOptions(options, at: path + ".options")
            normalized["options"] = options
        }
        return .object(normalized)
    }

    private static func checkOptions(_ value: JSONValue, at path: String) throws(Problem) {
        guard let options = value.arrayValue else { throw Problem(field: path, message: "must be an array") }
        for (index, option) in options.enumerated() {
            guard option["value"]?.integerValue != nil, option["label"]?.stringValue != nil else {
                throw Problem(field: "\(path)[\(index)]", message: "must be {\"value\": integer, \"label\": string}")
            }
        }
    }

    /// The question an input block asks, in the form `questions` uses.
    private static func questionFromBlock(_ block: JSONValue) -> JSONValue? {
        guard let id = block["id"]?.stringValue, let type = block["type"]?.stringValue else { return nil }
        var question: JSONObject = [
            "id": .string(id), "title": .string(block["title"]?.stringValue ?? ""),
            "isRequired": .bool(block["isRequired"]?.boolValue ?? false),
        ]
        switch type {
        case "textField": question["type"] = .string(block["inputType"]?.stringValue ?? "text")
        case "select":
            question["type"] = "select"
            question["options"] = block["options"] ?? []
        case "dateField": question["type"] = "date"
        default: return nil
        }
        return .object(question)
    }

    private static func optionalString(_ object: JSONObject, _ field: String) throws(Problem) -> String? {
        guard let value = object[field], value != .null else { return nil }
        guard let text = value.stringValue else { throw Problem(field: field, message: "must be a string") }
        return text
    }

    private static func optionalBool(_ object: JSONObject, _ field: String) throws(Problem) -> Bool? {
        guard let value = object[field], value != .null else { return nil }
        guard let flag = value.boolValue else { throw Problem(field: field, message: "must be a boolean") }
        return flag
    }

    private static func list(_ object: JSONObject, _ field: String) throws(Problem) -> [JSONValue] {
        guard let value = object[field], value != .null else { return [] }
        guard let items = value.arrayValue else { throw Problem(field: field, message: "must be an array") }
        return items
    }
}
