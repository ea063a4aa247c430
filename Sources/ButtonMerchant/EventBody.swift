import CommerceCore
import Foundation

/// One app event for `POST /v1/app/events`.
struct AppEvent: Sendable, Equatable {
    enum Source: String, Sendable {
        /// Events the library reports on its own, such as `btn:deeplink-opened`.
        case button
        /// Events the app reports through ``ButtonMerchant/reportEvent(_:properties:)``.
        case custom
    }

    var name: String
    var value: JSONObject?
    var sourceToken: String?
    var time: Date
    var uuid: String
    var source: Source

    func json(timeZone: TimeZone) -> JSONValue {
        var object: JSONObject = ["name": .string(name)]
        if let value { object["value"] = .object(value) }
        if let sourceToken { object["source_token"] = .string(sourceToken) }
        object["time"] = .string(ButtonDateFormat.string(from: time, timeZone: timeZone))
        object["uuid"] = .string(uuid)
        object["source"] = .string(source.rawValue)
        return .object(object)
    }
}

/// The JSON parameters of `POST /v1/app/events`, before the envelope is added.
enum EventBody {
    /// Throws ``ButtonMerchantError/noEvents`` rather than build a batch the server would reject.
    static func parameters(for events: [AppEvent], now: Date, timeZone: TimeZone) throws(ButtonMerchantError)
        -> JSONObject
    {
        guard !events.isEmpty else { throw .noEvents }
        return [
            "current_time": .string(ButtonDateFormat.string(from: now, timeZone: timeZone)),
            "events": .array(events.map { $0.json(timeZone: timeZone) }),
        ]
    }
}
