import CommerceCore
import Foundation

/// Turns a non-2xx SSP answer into `.sspProblem` (spec §3.4): problem details
/// `{"title", "status", "detail"?, "errors"?: {"<field>": ["<message>"]}}`. A body that is not problem details
/// still gives `.sspProblem` with the HTTP status and an empty title, so callers can always switch on the status.
enum SspProblemDecoding {
    static func error(status: Int, body: Data) -> RezolveError {
        guard !body.isEmpty, let json = try? JSONValue.parse(body), json.objectValue != nil else {
            return .sspProblem(status: status, title: "", errors: [:])
        }
        var errors: [String: [String]] = [:]
        if let fields = json["errors"]?.objectValue {
            for (field, value) in fields {
                if let list = value.arrayValue {
                    errors[field] = list.compactMap(\.stringValue)
                } else if let single = value.stringValue {
                    errors[field] = [single]
                }
            }
        }
        let title = json["title"]?.stringValue ?? json["detail"]?.stringValue ?? ""
        return .sspProblem(status: status, title: title, errors: errors)
    }
}
