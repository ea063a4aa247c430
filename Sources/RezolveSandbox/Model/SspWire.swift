import CommerceCore
import Foundation
import SandboxCore

/// The SSP JSON the sandbox serves (spec §3.5.11), camelCase. Stored media paths (`/static/rezolve/…`)
/// become absolute URLs of this sandbox, so clients can fetch them.
struct SspWire: Sendable {
    let context: SandboxContext

    /// The act object, with `scanId` when it is served inside a resolution.
    func act(_ act: JSONObject, scanId: String? = nil) -> JSONValue {
        var served = act
        if let blocks = act["pageBuildingBlocks"]?.arrayValue {
            served["pageBuildingBlocks"] = .array(blocks.map(absolutizingURL))
        }
        served["scanId"] = .from(scanId)
        return .object(served)
    }

    /// A product or category payload, with absolute image URLs.
    func item(_ value: JSONValue) -> JSONValue {
        guard var object = value.objectValue else { return .null }
        if let images = object["images"]?.arrayValue { object["images"] = .array(images.map(absolute)) }
        if let thumbnail = object["thumbnailUrl"] { object["thumbnailUrl"] = absolute(thumbnail) }
        return .object(object)
    }

    func payoffs(_ value: JSONValue) -> JSONValue {
        guard let list = value.arrayValue else { return [] }
        return .array(
            list.map { payoff in
                guard var object = payoff.objectValue else { return payoff }
                if let image = object["image"] { object["image"] = absolute(image) }
                return .object(object)
            })
    }

    func submission(_ record: RZActSubmission, withAnswers: Bool) throws(CorruptRow) -> JSONValue {
        var object: JSONObject = [
            "id": .string(record.id), "actId": .string(record.actId),
            "entityId": .from(record.entityId),
            "createdAt": .string(
                ISO8601.format(
                    Date(timeIntervalSince1970: record.createdAt),
                    fraction: .milliseconds)),
        ]
        if withAnswers {
            let body = try record.bodyValue()
            object["answers"] = body["answers"] ?? []
            for field in SspSubmissionRules.personFields { object[field] = body[field] ?? .null }
        }
        return .object(object)
    }

    private func absolutizingURL(_ block: JSONValue) -> JSONValue {
        guard var object = block.objectValue, let url = object["url"] else { return block }
        object["url"] = absolute(url)
        return .object(object)
    }

    private func absolute(_ value: JSONValue) -> JSONValue {
        guard let text = value.stringValue, text.hasPrefix("/") else { return value }
        return .string(context.publicURL(path: text))
    }
}
