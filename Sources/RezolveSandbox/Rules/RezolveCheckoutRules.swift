import CommerceCore
import Foundation

/// The checkout body (spec §3.5.7, §4.1): shipping and payment must be among what the option offered.
enum RezolveCheckoutRules {
    struct Choice: Sendable {
        var shippingCode: String?
        var addressId: String?
        var pickupStore: Int64?
        var paymentType: String
    }

    static func choice(_ body: JSONObject, offers: RezolveOffers) throws(RezolveFailure) -> Choice {
        let required = offers.isAllVirtual ? ["payment_method"] : ["payment_method", "shipping_method"]
        let missing = body.missing(required)
        guard missing.isEmpty else { throw RezolveFailure.validation(3, [RezolveMessage.required(missing)]) }
        var mismatches: [String] = []
        for name in required.sorted() {
            if let value = body[name], value.objectValue == nil {
                mismatches.append(RezolveMessage.typeMismatch(expected: "Object", got: value, at: "#/\(name)"))
            }
        }
        guard mismatches.isEmpty else { throw RezolveFailure.validation(3, mismatches) }
        var choice = Choice(paymentType: "")
        if let shipping = body["shipping_method"]?.objectValue {
            let type = shipping["type"]?.stringValue ?? "nil"
            guard offers.shippingCodes.contains(type) else {
                throw RezolveFailure.validation(6, ["Invalid shipping method - \(type)"])
            }
            choice.shippingCode = type
            if type == "flatrate" {
                guard let address = shipping["address_id"]?.stringValue, !address.isEmpty else {
                    throw RezolveFailure.validation(
                        3, [RezolveMessage.required(["address_id"], at: "#/shipping_method")])
                }
                choice.addressId = address
            } else {
                let raw = shipping["pickup_store"]
                let store = raw?.integerValue ?? raw?.stringValue.flatMap { Int64($0) }
                guard let store, offers.stores.contains(where: { $0.id == store }) else {
                    throw RezolveFailure.validation(6, ["Invalid pickup store - \(raw.map(Self.text) ?? "nil")"])
                }
                choice.pickupStore = store
            }
        }
        let paymentType = body["payment_method"]?["type"]?.stringValue ?? "nil"
        guard let payment = offers.payment(paymentType),
            choice.shippingCode == nil || payment.shipping.contains(choice.shippingCode ?? "")
        else {
            throw RezolveFailure.validation(6, ["Invalid payment method - \(paymentType)"])
        }
        choice.paymentType = paymentType
        return choice
    }

    /// A JSON scalar as it would be printed in a message.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .null: "nil"
        default: value.serialized()
        }
    }
}
