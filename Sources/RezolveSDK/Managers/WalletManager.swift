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

    /// Saves a new card, sending its number only in encrypted form, and returns it with the id the server assigned.
    /// - Throws: `RezolveError.invalidInput` when the number is not 12 to 19 digits or a date is not `MMYY` /
    ///   `MM/YY`; `RezolveError.encryption` when the session has no public key; otherwise any server error.
    public func create(_ paymentCard: PaymentCard) async throws(RezolveError) -> PaymentCard {
        let body = try makeBody(paymentCard, requirePan: true)
        return try await core.write(.post, PaymentCardWire.self, path(), json: body).card
    }

    /// Replaces the stored card that has the same id; a new number is sent only when ``PaymentCard/pan`` is set.
    /// - Throws: `RezolveError.invalidInput` when the id is missing or a field fails the checks of `create(_:)`,
    ///   before anything is sent; otherwise any server or transport error.
    public func update(_ paymentCard: PaymentCard) async throws(RezolveError) -> PaymentCard {
        let id = try requireId(paymentCard)
        let body = try makeBody(paymentCard, requirePan: false)
        return try await core.write(.put, PaymentCardWire.self, path(id), json: body).card
    }

    /// Removes the card with this id from the server.
    /// - Throws: `RezolveError.invalidInput` when the id is nil or empty, before anything is sent; otherwise any server
    ///   or transport error.
    public func delete(_ paymentCard: PaymentCard) async throws(RezolveError) {
        try await core.sendIgnoringBody(.delete, path(try requireId(paymentCard)))
    }

    /// Fetches one card by its server id.
    /// - Throws: `RezolveError` when there is no such card or the call fails.
    public func get(id: String) async throws(RezolveError) -> PaymentCard {
        try await core.get(PaymentCardWire.self, path(id)).card
    }

    /// Fetches every card the customer has saved; empty when there are none.
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
        return PaymentCardBody(
            shortName: fields.shortName, type: fields.type, brand: fields.brand,
            nameOnCard: fields.nameOnCard, pan4: pan4, pan6: pan6, expiresOn: expiresOn,
            validFrom: validFrom, addressId: fields.addressId, pan: encryptedPan)
    }

    /// `MMYY` or `MM/YY` (month 01–12) as `MMYY`. An empty optional date stays empty.
    static func monthYear(_ text: String, field: String, required: Bool) throws(RezolveError) -> String {
        if text.isEmpty && !required { return "" }
        let compact =
            text.count == 5 && text.dropFirst(2).first == "/" ? text.replacingOccurrences(of: "/", with: "") : text
        guard compact.count == 4, compact.allSatisfy(\.isASCIIDigit), let month = Int(compact.prefix(2)),
            (1...12).contains(month)
        else {
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

    /// Callback form of `create(_:)`: the handler runs on the main actor with the stored card or the error.
    public func create(
        paymentCard: PaymentCard, completionHandler: @escaping @MainActor (Result<PaymentCard, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.create(paymentCard) }, completion: completionHandler)
    }

    /// Callback form of `update(_:)`: the handler runs on the main actor with the stored card or the error.
    public func update(
        paymentCard: PaymentCard, completionHandler: @escaping @MainActor (Result<PaymentCard, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.update(paymentCard) }, completion: completionHandler)
    }

    /// Callback form of `delete(_:)`: the handler runs on the main actor with success or the error.
    public func delete(
        paymentCard: PaymentCard, completionHandler: @escaping @MainActor (Result<Void, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.delete(paymentCard) }, completion: completionHandler)
    }

    /// Callback form of `get(id:)`: the handler runs on the main actor with the card or the error.
    public func get(id: String, completionHandler: @escaping @MainActor (Result<PaymentCard, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.get(id: id) }, completion: completionHandler)
    }

    /// Callback form of `getAll()`: the handler runs on the main actor with every card or the error.
    public func getAll(completionHandler: @escaping @MainActor (Result<[PaymentCard], RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.getAll() }, completion: completionHandler)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
