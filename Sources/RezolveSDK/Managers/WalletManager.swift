import Foundation

/// The customer's saved cards (`…/wallet`).
///
/// `create` and `update` encrypt the plain ``PaymentCard/pan`` for the customer's public key before anything is
/// sent, fill in `pan4`/`pan6` from it when they are empty, and normalise `MM/YY` dates to `MMYY`.
public final class WalletManager: Sendable {
    private let core: SessionCore
    init(core: SessionCore) { self.core = core }

    private func path(_ id: String? = nil) -> String {
        core.customerPath(1, "/wallet" + (id.map { "/\(segment($0))" } ?? ""))
    }

    public func create(_ paymentCard: PaymentCard) async throws(RezolveError) -> PaymentCard {
        let body = try makeBody(paymentCard, requirePan: true)
        return try await core.write(.post, PaymentCardWire.self, path(), json: body).card
    }

    public func update(_ paymentCard: PaymentCard) async throws(RezolveError) -> PaymentCard {
        let id = try requireId(paymentCard)
        let body = try makeBody(paymentCard, requirePan: false)
        return try await core.write(.put, PaymentCardWire.self, path(id), json: body).card
    }

    public func delete(_ paymentCard: PaymentCard) async throws(RezolveError) {
        try await core.sendIgnoringBody(.delete, path(try requireId(paymentCard)))
    }

    public func get(id: String) async throws(RezolveError) -> PaymentCard {
        try await core.get(PaymentCardWire.self, path(id)).card
    }

    public func getAll() async throws(RezolveError) -> [PaymentCard] {
        try await core.get([PaymentCardWire].self, path()).map(\.card)
    }

    /// Builds the request body; every local check of §4.3 happens here, before any request.
    private func makeBody(_ card: PaymentCard, requirePan: Bool) throws(RezolveError) -> PaymentCardBody {
        let fields = card.snapshot
        var encryptedPan: String?
        var pan4 = fields.pan4
        var pan6 = fields.pan6
        if let plain = fields.pan ?? (requirePan ? "" : nil) {
            let digits = CardEncryptor.digitsOnly(plain)
            guard (12...19).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else {
                throw .invalidInput(field: "pan", reason: "must be 12–19 digits")
            }
            if pan4.isEmpty { pan4 = String(digits.suffix(4)) }
            if pan6.isEmpty { pan6 = String(digits.prefix(6)) }
            guard let pem = core.publicKeyPEM else { throw .encryption("the session has no customer public key") }
            encryptedPan = try CardEncryptor(publicKeyPEM: pem).encrypt(digits)
        }
        let expiresOn = try Self.monthYear(fields.expiresOn, field: "expiresOn", required: true)
        let validFrom = try Self.monthYear(fields.validFrom, field: "validFrom", required: false)
        return PaymentCardBody(shortName: fields.shortName, type: fields.type, brand: fields.brand,
                               nameOnCard: fields.nameOnCard, pan4: pan4, pan6: pan6, expiresOn: expiresOn,
                               validFrom: validFrom, addressId: fields.addressId, pan: encryptedPan)
    }

    /// `MMYY` or `MM/YY` (month 01–12) as `MMYY`. An empty optional date stays empty.
    static func monthYear(_ text: String, field: String, required: Bool) throws(RezolveError) -> String {
        if text.isEmpty && !required { return "" }
        let compact = text.count == 5 && text.dropFirst(2).first == "/" ? text.replacingOccurrences(of: "/", with: "") : text
        guard compact.count == 4, compact.allSatisfy(\.isASCIIDigit), let month = Int(compact.prefix(2)),
              (1...12).contains(month) else {
            throw .invalidInput(field: field, reason: "must be MMYY")
        }
        return compact
    }

    private func requireId(_ card: PaymentCard) throws(RezolveError) -> String {
        guard let id = card.id, !id.isEmpty else {
            throw .invalidInput(field: "id", reason: "must be set; create the card first")
        }
        return id
    }

    // MARK: Callback forms

    public func create(paymentCard: PaymentCard, completionHandler: @escaping @MainActor (Result<PaymentCard, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.create(paymentCard) }, completion: completionHandler)
    }

    public func update(paymentCard: PaymentCard, completionHandler: @escaping @MainActor (Result<PaymentCard, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.update(paymentCard) }, completion: completionHandler)
    }

    public func delete(paymentCard: PaymentCard, completionHandler: @escaping @MainActor (Result<Void, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.delete(paymentCard) }, completion: completionHandler)
    }

    public func get(id: String, completionHandler: @escaping @MainActor (Result<PaymentCard, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.get(id: id) }, completion: completionHandler)
    }

    public func getAll(completionHandler: @escaping @MainActor (Result<[PaymentCard], RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.getAll() }, completion: completionHandler)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
