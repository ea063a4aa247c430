import CommerceCore
import Foundation

/// What an option session offers (spec §3.5.6): shipping methods (flat rate, one `storepickup` per store,
/// none for all-virtual orders) and payment methods (the merchant's, `cash` only with pickup, `free` alone
/// for acts and zero-priced virtual orders).
struct RezolveOffers: Sendable {
    struct Payment: Sendable {
        let type: String
        let shipping: [String]
        let requiresPhone: Bool
        let requiresCard: Bool
    }

    let merchant: RZMerchant
    let stores: [RZStore]
    let isAllVirtual: Bool
    let isFree: Bool

    init(merchant: RZMerchant, stores: [RZStore], session: RZOptionSession) {
        self.merchant = merchant
        self.stores = stores
        self.isAllVirtual = session.isAllVirtual
        self.isFree = session.isFree
    }

    var shippingCodes: [String] { isAllVirtual ? [] : ["flatrate"] + (stores.isEmpty ? [] : ["storepickup"]) }

    var payments: [Payment] {
        if isFree { return [Payment(type: "free", shipping: [], requiresPhone: false, requiresCard: false)] }
        let allShipping = shippingCodes
        return merchant.offeredPaymentTypes.compactMap { type -> Payment? in
            switch type {
            case "spgateway": Payment(type: type, shipping: allShipping, requiresPhone: true, requiresCard: true)
            case "external": Payment(type: type, shipping: allShipping, requiresPhone: false, requiresCard: false)
            case "cash" where !isAllVirtual && !stores.isEmpty:
                Payment(type: type, shipping: ["storepickup"], requiresPhone: false, requiresCard: false)
            default: nil
            }
        }
    }

    func payment(_ type: String) -> Payment? { payments.first { $0.type == type } }

    func shippingPrice(_ code: String?) -> Int64 { code == "flatrate" ? merchant.flatrateMinor : 0 }

    // MARK: JSON

    func json(sessionId: String, lines: [RZLine]) -> JSONValue {
        var shipping: [JSONValue] = []
        if !isAllVirtual {
            shipping.append([
                "execute": method(
                    "flatrate", "Fixed", price: merchant.flatrateMinor, isDefault: true, extensions: .null),
                "details": ["store_details": .null],
            ])
            for store in stores {
                shipping.append([
                    "execute": method(
                        "storepickup", "Pickup In Store", price: 0, isDefault: false,
                        extensions: [["code": "pickup_store", "value": .string(String(store.id))]]),
                    "details": ["store_details": Self.storeDetails(store)],
                ])
            }
        }
        let payments: [JSONValue] = self.payments.map { payment in
            let brands: [JSONValue] = payment.requiresCard ? ["visa", "mastercard"] : []
            return [
                "type": .string(payment.type),
                "data": [
                    "supported_types": payment.requiresCard ? ["credit", "debit"] : [],
                    "supported_shipping": .array(payment.shipping.map(JSONValue.string)),
                    "supported_networks": .array(brands),
                    "requirements": [
                        "rezolve_phone": .bool(payment.requiresPhone),
                        "rezolve_credit_card": .bool(payment.requiresCard),
                    ],
                ],
                "brands": .array(brands),
            ]
        }
        return [
            "id": .string(sessionId), "type": "standard", "supported_shipping_methods": .array(shipping),
            "supported_payment_methods": .array(payments), "products": .array(lines.map(Self.line)), "options": [:],
        ]
    }

    private func method(_ code: String, _ name: String, price: Int64, isDefault: Bool, extensions: JSONValue)
        -> JSONValue
    {
        [
            "method_code": .string(code), "carrier_code": .string(code), "display_name": .string(name),
            "manual_payment_label": "Pay on Collection", "price": RezolveWire.money(price),
            "is_default": .bool(isDefault),
            "extension_attributes": extensions,
        ]
    }

    static func storeDetails(_ store: RZStore) -> JSONValue {
        [
            "pickup_store": .integer(store.id), "name": .string(store.name), "description": .null,
            "email": .string(store.email),
            "telephone": .string(store.telephone), "opening_times": [],
            "location": RezolveWire.location(latitude: store.latitude, longitude: store.longitude),
            "address": [
                "street1": .string(store.street1), "street2": "", "city": .string(store.city),
                "region": .string(store.region), "post_code": .string(store.postCode),
                "country": .string(store.country),
            ],
        ]
    }

    /// A line in the client's wire form.
    static func line(_ line: RZLine) -> JSONValue {
        [
            "id": .integer(line.productId), "qty": .integer(Int64(line.qty)),
            "configurable_options": .array(
                line.configurable.map { ["code": .string($0.code), "value": .string($0.value)] }),
            "custom_options": .array(
                line.custom.map {
                    [
                        "option_id": .integer(Int64($0.optionId)),
                        "value": .array($0.value.map(JSONValue.string)),
                    ]
                }),
        ]
    }
}
