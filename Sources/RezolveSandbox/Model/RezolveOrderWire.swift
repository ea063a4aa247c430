import CommerceCore
import Foundation
import GRDB

/// JSON shapes of prices, bought orders and order details (spec §3.5.7–3.5.9).
enum RezolveOrderWire {
    /// `{id?, final_price, price_breakdown:[subtotal, shipping, tax], additional_attributes}`.
    static func price(_ order: RZOrder, includeId: Bool) -> JSONValue {
        var object: JSONObject = includeId ? ["id": .string(String(order.id))] : [:]
        object["final_price"] = RezolveWire.money(order.finalMinor)
        object["price_breakdown"] = [
            ["type": "subtotal", "amount": RezolveWire.money(order.subtotalMinor)],
            ["type": "shipping", "amount": RezolveWire.money(order.shippingMinor)],
            ["type": "tax", "amount": RezolveWire.money(order.taxMinor)],
        ]
        object["additional_attributes"] = []
        return .object(object)
    }

    /// The buy answer: the merchant's contact details and, for external payments, the callback id.
    static func checkoutOrder(_ order: RZOrder, merchant: RZMerchant, partner: RZPartner) -> JSONValue {
        let data: JSONValue = order.paymentId.map { ["callback": ["payment_id": .string($0)]] } ?? [:]
        return [
            "order_id": .string(String(order.id)), "merchant_id": .string(merchant.id),
            "partner_id": .string(partner.id),
            "partner_name": .string(partner.name), "name": .string(merchant.name), "email": .string(merchant.email),
            "phone_number": .string(merchant.phone), "payment_method": .string(order.paymentType), "data": data,
        ]
    }

    /// The order detail, with its phone, addresses and store looked up.
    static func detail(_ order: RZOrder, customer: RZCustomer, partner: RZPartner, _ db: Database) throws -> JSONValue {
        let merchant = try RZMerchant.fetchOne(db, key: order.merchantId)
        let phone = try order.phoneId.flatMap { try RZPhone.fetchOne(db, key: $0) }
        let address = try order.addressId.flatMap { try RZAddress.fetchOne(db, key: $0) }
        let store = try order.pickupStore.flatMap { try RZStore.fetchOne(db, key: $0) }
        let shipping: JSONValue =
            order.shippingCode.map { code in
                [
                    "method_code": .string(code), "carrier_code": .string(code),
                    "display_name": .string(code == "flatrate" ? "Fixed" : "Pickup In Store"),
                ]
            } ?? .null
        let addressJSON: JSONValue =
            address.map { address -> JSONValue in
                var object = RezolveWire.address(address).objectValue ?? [:]
                object["phone_book"] = ["id": .from(address.phoneId)]
                object["entity_id"] = .string(address.entityId)
                object["inserted_at"] = RezolveWire.time(address.insertedAt)
                object["updated_at"] = RezolveWire.time(address.updatedAt)
                object["location"] = .null
                return .object(object)
            } ?? .null
        let phoneJSON: JSONValue =
            phone.map {
                [
                    "id": .string($0.id), "name": .string($0.name), "phone": .string($0.phone),
                    "entity_id": .string($0.entityId),
                    "country_code": .string(customer.countryCode), "inserted_at": RezolveWire.time($0.insertedAt),
                    "updated_at": RezolveWire.time($0.updatedAt),
                ]
            } ?? .null
        let items = order.lines.map { line -> JSONValue in
            [
                "id": .integer(line.line.productId), "title": .string(line.title), "subtitle": .string(line.subtitle),
                "quantity": .integer(Int64(line.line.qty)), "price": RezolveWire.money(line.unitMinor),
                "is_virtual": .bool(line.isVirtual), "is_act": .bool(line.isAct), "images": [], "image_thumbs": [],
                "configurable_options": RezolveOffers.line(line.line)["configurable_options"] ?? [],
                "custom_options": RezolveOffers.line(line.line)["custom_options"] ?? [], "assets": [],
            ]
        }
        let geoloc: JSONValue =
            order.latitude.flatMap { lat in
                order.longitude.map { RezolveWire.location(latitude: lat, longitude: $0) }
            } ?? .null
        return [
            "order_id": .string(String(order.id)), "timestamp": RezolveWire.time(order.placedAt ?? order.createdAt),
            "status": .string(order.state), "payment_status": .from(order.paymentStatus),
            "merchant_id": .string(order.merchantId), "merchant_name": .from(merchant?.name),
            "merchant_email": .from(merchant?.email), "merchant_phone": .from(merchant?.phone),
            "partner_id": .string(partner.id), "partner_name": .string(partner.name),
            "entity_id": .string(customer.entityId),
            "first_name": .string(customer.firstName), "last_name": .string(customer.lastName),
            "email": .string(customer.email), "phone": phoneJSON, "shipping_method": shipping,
            "shipping_address_details": addressJSON, "billing_address_details": addressJSON,
            "store_details": store.map(RezolveOffers.storeDetails) ?? .null,
            "price": price(order, includeId: false),
            "payment_method": [
                "type": ["code": .string(order.paymentType), "label": .string(label(order.paymentType))],
                "details": ["pay_with": .from(order.payWith), "pan4": .from(order.pan4)],
            ],
            "items": .array(items), "is_virtual": .bool(order.lines.allSatisfy(\.isVirtual)),
            "is_cart": .bool(order.cartId != nil), "geoloc": geoloc, "shipping_details": [:], "additional_fields": [:],
        ]
    }

    private static func label(_ type: String) -> String {
        switch type {
        case "spgateway": "Credit card"
        case "external": "External payment"
        case "cash": "Pay on collection"
        case "free": "No payment required"
        default: type
        }
    }
}
