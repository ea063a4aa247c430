import CommerceCore
import Foundation

/// Search bodies, matching, scoring and distance (spec §3.5.3–3.5.4, §4.1, §5.6).
enum RezolveSearchRules {
    struct Input: Sendable {
        var terms: [String]
        var orderBy: String
        var descending: Bool
        var location: (latitude: Double, longitude: Double)?
        var merchantId: String?
        var include: String
    }

    /// Validates a merchant (`isProduct == false`) or product search body. All failures are code 6.
    static func input(_ body: JSONObject, isProduct: Bool) throws(RezolveFailure) -> Input {
        let missing = body.missing(["order_by", "order", "device_info"])
        guard missing.isEmpty else { throw RezolveFailure.validation(6, [RezolveMessage.required(missing)]) }
        // Required strings may not be null; the optional ones may.
        let optional = isProduct ? ["include_in_results", "merchant_id", "query"] : ["query"]
        let mismatches =
            (RezolveFieldRules.stringMismatches(body, ["device_info", "order", "order_by"])
            + RezolveFieldRules.stringMismatches(body, optional, allowNull: true)).sorted(
                by: RezolveRecordRules.byPointer)
        guard mismatches.isEmpty else { throw RezolveFailure.validation(6, mismatches) }
        var problems: [String] = []
        let device = RezolveFieldRules.string(body, "device_info")
        if device.isEmpty { problems.append(RezolveMessage.minimumLength(1, actual: 0, at: "#/device_info")) }
        let query = body["query"]?.stringValue
        if isProduct, query?.isEmpty == true {
            problems.append(RezolveMessage.minimumLength(1, actual: 0, at: "#/query"))
        }
        let include = body["include_in_results"]?.stringValue ?? "all"
        if isProduct, !["products", "acts", "all"].contains(include) {
            problems.append(RezolveMessage.notInEnum(at: "#/include_in_results"))
        }
        let order = RezolveFieldRules.string(body, "order")
        if !["asc", "desc"].contains(order) { problems.append(RezolveMessage.notInEnum(at: "#/order")) }
        let orderBy = RezolveFieldRules.string(body, "order_by")
        if !(isProduct ? ["score", "price"] : ["score", "location"]).contains(orderBy) {
            problems.append(RezolveMessage.notInEnum(at: "#/order_by"))
        }
        let location = try self.location(body["location"])
        guard problems.isEmpty else {
            throw RezolveFailure.validation(6, problems.sorted(by: RezolveRecordRules.byPointer))
        }
        if !isProduct, orderBy == "location", location == nil {
            throw RezolveFailure.validation(6, ["Location is required when ordering by location. - #/location"])
        }
        let terms = (query ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        return Input(
            terms: terms, orderBy: orderBy, descending: order == "desc", location: location,
            merchantId: body["merchant_id"]?.stringValue, include: include)
    }

    private static func location(_ value: JSONValue?) throws(RezolveFailure) -> (latitude: Double, longitude: Double)? {
        guard let value, !value.isNull else { return nil }
        guard case .object(let object) = value else {
            throw RezolveFailure.validation(
                6, [RezolveMessage.typeMismatch(expected: "Object", got: value, at: "#/location")])
        }
        guard let latitude = object["latitude"]?.doubleValue, (-90...90).contains(latitude) else {
            throw RezolveFailure.validation(6, ["Value out of range. - #/location/latitude"])
        }
        guard let longitude = object["longitude"]?.doubleValue, (-180...180).contains(longitude) else {
            throw RezolveFailure.validation(6, ["Value out of range. - #/location/longitude"])
        }
        return (latitude, longitude)
    }

    /// Every term must match one of the fields; each term scores the weights of the fields it matches.
    /// `nil` when some term matches nothing.
    static func score(terms: [String], fields: [(text: String, weight: Int)]) -> Int? {
        var total = 0
        for term in terms {
            let matched = fields.filter { $0.text.lowercased().contains(term) }
            guard !matched.isEmpty else { return nil }
            total += matched.reduce(0) { $0 + $1.weight }
        }
        return total
    }

    /// Haversine distance in metres on a sphere of radius 6 371 008.8 m, rounded to 0.1 m.
    static func distance(from a: (latitude: Double, longitude: Double), to b: (latitude: Double, longitude: Double))
        -> Double
    {
        let metres = GeoPoint(latitude: a.latitude, longitude: a.longitude)
            .distance(to: GeoPoint(latitude: b.latitude, longitude: b.longitude))
        return (metres * 10).rounded() / 10
    }
}
