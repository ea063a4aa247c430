import CommerceCore
import Foundation

/// JSON shapes of the customer records (spec §2.4, §3.5.2). Core JSON is snake_case.
enum RezolveWire {
    static func money(_ minor: Int64) -> JSONValue { .double(Double(minor) / 100) }
    static func money(_ minor: Int64?) -> JSONValue { minor.map(money) ?? .null }

    /// RFC 3339 UTC with milliseconds.
    static func time(_ seconds: Double) -> JSONValue {
        .string(ISO8601.format(Date(timeIntervalSince1970: seconds), fraction: .milliseconds))
    }

    static func profile(_ customer: RZCustomer) -> JSONValue {
        [
            "entity_id": .string(customer.entityId), "title": .string(customer.title),
            "first_name": .string(customer.firstName), "last_name": .string(customer.lastName),
            "name": .string(customer.name),
            "email": .string(customer.email), "phone": .string(customer.phone),
            "country_code": .string(customer.countryCode),
            "metadata": [:], "use_data_for_marketing": .bool(customer.useDataForMarketing),
            "date_created": time(customer.dateCreated), "date_updated": time(customer.dateUpdated),
        ]
    }

    static func phone(_ phone: RZPhone) -> JSONValue {
        ["id": .string(phone.id), "name": .string(phone.name), "phone": .string(phone.phone)]
    }

    static func address(_ address: RZAddress) -> JSONValue {
        [
            "id": .string(address.id), "short_name": .string(address.shortName), "full_name": .string(address.fullName),
            "line_1": .string(address.line1), "line_2": .string(address.line2), "city": .string(address.city),
            "state": .string(address.state), "zip": .string(address.zip), "country": .string(address.country),
            "country_alpha2": .string(address.countryAlpha2), "phone_id": .from(address.phoneId),
        ]
    }

    /// A wallet card; `pan` is never part of it.
    static func card(_ card: RZCard) -> JSONValue {
        [
            "id": .string(card.id), "short_name": .string(card.shortName), "type": .string(card.type),
            "brand": .string(card.brand), "name_on_card": .string(card.nameOnCard), "pan4": .string(card.pan4),
            "pan6": .string(card.pan6), "expires_on": .string(card.expiresOn), "valid_from": .string(card.validFrom),
            "address_id": .string(card.addressId),
        ]
    }

    static func favourite(_ favourite: RZFavourite) -> JSONValue {
        [
            "id": .string(favourite.id), "provider": .string(favourite.provider), "type": .string(favourite.type),
            "value": .string(favourite.value),
        ]
    }

    static func location(latitude: Double, longitude: Double) -> JSONValue {
        ["latitude": .double(latitude), "longitude": .double(longitude)]
    }

    static func newId() -> String { UUID().uuidString.lowercased() }
}
