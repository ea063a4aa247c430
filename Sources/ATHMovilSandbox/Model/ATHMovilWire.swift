import CommerceCore
import Foundation

/// How payments look on the wire: the payment service's `data` object, the app's reply (`athm_payment_data`)
/// and the sandbox's own full record.
enum ATHMovilWire {
    /// The `data` object of `/authorization` and `/findPayment`.
    static func transaction(_ e: ATHMovilEcommerce, business: ATHMovilBusiness) -> JSONValue {
        let items: [JSONValue] = e.items.map { item in
            [
                "name": .string(item.name), "description": .string(item.desc), "quantity": .integer(item.quantity),
                "price": ATHMovilAmount.json(item.priceCents), "tax": 0, "metadata": .string(item.metadata),
                "formattedPrice": "", "sku": "",
            ]
        }
        return [
            "ecommerceStatus": .string(e.state.wireValue), "ecommerceId": .string(e.id),
            "referenceNumber": .string(e.referenceNumber), "businessCustomerId": .string(business.number),
            "transactionDate": .string(e.transactionDate), "dailyTransactionId": .string(e.dailyTransactionText),
            "businessName": .string(business.name), "businessPath": .string(business.path),
            "industry": .string(business.industry), "subTotal": ATHMovilAmount.json(e.subtotalCents),
            "tax": ATHMovilAmount.json(e.taxCents), "total": ATHMovilAmount.json(e.totalCents),
            "fee": ATHMovilAmount.json(e.feeCents), "netAmount": ATHMovilAmount.json(e.netCents),
            "totalRefundedAmount": ATHMovilAmount.json(e.refundedCents), "metadata1": .string(e.metadata1),
            "metadata2": .string(e.metadata2), "items": .array(items), "isNonProfit": .bool(business.isNonProfit),
        ]
    }

    /// The reply status the app reports for a state.
    static func replyStatus(_ state: ATHMovilEcommerce.State) -> String {
        switch state {
        case .confirm, .completed: "completed"
        case .expired: "expired"
        case .failed: "failed"
        case .open, .cancelled: "cancelled"
        }
    }

    /// The current-form reply (version 3.0, keys sorted) for the payment's state. Transaction values are
    /// only given for legacy completions: in the secure flow the merchant learns them from `/authorization`.
    static func reply(_ e: ATHMovilEcommerce, now: Date) -> JSONValue {
        let status = replyStatus(e.state)
        let showsTransaction = e.state == .completed && e.flow.isLegacy
        let showsCustomer = status == "completed" || status == "failed"
        let customer = showsCustomer ? e.customer : nil
        let pairs: [(String, JSONValue)] = [
            ("dailyTransactionID", .integer(showsTransaction ? e.dailyTransactionId : 0)),
            ("date", .string(ATHMovilTime.reply(now))),
            ("email", .string(customer?.email ?? "")),
            ("fee", ATHMovilAmount.json(showsTransaction ? e.feeCents : 0)),
            ("items", .array(e.items.map(\.json))),
            ("metadata1", .string(e.metadata1)),
            ("metadata2", .string(e.metadata2)),
            ("name", .string(customer?.name ?? "")),
            ("netAmount", ATHMovilAmount.json(showsTransaction ? e.netCents : 0)),
            ("phoneNumber", .string(customer?.phoneNumber ?? e.phoneNumber)),
            ("referenceNumber", .string(showsTransaction ? e.referenceNumber : "")),
            ("status", .string(status)),
            ("subtotal", ATHMovilAmount.json(e.subtotalCents)),
            ("tax", ATHMovilAmount.json(e.taxCents)),
            ("total", ATHMovilAmount.json(e.totalCents)),
            ("version", "3.0"),
        ]
        return .object(JSONObject(pairs))
    }

    /// `<scheme>://?athm_payment_data=<reply>` with only unreserved characters left unescaped, so `+` and
    /// spaces survive both `URLComponents` and form-style decoders.
    static func callbackURL(scheme: String, reply: JSONValue) -> String {
        let prefix = scheme.hasSuffix("://") ? scheme : scheme + "://"
        return prefix + "?athm_payment_data=" + strictlyEscaped(reply.serialized())
    }

    static func strictlyEscaped(_ text: String) -> String {
        var allowed = CharacterSet()
        allowed.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The sandbox's full record of a payment, for `GET /sandbox/athmovil/payments/...`.
    static func record(_ e: ATHMovilEcommerce, business: ATHMovilBusiness?) -> JSONValue {
        [
            "ecommerceId": .string(e.id), "flow": .string(e.flow.rawValue), "traceId": .string(e.traceId),
            "businessNumber": .string(e.businessNumber), "businessName": .from(business?.name),
            "state": .string(e.state.rawValue), "ecommerceStatus": .string(e.state.wireValue),
            "createdAt": .string(ISO8601.format(e.createdAt)), "updatedAt": .string(ISO8601.format(e.updatedAt)),
            "expiresAt": .string(ISO8601.format(e.expiresAt)), "timeout": .integer(e.timeout), "env": .string(e.env),
            "total": ATHMovilAmount.json(e.totalCents), "subtotal": ATHMovilAmount.json(e.subtotalCents),
            "tax": ATHMovilAmount.json(e.taxCents), "metadata1": .string(e.metadata1),
            "metadata2": .string(e.metadata2),
            "items": .array(e.items.map(\.json)), "phoneNumber": .string(e.phoneNumber), "scheme": .string(e.scheme),
            "customer": e.customer.map {
                [
                    "name": .string($0.name), "phoneNumber": .string($0.phoneNumber),
                    "email": .string($0.email),
                ]
            } ?? .null,
            "referenceNumber": .string(e.referenceNumber), "dailyTransactionId": .integer(e.dailyTransactionId),
            "transactionDate": .string(e.transactionDate), "fee": ATHMovilAmount.json(e.feeCents),
            "netAmount": ATHMovilAmount.json(e.netCents), "totalRefundedAmount": ATHMovilAmount.json(e.refundedCents),
            "callbackURLs": .array(e.callbacks.map(JSONValue.string)),
        ]
    }
}
