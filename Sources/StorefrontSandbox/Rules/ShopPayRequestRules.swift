import CommerceCore
import Foundation

/// A Shop Pay payment request (spec §5.11): what `ShopPayPaymentRequestInput` must carry for the
/// `ShopPayPaymentRequest` the session answers, and the conversion from the stored input to that object.
enum ShopPayRequestRules {
    static let requestType = "ShopPayPaymentRequest"

    /// The output type of each key that holds objects (a list or one).
    static let objectTypes: [String: String] = [
        "lineItems": "ShopPayPaymentRequestLineItem", "deliveryMethods": "ShopPayPaymentRequestDeliveryMethod",
        "shippingLines": "ShopPayPaymentRequestShippingLine", "discounts": "ShopPayPaymentRequestDiscount",
        "itemDiscounts": "ShopPayPaymentRequestDiscount", "lineDiscounts": "ShopPayPaymentRequestDiscount",
        "totalShippingPrice": "ShopPayPaymentRequestTotalShippingPrice", "image": "ShopPayPaymentRequestImage",
    ]

    /// Keys holding a `MoneyInput` that answers as `MoneyV2`.
    static let moneyKeys: Set<String> = [
        "amount", "finalItemPrice", "finalLinePrice", "originalItemPrice", "originalLinePrice", "finalTotal",
        "originalTotal", "subtotal", "total", "totalTax",
    ]

    /// Fields the output type makes non-null but the input leaves optional: the request must give them.
    static let required: [String: [String]] = [
        "ShopPayPaymentRequestLineItem": ["label", "finalItemPrice", "finalLinePrice"],
        "ShopPayPaymentRequestDeliveryMethod": ["amount", "code", "label"],
        "ShopPayPaymentRequestShippingLine": ["amount", "code", "label"],
        "ShopPayPaymentRequestDiscount": ["amount", "label"],
        "ShopPayPaymentRequestTotalShippingPrice": ["finalTotal"],
    ]

    /// Non-null lists the input may leave out: they answer `[]`.
    static let lists: [String: [String]] = [
        requestType: ["deliveryMethods", "discountCodes", "lineItems", "shippingLines"],
        "ShopPayPaymentRequestTotalShippingPrice": ["discounts"],
    ]

    /// Every problem of `request` as (field path, message); money must be in the presentment currency.
    static func problems(_ request: JSONValue) -> [(field: [String], message: String)] {
        let currency = request["presentmentCurrency"]?.stringValue ?? ""
        var problems: [(field: [String], message: String)] = []
        func check(_ value: JSONValue, type: String, path: [String]) {
            for key in required[type] ?? [] where value[key] == nil || value[key] == .null {
                problems.append((path + [key], "\(key) is required"))
            }
            for (key, item) in value.objectValue ?? [:] {
                if moneyKeys.contains(key), item != .null {
                    if item["currencyCode"]?.stringValue != currency {
                        problems.append((path + [key, "currencyCode"], "Money must be in \(currency)"))
                    }
                    if (item["amount"]?.stringValue).flatMap(StorefrontFormat.cents) == nil {
                        problems.append((path + [key, "amount"], "Amount is invalid"))
                    }
                } else if let nested = objectTypes[key] {
                    if let items = item.arrayValue {
                        for (i, entry) in items.enumerated() {
                            check(entry, type: nested, path: path + [key, String(i)])
                        }
                    } else if item != .null {
                        check(item, type: nested, path: path + [key])
                    }
                }
            }
        }
        check(request, type: requestType, path: ["paymentRequest"])
        if request["lineItems"]?.arrayValue?.isEmpty ?? true {
            problems.append((["paymentRequest", "lineItems"], "A payment request needs at least one line item"))
        }
        return problems
    }

    /// The stored request as the `ShopPayPaymentRequest` object tree.
    static func object(_ value: JSONValue, type: String = requestType) -> GraphObject {
        var fields: [String: (any Sendable)?] = [:]
        for key in lists[type] ?? [] { fields[key] = [(any Sendable)?]() }
        if type == requestType { fields["selectedDeliveryMethodType"] = "SHIPPING" }
        for (key, item) in value.objectValue ?? [:] {
            if moneyKeys.contains(key) {
                let cents = (item["amount"]?.stringValue).flatMap(StorefrontFormat.cents)
                fields[key] = cents.map {
                    StorefrontFormat.moneyV2(cents: $0, currency: item["currencyCode"]?.stringValue ?? "")
                }
            } else if let nested = objectTypes[key] {
                if let items = item.arrayValue {
                    fields[key] = graphList(items.map { object($0, type: nested) })
                } else if item != .null {
                    fields[key] = object(item, type: nested)
                }
            } else {
                switch item {
                case .string(let text): fields[key] = text
                case .integer(let number): fields[key] = Int(number)
                case .bool(let flag): fields[key] = flag
                case .array(let items): fields[key] = graphList(items.compactMap(\.stringValue))
                default: break
                }
            }
        }
        return GraphObject(type, fields)
    }
}
