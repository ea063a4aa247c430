import CommerceCore
import Foundation

/// Builds the JSON the SDK sends: the `/payment` body and the `transaction_data` of the app links.
///
/// Keys are written in sorted order so links and bodies are reproducible byte for byte.
enum RequestEncoding {
    /// The `/payment` body. Amounts are `abs(value)` rounded to cents with banker's rounding.
    static func paymentBody(
        account: ATHMBusinessAccount, payment: ATHMPayment, timeout: TimeInterval,
        environment: ATHMEnvironment
    ) -> JSONValue {
        sorted([
            ("env", .string(environment.name)),
            ("items", .array(payment.items.map(item))),
            ("metadata1", .string(payment.metadata1)),
            ("metadata2", .string(payment.metadata2)),
            ("phoneNumber", .string(payment.phoneNumber)),
            ("publicToken", .string(account.token)),
            ("subtotal", .double(roundedCents(payment.subtotal))),
            ("tax", .double(roundedCents(payment.tax))),
            ("timeout", .integer(Int64(timeout))),
            ("total", .double(roundedCents(payment.total))),
        ])
    }

    /// `transaction_data` of the secure flow: it names the registered payment rather than repeating it.
    static func secureLinkData(
        ecommerceId: String, account: ATHMBusinessAccount, scheme: ATHMURLScheme,
        payment: ATHMPayment, timeout: TimeInterval
    ) -> JSONValue {
        sorted([
            ("ecommerceId", .string(ecommerceId)),
            ("expiresIn", .double(timeout)),
            ("phoneNumber", .string(payment.phoneNumber)),
            ("publicToken", .string(account.token)),
            ("scheme", .string(scheme.urlScheme)),
            ("timeout", .double(timeout)),
            ("version", "3.0"),
        ])
    }

    /// `transaction_data` of the legacy flows: the whole payment travels in the link.
    static func legacyLinkData(
        traceId: UUID, account: ATHMBusinessAccount, scheme: ATHMURLScheme,
        payment: ATHMPayment, timeout: TimeInterval
    ) -> JSONValue {
        sorted([
            ("expiresIn", .double(timeout)),
            ("items", .array(payment.items.map(item))),
            ("metadata1", .string(payment.metadata1)),
            ("metadata2", .string(payment.metadata2)),
            ("phoneNumber", .string(payment.phoneNumber)),
            ("publicToken", .string(account.token)),
            ("scheme", .string(scheme.urlScheme)),
            ("subtotal", .double(payment.subtotal.doubleValue)),
            ("tax", .double(payment.tax.doubleValue)),
            ("total", .double(payment.total.doubleValue)),
            ("traceId", .string(traceId.uuidString.uppercased())),
            ("version", "3.0"),
        ])
    }

    /// An item as the app and the payment service read it: the description goes under `desc` and `description`.
    static func item(_ item: ATHMPaymentItem) -> JSONValue {
        sorted([
            ("desc", .string(item.desc)),
            ("description", .string(item.desc)),
            ("metadata", .string(item.metadata)),
            ("name", .string(item.name)),
            ("price", .double(item.price.doubleValue)),
            ("quantity", .integer(Int64(item.quantity))),
        ])
    }

    /// Puts `data` into `<base>/<path>?transaction_data=<json>` with `URLComponents`' query encoding.
    static func link(base: URL, path: String, data: JSONValue) -> URL? {
        guard var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        else { return nil }
        components.queryItems = [URLQueryItem(name: "transaction_data", value: data.serialized())]
        return components.url
    }

    /// Whether every number in `value` can be written as JSON (no NaN or infinity).
    static func isEncodable(_ value: JSONValue) -> Bool {
        switch value {
        case .double(let number): number.isFinite
        case .array(let items): items.allSatisfy(isEncodable)
        case .object(let object): object.allSatisfy { isEncodable($0.value) }
        default: true
        }
    }

    /// `abs(value)` to two decimals, halves to even, computed in decimal so `0.125` becomes `0.12`.
    static func roundedCents(_ number: NSNumber) -> Double {
        let value = abs(number.doubleValue)
        guard value.isFinite else { return value }
        var exact = Decimal(value)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 2, .bankers)
        return NSDecimalNumber(decimal: rounded).doubleValue
    }

    private static func sorted(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs.sorted { $0.0 < $1.0 }))
    }
}
