import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `POST /sessions`, the card vault `shop.paymentSettings.cardVaultUrl` points at (spec §5.13, §4.1 V1–V3).
/// Like the real vault it accepts any JSON object and answers with a token; whether the card is any good is
/// decided when a payment uses it (§4.5 P13–P17). No Storefront token is needed.
struct CardVaultRoute: Sendable {
    static let maximumBodySize = 64 * 1024

    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        router.post("/sessions") { request in
            guard request.body.count <= Self.maximumBodySize else {
                return StorefrontHTTPErrors.response(
                    "Request body is too large.", code: "PAYLOAD_TOO_LARGE", status: 413)
            }
            guard case .object(let body)? = try? JSONValue.parse(request.body) else {
                return StorefrontHTTPErrors.response(
                    "Request body is not a JSON object.", code: "BAD_REQUEST", status: 400)
            }
            let session = VaultSession(body: body, now: context.clock.now())
            try await context.database.write { db in try StorefrontPaymentStore.insert(db, session) }
            return .json(["id": .string(session.token)])
        }
    }
}
