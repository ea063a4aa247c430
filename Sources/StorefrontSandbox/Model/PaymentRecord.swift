import CommerceCore
import Foundation

/// A payment of a checkout (spec §5.10): accepted by a completion mutation, then processed by a payment
/// job that finishes lazily when polled (§5.14), so a restart never loses it. Stored as one JSON document per
/// `storefront_payments` row by ``StorefrontPaymentStore``.
struct PaymentRecord: GraphValue, Codable {
    var graphQLTypeName: String { "Payment" }

    enum Kind: String, Codable { case card, tokenized }
    enum State: String, Codable { case pending, success, failure, error }

    var id: Int64 = 0
    let checkoutToken: String
    let shopID: Int64
    let idempotencyKey: String
    let kind: Kind
    let amountCents: Int64
    let currency: String
    let billingAddress: [String: String]?
    /// Card payments: the vault session; tokenized: the wallet's payment data.
    let vaultToken: String?
    let paymentData: String?
    let card: Card?
    var state: State = .pending
    var errorMessage: String?
    var job: PendingComputation?
    let createdAt: Date

    /// What `Payment.creditCard` shows: never more than brand, last four, expiry and names.
    struct Card: Codable, Sendable {
        let brand: String
        let lastDigits: String
        let firstName: String
        let lastName: String
        let month: Int?
        let year: Int?
    }

    var gid: GlobalID { GlobalID("Payment", id, query: [("checkout", checkoutToken)]) }
    var ready: Bool { state != .pending }
}
