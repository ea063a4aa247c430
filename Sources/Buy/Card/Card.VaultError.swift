import Foundation

extension Card {
    /// Why vaulting a card produced no token.
    public enum VaultError: Error, Sendable {
        /// No HTTP response arrived (transport failure or cancellation); carries the underlying error.
        case request((any Error)?)
        /// The vault answered with a status outside 200–299.
        case http(statusCode: Int)
        /// The vault answered 2xx with an empty body.
        case noData
        /// The body is not JSON; carries the body.
        case jsonDeserializationFailed(Data)
        /// The JSON has no string `id`.
        case missingToken
    }
}
