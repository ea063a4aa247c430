import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The app-side calls of the payment service: register a payment, authorize it, set the phone (web flow).
struct ATHMovilPaymentRoutes: Sendable {
    let context: SandboxContext
    static let base = "/api/business-transaction/ecommerce"

    func register(on router: ServiceRoutes) {
        router.post(Self.base + "/payment", handler: ATHMovilService.answering(createPayment))
        router.post(Self.base + "/authorization", handler: ATHMovilService.answering(authorize))
        router.post(Self.base + "/business/updatePhoneNumber", handler: ATHMovilService.answering(updatePhoneNumber))
        router.post(Self.base + "/updatePhoneNumber", handler: ATHMovilService.answering(updatePhoneNumber))
    }

    @Sendable func createPayment(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilBody(request)
        // Type checks come first: a field of the wrong JSON type is "Invalid format" whatever else is wrong.
        let token = try body.string("publicToken") ?? ""
        let total = try body.number("total")
        let subtotal = try body.number("subtotal") ?? 0
        let tax = try body.number("tax") ?? 0
        let metadata1 = try body.string("metadata1") ?? ""
        let metadata2 = try body.string("metadata2") ?? ""
        let phone = try body.string("phoneNumber") ?? ""
        let env = try body.string("env") ?? "production"
        let rawItems = try body.array("items") ?? []
        let timeoutValue = body.value("timeout")
        if let timeoutValue, timeoutValue.doubleValue == nil { throw ATHMovilFailure.invalidFormat }
        let parsed = try rawItems.map(Self.item)
        let items = parsed.map(\.item)

        let now = context.clock.now()
        let (ecommerceId, authToken) = try await context.database.write { db -> (String, String) in
            guard let business = try ATHMovilAccountStore.business(token: token, db), business.isActive else {
                throw ATHMovilFailure.businessNotActive
            }
            guard let total else { throw ATHMovilFailure.invalidFormat }
            if total < 1 { throw ATHMovilFailure.underMinimum }
            if total > 1500 { throw ATHMovilFailure.overLimits }
            // Item prices are amounts too; checked here, after the business, in the table's order (§4.2).
            guard ([total, subtotal, tax] + parsed.map(\.price)).allSatisfy(ATHMovilAmount.fitsBounds) else {
                throw ATHMovilFailure.outOfBounds
            }
            if subtotal < 0 || tax < 0 { throw ATHMovilFailure.invalidFormat }
            if metadata1.count > 40 || metadata2.count > 40 { throw ATHMovilFailure.metadataTooLong }
            if items.contains(where: {
                $0.name.trimmingCharacters(in: .whitespaces).isEmpty || $0.priceCents < 100 || $0.quantity < 1
            }) {
                throw ATHMovilFailure.invalidFormat
            }
            let timeout: Int64
            if let timeoutValue {
                guard let whole = timeoutValue.integerValue, (60...600).contains(whole) else {
                    throw ATHMovilFailure.invalidFormat
                }
                timeout = whole
            } else {
                timeout = 600
            }
            var ecommerce = ATHMovilEcommerce(
                id: UUID().uuidString.lowercased(), flow: .secure, traceId: "", businessNumber: business.number,
                createdAt: now, expiresAt: now.addingTimeInterval(TimeInterval(timeout)),
                totalCents: ATHMovilAmount.cents(total), subtotalCents: ATHMovilAmount.cents(subtotal),
                taxCents: ATHMovilAmount.cents(tax), metadata1: metadata1, metadata2: metadata2, items: items,
                phoneNumber: phone, scheme: "", timeout: timeout, env: env)
            ecommerce.tokenJTI = RandomToken.hex(16)
            try ATHMovilPaymentStore.save(ecommerce, db)
            let jwt = ATHMovilAuthToken.mint(
                ecommerceId: ecommerce.id, issuedAt: now,
                expiresAt: ecommerce.expiresAt.addingTimeInterval(ATHMovilEcommerce.confirmGrace),
                jti: ecommerce.tokenJTI, secret: try ATHMovilAccountStore.secret(db))
            return (ecommerce.id, jwt)
        }
        return ATHMovilFailure.success(["ecommerceId": .string(ecommerceId), "auth_token": .string(authToken)])
    }

    /// An item, type-checked only; its price is kept exact for the bounds check that follows the business check.
    private static func item(_ value: JSONValue) throws(ATHMovilFailure) -> (
        item: ATHMovilEcommerce.Item, price: Decimal
    ) {
        guard let object = value.objectValue else { throw .invalidFormat }
        let fields = ATHMovilBody(object: object)
        let price = try fields.number("price") ?? 0
        let name = try fields.string("name") ?? ""
        let quantity = try fields.integer("quantity") ?? 0
        let desc = try fields.string("desc")
        let description = try fields.string("description")
        let metadata = try fields.string("metadata") ?? ""
        let item = ATHMovilEcommerce.Item(
            name: name, priceCents: ATHMovilAmount.cents(price), quantity: quantity,
            desc: desc ?? description ?? "", metadata: metadata)
        return (item, price)
    }

    @Sendable func authorize(_ request: SandboxRequest) async throws -> SandboxResponse {
        let now = context.clock.now()
        let header = request.headers["Authorization"]
        let data = try await context.database.write { db -> JSONValue in
            let token = try ATHMovilAuthToken.verify(
                header: header, secret: try ATHMovilAccountStore.secret(db), now: now)
            guard var ecommerce = try ATHMovilPaymentStore.ecommerce(id: token.ecommerceId, now: now, db),
                ecommerce.tokenJTI == token.jti,
                let business = try ATHMovilAccountStore.business(number: ecommerce.businessNumber, db)
            else {
                throw ATHMovilFailure.invalidToken
            }
            switch ecommerce.state {
            case .confirm: try ATHMovilPaymentStore.complete(&ecommerce, business: business, now: now, db)
            case .completed: break  // idempotent: a retried authorization gets the same answer
            case .open: throw ATHMovilFailure.notConfirmed
            case .expired: throw ATHMovilFailure.timeExpired
            case .cancelled, .failed: throw ATHMovilFailure.cancelledOrFailed
            }
            return ATHMovilWire.transaction(ecommerce, business: business)
        }
        return ATHMovilFailure.success(data)
    }

    @Sendable func updatePhoneNumber(_ request: SandboxRequest) async throws -> SandboxResponse {
        let now = context.clock.now()
        let header = request.headers["Authorization"]
        // The token is checked before the body, as the real service does.
        let secret = try await context.database.read { db in try ATHMovilAccountStore.secret(db) }
        let token = try ATHMovilAuthToken.verify(header: header, secret: secret, now: now)
        let body = try ATHMovilBody(request)
        let ecommerceId = try body.string("ecommerceId") ?? token.ecommerceId
        guard let phone = try body.string("phoneNumber"), !phone.isEmpty else { throw ATHMovilFailure.invalidFormat }
        guard ecommerceId == token.ecommerceId else { throw ATHMovilFailure.invalidToken }
        try await context.database.write { db in
            guard var ecommerce = try ATHMovilPaymentStore.ecommerce(id: ecommerceId, now: now, db) else {
                throw ATHMovilFailure.unknownEcommerce
            }
            guard ecommerce.phoneNumber.isEmpty else { throw ATHMovilFailure.phoneAlreadySet }
            ecommerce.phoneNumber = phone
            ecommerce.updatedAt = now
            try ATHMovilPaymentStore.save(ecommerce, db)
        }
        return ATHMovilFailure.success("Phone number updated.")
    }
}
