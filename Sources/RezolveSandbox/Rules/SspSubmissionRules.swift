import CommerceCore
import Foundation

/// Checks an act submission against its act (spec §3.5.11, §4.2) and returns what is stored: the person
/// fields and the answers. Every problem found is reported at once, keyed as the spec prints them
/// (`answers`, `answers[<i>].questionId`, `answers[<i>].answer`, `latitude` …).
enum SspSubmissionRules {
    /// The submission's fields besides `answers`, all optional.
    static let personFields = [
        "userId", "userName", "personTitle", "firstName", "lastName", "email", "phone", "scanId",
        "latitude", "longitude", "entityId",
    ]

    struct Accepted: Sendable {
        let stored: JSONValue
        let entityId: String?
    }

    static func check(_ body: JSONObject, act: JSONObject) throws(SspProblem) -> Accepted {
        var errors: [String: [String]] = [:]
        func add(_ field: String, _ message: String) { errors[field, default: []].append(message) }

        var stored: JSONObject = [:]
        for field in personFields {
            guard let value = body[field], value != .null else {
                stored[field] = .null
                continue
            }
            if field == "latitude" || field == "longitude" {
                let limit = field == "latitude" ? 90.0 : 180.0
                guard let number = value.doubleValue, number.isFinite, abs(number) <= limit else {
                    add(field, field == "latitude" ? "Invalid latitude." : "Invalid longitude.")
                    continue
                }
                stored[field] = .double(number)
            } else {
                guard let text = value.stringValue else {
                    add(field, "Must be a string.")
                    continue
                }
                stored[field] = .string(text)
            }
        }

        let questions = (act["questions"]?.arrayValue ?? []).compactMap(\.objectValue)
        let blocks = (act["pageBuildingBlocks"]?.arrayValue ?? []).compactMap(\.objectValue)
        var answered: Set<String> = []
        var refused: Set<String> = []
        var answers: [JSONValue] = []
        if let list = body["answers"]?.arrayValue {
            for (index, item) in list.enumerated() {
                let prefix = "answers[\(index)]"
                guard let questionId = item["questionId"]?.stringValue, !questionId.isEmpty else {
                    add(prefix + ".questionId", "The questionId field is required.")
                    continue
                }
                guard let answer = item["answer"]?.stringValue else {
                    add(prefix + ".answer", "The answer field is required.")
                    continue
                }
                guard let question = questions.first(where: { $0["id"]?.stringValue == questionId }) else {
                    add(prefix + ".questionId", "Unknown question.")
                    continue
                }
                let block = blocks.first { $0["id"]?.stringValue == questionId }
                if let problem = problem(with: answer, question: question, block: block) {
                    add(prefix + ".answer", problem)
                    refused.insert(questionId)
                    continue
                }
                if !answer.isEmpty { answered.insert(questionId) }
                answers.append(["questionId": .string(questionId), "answer": .string(answer)])
            }
        } else {
            add("answers", "The answers field is required.")
        }
        // A required question whose answer was refused above already has its own message.
        for question in questions where question["isRequired"]?.boolValue == true {
            if let id = question["id"]?.stringValue, !answered.contains(id), !refused.contains(id) {
                add("answers", "Question \(id) is required.")
            }
        }
        guard errors.isEmpty else { throw .invalid(errors) }
        stored["answers"] = .array(answers)
        return Accepted(stored: .object(stored), entityId: stored["entityId"]?.stringValue)
    }

    /// What is wrong with `answer` for `question` (and its input block's length limits), or `nil`.
    static func problem(with answer: String, question: JSONObject, block: JSONObject?) -> String? {
        let type = question["type"]?.stringValue ?? "text"
        switch type {
        case "select":
            let values = (question["options"]?.arrayValue ?? []).compactMap { $0["value"]?.integerValue }
            return values.contains(where: { String($0) == answer }) ? nil : "Value is not an allowed option."
        case "date":
            return parseDate(answer) == nil ? "Invalid date." : nil
        default:
            let minimum = block?["minLength"]?.integerValue
            let maximum = block?["maxLength"]?.integerValue
            if !answer.isEmpty, minimum != nil || maximum != nil {
                let length = Int64(answer.count)
                if length < (minimum ?? 0) || length > (maximum ?? .max) {
                    return "Length must be between \(minimum ?? 0) and \(maximum.map(String.init) ?? "any")."
                }
            }
            if answer.isEmpty { return nil }
            if type == "email", !RezolveFieldRules.isEmail(answer) { return "Invalid email address." }
            if type == "number", Double(answer) == nil { return "Invalid number." }
            return nil
        }
    }

    /// `yyyy-MM-dd'T'HH:mm:ssZ` (any RFC 3339 / ISO 8601 instant with a zone) or a bare `yyyy-MM-dd`.
    static func parseDate(_ text: String) -> Date? {
        if let instant = ISO8601.parse(text) { return instant }
        guard text.count == 10 else { return nil }
        return ISO8601.parse(text + "T00:00:00Z")
    }
}
