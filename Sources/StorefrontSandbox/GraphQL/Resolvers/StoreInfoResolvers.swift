import Foundation
import GraphQL

extension ResolverRegistry {
    /// The shop's locations, payment settings, URL redirects, metaobjects, menus and sitemaps as root fields.
    mutating func registerStoreInfo() {
        on("QueryRoot", "locations") { _, args, c, _ in
            try StoreLocations.connection(StorefrontContentStore.locations(c.db, shopID: c.shop.id), args: args)
        }
        let location = LocationRecord.self
        on("Location", "id", as: location) { l, _, _ in l.gid.encoded }
        on("Location", "name", as: location) { l, _, _ in l.name }
        on("Location", "address", as: location) { l, _, _ in StoreLocations.address(l) }

        // One implementation with `Shop.paymentSettings`: the shop's currency, country, cards and wallets, and
        // the sandbox's own card vault route.
        if let shopSettings = resolvers["Shop.paymentSettings"] {
            on("QueryRoot", "paymentSettings") { _, args, c, info in try shopSettings(c.shop, args, c, info) }
        }

        on("QueryRoot", "urlRedirects") { _, args, c, _ in
            let redirects = try StorefrontContentStore.redirects(c.db, shopID: c.shop.id)
            let query = SearchQuery(args.field("query").asString, fields: ["path", "target"])
            let entries = redirects.filter { redirect in
                query.matches(freeText: [redirect.path, redirect.target]) { name in
                    switch name {
                    case "path": .text([redirect.path])
                    case "target": .text([redirect.target])
                    default: nil
                    }
                }
            }.map { Connection.Entry(item: $0, id: $0.id, value: .number($0.id)) }
            let order = SortOrder(key: "ID", descending: false, reverse: args.field("reverse").asBool ?? false)
            return try Connection.make(entries, order: order, args: args, connectionType: "UrlRedirectConnection")
        }
        let redirect = UrlRedirectRecord.self
        on("UrlRedirect", "id", as: redirect) { r, _, _ in r.gid.encoded }
        on("UrlRedirect", "path", as: redirect) { r, _, _ in r.path }
        on("UrlRedirect", "target", as: redirect) { r, _, _ in r.target }

        // The sandbox defines no metaobject types, so every type is empty and every lookup misses; the page
        // arguments are still checked as on every connection.
        on("QueryRoot", "metaobjects") { _, args, _, _ in
            try Connection.make(
                [Connection.Entry<GraphObject>](), order: SortOrder(key: "ID", descending: false, reverse: false),
                args: args, connectionType: "MetaobjectConnection")
        }
        on("QueryRoot", "metaobject") { _, _, _, _ in nil }

        registerMenu()
        registerSitemap()
    }
}

/// `locations`: sorted by `ID` (the schema's default), `NAME`, `CITY` or `DISTANCE` from `near` (without
/// `near`, every distance is unknown and the order is by ID).
enum StoreLocations {
    static func connection(_ locations: [LocationRecord], args: Map) throws -> GraphObject {
        let near = try coordinate(args.field("near"))
        let key = args.field("sortKey").asString ?? "ID"
        let entries = locations.map { location -> Connection.Entry<LocationRecord> in
            let value: SortValue =
                switch key {
                case "NAME": .text(location.name.lowercased())
                case "CITY": .text((location.city ?? "").lowercased())
                case "DISTANCE": .number(distance(from: near, to: location))
                default: .number(location.id)
                }
            return Connection.Entry(item: location, id: location.id, value: value)
        }
        let order = SortOrder(key: key, descending: false, reverse: args.field("reverse").asBool ?? false)
        return try Connection.make(entries, order: order, args: args, connectionType: "LocationConnection")
    }

    /// The `near` argument, checked: latitude within ±90 and longitude within ±180.
    static func coordinate(_ near: Map) throws -> (latitude: Double, longitude: Double)? {
        guard case .dictionary = near else { return nil }
        guard case .number(let latitude) = near.field("latitude"), abs(latitude.doubleValue) <= 90 else {
            throw StorefrontFieldError(message: "near.latitude must be between -90 and 90")
        }
        guard case .number(let longitude) = near.field("longitude"), abs(longitude.doubleValue) <= 180 else {
            throw StorefrontFieldError(message: "near.longitude must be between -180 and 180")
        }
        return (latitude.doubleValue, longitude.doubleValue)
    }

    /// Great-circle distance in metres; a location without coordinates (or no `near`) sorts last.
    static func distance(from near: (latitude: Double, longitude: Double)?, to location: LocationRecord) -> Int64 {
        guard let near, let latitude = location.latitude, let longitude = location.longitude else { return .max }
        let radians = Double.pi / 180
        let dLat = (latitude - near.latitude) * radians
        let dLon = (longitude - near.longitude) * radians
        let a =
            sin(dLat / 2) * sin(dLat / 2) + cos(near.latitude * radians) * cos(latitude * radians) * sin(dLon / 2)
            * sin(dLon / 2)
        return Int64(6_371_000 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot()))
    }

    static func address(_ location: LocationRecord) -> GraphObject {
        let country = location.countryCode.map { Countries.name(for: $0) }
        let cityLine = [location.city, location.provinceCode, location.zip].compactMap { $0 }.joined(separator: " ")
        let formatted = [location.address1, location.address2, cityLine.isEmpty ? nil : cityLine, country]
            .compactMap { $0 }
        return GraphObject(
            "LocationAddress",
            [
                "address1": location.address1, "address2": location.address2, "city": location.city,
                "province": location.province, "provinceCode": location.provinceCode, "country": country,
                "countryCode": location.countryCode, "zip": location.zip, "phone": location.phone,
                "latitude": location.latitude, "longitude": location.longitude, "formatted": graphList(formatted),
            ])
    }
}
