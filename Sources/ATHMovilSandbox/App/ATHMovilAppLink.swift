import CommerceCore
import Foundation
import GRDB

/// What the simulated ATH Móvil app does when a universal link opens it: read `transaction_data`, then find
/// the registered payment (secure flow) or create it from the link (legacy flows).
enum ATHMovilAppLink {
    enum Kind: String, Sendable {
        case secure = "mobileSecure"
        case legacy = "mobile"
        case legacyDummy = "mobileDummy"
    }

    enum Problem: Error, Sendable {
        /// 400 "Invalid payment link", naming what is wrong.
        case invalid(String)
        /// 404 "Payment not found".
        case notFound
    }

    enum Opened: Sendable {
        case payment(ATHMovilEcommerce, ATHMovilBusiness)
        /// Legacy link for a token that is unknown or inactive: the app shows an error and returns `cancelled`.
        case inactiveBusiness(callbackURL: String)
    }

    /// `transaction_data` from a raw query, percent-decoded without turning `+` into a space.
    static func transactionData(rawQuery: String?) -> Result<JSONObject, Problem> {
        let pairs = (rawQuery ?? "").split(separator: "&")
        guard let pair = pairs.first(where: { $0.hasPrefix("transaction_data=") }) else {
            return .failure(.invalid("transaction_data is missing"))
        }
        let encoded = String(pair.dropFirst("transaction_data=".count))
        guard let text = encoded.removingPercentEncoding, let object = (try? JSONValue.parse(text))?.objectValue else {
            return .failure(.invalid("transaction_data is not valid JSON"))
        }
        return .success(object)
    }

    /// Reads a full link (`…/e-commerce/mobileSecure?transaction_data=…`), as the control route receives it.
    static func parse(url text: String) -> Result<(Kind, JSONObject), Problem> {
        guard let components = URLComponents(string: text),
            let kind = Kind(rawValue: components.path.split(separator: "/").last.map(String.init) ?? "")
        else {
            return .failure(
                .invalid("url is not an ATH Móvil app link (…/e-commerce/mobileSecure, /mobile or /mobileDummy)"))
        }
        return transactionData(rawQuery: components.percentEncodedQuery).map { (kind, $0) }
    }

    static func open(_ kind: Kind, data: JSONObject, now: Date, _ db: Database) throws -> Opened {
        let link = JSONValue.object(data)
        switch kind {
        case .secure:
            guard let id = link["ecommerceId"]?.stringValue,
                let ecommerce = try ATHMovilPaymentStore.ecommerce(id: id, now: now, db),
                let business = try ATHMovilAccountStore.business(number: ecommerce.businessNumber, db),
                let tokenBusiness = try ATHMovilAccountStore.business(
                    token: link["publicToken"]?.stringValue ?? "", db),
                tokenBusiness.number == business.number
            else { throw Problem.notFound }
            var opened = ecommerce
            // The secure link carries the scheme the reply must go to.
            if let scheme = link["scheme"]?.stringValue, !scheme.isEmpty, opened.scheme != scheme {
                opened.scheme = scheme
                try ATHMovilPaymentStore.save(opened, db)
            }
            return .payment(opened, business)
        case .legacy, .legacyDummy:
            return try openLegacy(kind, link: link, now: now, db)
        }
    }

    private static func openLegacy(_ kind: Kind, link: JSONValue, now: Date, _ db: Database) throws -> Opened {
        guard let expiresIn = link["expiresIn"]?.doubleValue, (60...600).contains(expiresIn) else {
            throw Problem.invalid("expiresIn must be a number from 60 to 600")
        }
        guard let totalValue = link["total"], let total = ATHMovilAmount.decimal(totalValue), total >= 1 else {
            throw Problem.invalid("total must be a number of at least 1.00")
        }
        guard let scheme = link["scheme"]?.stringValue, !scheme.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw Problem.invalid("scheme is missing")
        }
        guard let token = link["publicToken"]?.stringValue, !token.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw Problem.invalid("publicToken is missing")
        }
        let business: ATHMovilBusiness
        if kind == .legacyDummy {
            business = ATHMovilSeedData.dummy
        } else {
            guard let found = try ATHMovilAccountStore.business(token: token, db), found.isActive else {
                var rejected = makeLegacy(
                    kind, link: link, business: ATHMovilSeedData.dummy, total: total,
                    expiresIn: expiresIn, scheme: scheme, now: now)
                rejected.state = .cancelled
                return .inactiveBusiness(
                    callbackURL: ATHMovilWire.callbackURL(
                        scheme: scheme,
                        reply: ATHMovilWire.reply(rejected, now: now)))
            }
            business = found
        }
        let traceId = link["traceId"]?.stringValue ?? ""
        if !traceId.isEmpty,
            let existing = try ATHMovilPaymentStore.ecommerce(
                traceId: traceId, businessNumber: business.number, now: now, db)
        {
            return .payment(existing, business)
        }
        let created = makeLegacy(
            kind, link: link, business: business, total: total, expiresIn: expiresIn,
            scheme: scheme, now: now)
        try ATHMovilPaymentStore.save(created, db)
        return .payment(created, business)
    }

    private static func makeLegacy(
        _ kind: Kind, link: JSONValue, business: ATHMovilBusiness, total: Decimal,
        expiresIn: Double, scheme: String, now: Date
    ) -> ATHMovilEcommerce {
        let cents: (String) -> Int64 = { key in
            link[key].flatMap { ATHMovilAmount.decimal($0) }.map(ATHMovilAmount.cents) ?? 0
        }
        let items: [ATHMovilEcommerce.Item] = (link["items"]?.arrayValue ?? []).map { item in
            ATHMovilEcommerce.Item(
                name: item["name"]?.stringValue ?? "",
                priceCents: item["price"].flatMap { ATHMovilAmount.decimal($0) }.map(ATHMovilAmount.cents) ?? 0,
                quantity: item["quantity"]?.integerValue ?? 0,
                desc: item["desc"]?.stringValue ?? item["description"]?.stringValue ?? "",
                metadata: item["metadata"]?.stringValue ?? "")
        }
        let traceId = link["traceId"]?.stringValue ?? ""
        return ATHMovilEcommerce(
            id: UUID().uuidString.lowercased(), flow: kind == .legacyDummy ? .legacyDummy : .legacy,
            traceId: traceId.isEmpty ? UUID().uuidString : traceId, businessNumber: business.number, createdAt: now,
            expiresAt: now.addingTimeInterval(expiresIn), totalCents: ATHMovilAmount.cents(total),
            subtotalCents: cents("subtotal"), taxCents: cents("tax"), metadata1: link["metadata1"]?.stringValue ?? "",
            metadata2: link["metadata2"]?.stringValue ?? "", items: items,
            phoneNumber: link["phoneNumber"]?.stringValue ?? "", scheme: scheme, timeout: Int64(expiresIn), env: "app")
    }
}
