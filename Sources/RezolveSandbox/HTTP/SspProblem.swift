import CommerceCore
import Foundation
import SandboxCore

/// An error answer of the SSP services in problem-details form (spec §3.4, §4.2):
/// `{"title":…,"status":…[,"detail":…][,"errors":{"<field>":["<message>"]}]}`.
struct SspProblem: ServiceErrorEnvelope, Equatable {
    static let contentType = "application/problem+json; charset=utf-8"

    let status: Int
    let title: String
    var detail: String?
    var errors: [String: [String]] = [:]

    var body: JSONValue {
        var object: JSONObject = ["title": .string(title), "status": .integer(Int64(status))]
        if let detail { object["detail"] = .string(detail) }
        if !errors.isEmpty {
            var fields: JSONObject = [:]
            // Sorted, so the same failure always prints the same bytes.
            for (field, messages) in errors.sorted(by: { $0.key < $1.key }) {
                fields[field] = .array(messages.map(JSONValue.string))
            }
            object["errors"] = .object(fields)
        }
        return .object(object)
    }

    /// Missing, unknown or expired bearer; also bad OAuth proxy credentials. Deliberately says nothing more.
    static let unauthorized = SspProblem(status: 401, title: "Unauthorized")

    static func notFound(_ detail: String) -> SspProblem {
        SspProblem(status: 404, title: "Not Found", detail: detail)
    }

    static let validationTitle = "One or more validation errors occurred."

    /// A 400 naming one field.
    static func invalid(_ field: String, _ message: String) -> SspProblem {
        SspProblem(status: 400, title: validationTitle, errors: [field: [message]])
    }

    /// A 400 naming several fields (each with its messages, in the order found).
    static func invalid(_ errors: [String: [String]]) -> SspProblem {
        SspProblem(status: 400, title: validationTitle, errors: errors)
    }
}
