import CommerceCore
import Foundation

/// Turns replies and responses into the flat dictionaries `ATHMPaymentHandlerDictionary` hands out.
enum ReplyDictionary {
    /// Re-encodes a response with the reply's keys (status in lower case, date in the reply format).
    /// Unlike the published SDK it keeps `fee` and `netAmount`.
    static func encode(_ response: ATHMPaymentResponse) -> NSDictionary {
        let payment = response.payment
        let items: [NSDictionary] = payment.items.map { item in
            NSDictionary(dictionary: [
                "name": item.name, "price": item.price, "quantity": NSNumber(value: item.quantity),
                "desc": item.desc, "description": item.desc, "metadata": item.metadata,
            ])
        }
        return NSDictionary(dictionary: [
            "total": payment.total, "subtotal": payment.subtotal, "tax": payment.tax,
            "fee": payment.fee, "netAmount": payment.netAmount,
            "metadata1": payment.metadata1, "metadata2": payment.metadata2,
            "phoneNumber": response.customer.phoneNumber.isEmpty ? payment.phoneNumber : response.customer.phoneNumber,
            "items": items,
            "name": response.customer.name, "email": response.customer.email,
            "status": response.status.status.rawValue,
            "date": ReplyDate.format(response.status.date),
            "referenceNumber": response.status.referenceNumber,
            "dailyTransactionID": NSNumber(value: response.status.dailyTransactionID),
            "version": "3.0",
        ])
    }

    /// A reply object as received, with numbers as `NSNumber` and nested objects as dictionaries.
    static func dictionary(from object: JSONObject) -> NSDictionary {
        var entries: [String: Any] = [:]
        for (key, value) in object { entries[key] = foundationValue(value) }
        return NSDictionary(dictionary: entries)
    }

    private static func foundationValue(_ value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let flag): NSNumber(value: flag)
        case .integer(let integer): NSNumber(value: integer)
        case .double(let double): NSNumber(value: double)
        case .string(let text): text
        case .array(let items): items.map(foundationValue)
        case .object(let object): dictionary(from: object)
        }
    }
}
