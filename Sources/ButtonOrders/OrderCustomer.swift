import CommerceCore
import Foundation

/// The shopper behind an order, identified in the merchant's own terms.
///
/// Button never receives a plain email address: ``emailSHA256`` carries a hash, which
/// ``hashEmail(_:)`` computes the way Button expects.
public struct OrderCustomer: Codable, Sendable, Equatable {
    /// The merchant's customer identifier (1–255 characters).
    public var id: String
    /// SHA-256 of the lower-cased email, as 64 hex characters (JSON `email_sha256`).
    public var emailSHA256: String?
    /// The device advertising identifier (IDFA/AAID) in UUID form (JSON `advertising_id`).
    public var advertisingId: String?

    /// Creates a customer; hash the email with ``hashEmail(_:)``.
    public init(id: String, emailSHA256: String? = nil, advertisingId: String? = nil) {
        self.id = id
        self.emailSHA256 = emailSHA256
        self.advertisingId = advertisingId
    }

    /// Hashes an email address for ``emailSHA256``: surrounding whitespace is trimmed and the address
    /// lower-cased before hashing, so `"  User@Example.COM "` and `"user@example.com"` give the same value.
    /// - Returns: 64 lowercase hex characters.
    public static func hashEmail(_ email: String) -> String {
        HexDigest.sha256(email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }

    enum CodingKeys: String, CodingKey {
        case id
        case emailSHA256 = "email_sha256"
        case advertisingId = "advertising_id"
    }
}
