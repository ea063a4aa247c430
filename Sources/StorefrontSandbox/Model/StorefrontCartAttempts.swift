import Foundation
import GRDB
import SandboxCore

/// A `storefront_cart_attempts` row: an accepted `cartSubmitForCompletion` (its `attemptToken`) and the order it
/// wrote. The cart itself is gone after completion; this row is what lets the same token answer
/// `SubmitAlreadyAccepted` and `cartCompletionAttempt` find the order.
struct StorefrontCartAttemptRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_cart_attempts"
    var cartToken: String
    var attemptToken: String
    var attemptId: String
    var orderId: Int64
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case cartToken = "cart_token"
        case attemptToken = "attempt_token"
        case attemptId = "attempt_id"
        case orderId = "order_id"
        case createdAt = "created_at"
    }

    enum Columns {
        static let cartToken = Column(CodingKeys.cartToken)
        static let attemptToken = Column(CodingKeys.attemptToken)
        static let attemptId = Column(CodingKeys.attemptId)
        static let orderId = Column(CodingKeys.orderId)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}

extension StorefrontCartStore {
    /// The attempt accepted earlier for this cart and token, if any.
    static func attempt(_ db: Database, cartToken: String, attemptToken: String) throws -> StorefrontCartAttemptRecord?
    {
        try StorefrontCartAttemptRecord.filter { $0.cartToken == cartToken && $0.attemptToken == attemptToken }
            .fetchOne(db)
    }

    static func attempt(_ db: Database, id: String) throws -> StorefrontCartAttemptRecord? {
        try StorefrontCartAttemptRecord.filter { $0.attemptId == id }.fetchOne(db)
    }

    static func insert(_ db: Database, _ attempt: StorefrontCartAttemptRecord) throws {
        try attempt.insert(db)
    }

    static func deleteAllAttempts(_ db: Database) throws {
        try StorefrontCartAttemptRecord.deleteAll(db)
    }
}
