import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `POST B3/merchant/{mid}/buy/{checkoutId}` (spec §3.5.8, §5.7, §5.8): validates the payment, runs the
/// simulated payment and moves the order on. With an `Idempotency-Key`, the answer is stored and replayed.
struct RezolveBuy: Sendable {
    let endpoint: RezolveEndpoint

    /// A payment outcome that is stored for replay even though it is an error (a decline).
    private struct Declined: Error { let failure: RezolveFailure }

    func respond(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> SandboxResponse {
        guard let key = request.headers["Idempotency-Key"], !key.isEmpty else {
            return try await outcome(request, caller)
        }
        let hash = RezolveIdempotency.requestHash(request)
        let now = endpoint.now
        let claim = try await endpoint.database.write { db in
            try RezolveIdempotency.claim(caller, key: key, hash: hash, now: now, db)
        }
        if case .replay(let stored) = claim { return stored }
        do {
            let response = try await outcome(request, caller)
            try await endpoint.database.write { db in
                try RezolveIdempotency.finish(caller, key: key, response: response, db)
            }
            return response
        } catch {
            // Validation failures change nothing, so the key is released for a corrected retry.
            try? await endpoint.database.write { db in
                try RezolveIdempotency.finish(caller, key: key, response: nil, db)
            }
            throw error
        }
    }

    /// The buy itself; a decline is answered (and stored), other failures are thrown.
    private func outcome(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> SandboxResponse {
        let mid = request.parameter("mid")
        let checkoutId = Int64(request.parameter("checkoutId"))
        let now = endpoint.now
        let body = try RezolveBody(request).object
        do {
            return try await endpoint.database.write { db in
                let merchant = try RezolveCatalogStore.merchant(mid, db)
                var order = try RezolveCommerceStore.order(
                    checkoutId, entityId: caller.entityId, db,
                    notFound: .optionsSessionNotFound)
                guard order.merchantId == mid, order.state != "abandoned" else {
                    throw RezolveFailure.optionsSessionNotFound
                }
                guard order.state == "created" else {
                    throw RezolveFailure.badRequest(6, "Order has already been placed.")
                }
                try pay(&order, body: body, caller: caller, now: now, db)
                try order.update(db)
                if let cartId = order.cartId { _ = try RZCart.deleteOne(db, key: cartId) }
                return .json(RezolveOrderWire.checkoutOrder(order, merchant: merchant, partner: caller.partner))
            }
        } catch let declined as Declined {
            return declined.failure.response
        }
    }

    /// Checks the payment method and runs the simulated payment, filling in the order's payment fields.
    private func pay(_ order: inout RZOrder, body: JSONObject, caller: RezolveCaller, now: Date, _ db: Database) throws
    {
        guard let method = body["payment_method"]?.objectValue else {
            throw RezolveFailure.validation(6, ["Invalid payment method - nil"])
        }
        let type = method["type"]?.stringValue ?? "nil"
        guard type == order.paymentType else {
            throw RezolveFailure.validation(6, ["Invalid payment method - \(type)"])
        }
        let isCard = type == "spgateway"
        var card: RZCard?
        var cvv: String?
        if isCard {
            for field in ["pay_with", "cvv"] where method[field]?.stringValue == nil {
                throw RezolveFailure.validation(3, [RezolveMessage.required([field], at: "#/payment_method")])
            }
            guard
                let found = try RezolveCustomerStore.owned(
                    RZCard.self, id: method["pay_with"]?.stringValue ?? "",
                    entityId: caller.entityId, db)
            else { throw RezolveFailure.cardNotFound }
            card = found
            cvv = method["cvv"]?.stringValue
        }
        let phoneId = method["phone_id"]?.stringValue
        if isCard, phoneId == nil {
            throw RezolveFailure.validation(3, [RezolveMessage.required(["phone_id"], at: "#/payment_method")])
        }
        if let phoneId, try RezolveCustomerStore.owned(RZPhone.self, id: phoneId, entityId: caller.entityId, db) == nil
        {
            throw RezolveFailure.phoneNotFound
        }
        let location = try Self.location(body["location"])
        if let card, let cvv {
            guard let plain = RezolveCardRules.decrypt(cvv, privateKeyPEM: caller.customer.privateKeyPem) else {
                throw RezolveFailure.validation(5, ["Unable to decrypt value. - #/payment_method/cvv"])
            }
            guard RezolveCardRules.isCVV(plain) else {
                throw RezolveFailure.validation(5, ["Invalid CVV. - #/payment_method/cvv"])
            }
            if RezolveCardRules.isExpired(card.expiresOn, now: now) {
                throw Declined(failure: .badRequest(6, "Payment declined: card expired."))
            }
            if let message = RezolveCardRules.declineMessage(card.panClass) {
                throw Declined(failure: .badRequest(6, message))
            }
            order.payWith = card.id
            order.pan4 = card.pan4
        }
        order.phoneId = phoneId
        order.latitude = location?.latitude
        order.longitude = location?.longitude
        order.placedAt = now.timeIntervalSince1970
        switch type {
        case "spgateway": (order.state, order.paymentStatus) = ("pending", "authorized")
        case "cash": (order.state, order.paymentStatus) = ("pending", "pay_on_collection")
        case "external":
            let payment = RZExternalPayment(
                id: RezolveWire.newId(), orderId: order.id, partnerId: order.partnerId,
                state: "awaiting", reason: nil, createdAt: now.timeIntervalSince1970,
                pendingAction: nil, appliesAt: nil)
            try payment.insert(db)
            order.paymentId = payment.id
            (order.state, order.paymentStatus) = ("pending", "awaiting_external")
        default: (order.state, order.paymentStatus) = ("complete", "not_required")
        }
    }

    private static func location(_ value: JSONValue?) throws(RezolveFailure) -> (latitude: Double, longitude: Double)? {
        guard let value, !value.isNull else { return nil }
        guard let latitude = value["latitude"]?.doubleValue, (-90...90).contains(latitude) else {
            throw RezolveFailure.validation(5, ["Value out of range. - #/location/latitude"])
        }
        guard let longitude = value["longitude"]?.doubleValue, (-180...180).contains(longitude) else {
            throw RezolveFailure.validation(5, ["Value out of range. - #/location/longitude"])
        }
        return (latitude, longitude)
    }
}
