import CommerceCore
import Foundation
import SandboxCore

/// A request body read as a JSON object. An empty body reads as `{}` (the live API reports the missing
/// properties then); a body that is not JSON, or not an object, gets a 400 that says so.
struct RezolveBody: Sendable {
    let object: JSONObject

    init(_ request: SandboxRequest) throws(RezolveFailure) {
        let trimmed = request.body.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard !trimmed.isEmpty else {
            object = [:]
            return
        }
        let value: JSONValue
        do { value = try JSONValue.parse(request.body) } catch {
            throw RezolveFailure.validation(5, ["Invalid JSON. - #"])
        }
        guard case .object(let parsed) = value else {
            throw RezolveFailure.validation(5, [RezolveMessage.typeMismatch(expected: "Object", got: value, at: "#")])
        }
        object = parsed
    }

    init(object: JSONObject) { self.object = object }

    subscript(key: String) -> JSONValue? { object[key] }

    /// The names in `names` that are absent, in the given order.
    func missing(_ names: [String]) -> [String] { names.filter { object[$0] == nil } }
}

extension JSONObject {
    /// The names in `names` that are absent, in the given order.
    func missing(_ names: [String]) -> [String] { names.filter { self[$0] == nil } }
}
