import CommerceCore
import Foundation

extension Card {
    /// The wire format of one vault call (spec §3.7): the request it sends and how its answer maps to a
    /// token or a ``VaultError``.
    enum VaultRequest {
        /// `POST <url>` with the card as JSON; no cookies, no Storefront token, never retried.
        static func make(_ card: CreditCard, to url: URL) -> HTTPRequest {
            var headers = HTTPHeaders()
            headers["Accept"] = "application/json"
            headers["Content-Type"] = "application/json"
            return HTTPRequest(method: .post, url: url, headers: headers, body: body(for: card), allowsRetry: false)
        }

        /// The body with its keys in a fixed order, so the bytes never vary.
        static func body(for card: CreditCard) -> Data {
            let firstName = card.middleName.map { "\(card.firstName) \($0)" } ?? card.firstName
            var fields: [(String, String)] = [
                ("number", card.number), ("first_name", firstName), ("last_name", card.lastName),
                ("month", card.expiryMonth), ("year", card.expiryYear),
            ]
            if let code = card.verificationCode { fields.append(("verification_value", code)) }
            var text = "{\"credit_card\":{"
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { text += "," }
                text += "\"\(key)\":\""
                JSONEscaping.append(value, to: &text, escapingSolidus: true)
                text += "\""
            }
            text += "}}"
            return Data(text.utf8)
        }

        /// The token in a vault answer, or the typed reason there is none.
        static func token(from response: HTTPResponse) -> Result<String, VaultError> {
            guard response.isSuccess else { return .failure(.http(statusCode: response.statusCode)) }
            guard !response.body.isEmpty else { return .failure(.noData) }
            guard let json = try? JSONValue.parse(response.body) else {
                return .failure(.jsonDeserializationFailed(response.body))
            }
            guard let token = json["id"]?.stringValue else { return .failure(.missingToken) }
            return .success(token)
        }
    }
}
