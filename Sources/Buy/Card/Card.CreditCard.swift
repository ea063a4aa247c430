extension Card {
    /// The card details to vault. Everything is kept as given: the vault validates nothing, and a bad
    /// number or date only shows up when the checkout is completed.
    public struct CreditCard: Sendable, Equatable {
        /// Cardholder's given name.
        public let firstName: String
        /// Cardholder's middle name; sent joined to the first name.
        public let middleName: String?
        /// Cardholder's family name.
        public let lastName: String
        /// The card number.
        public let number: String
        /// Expiry month, for example `07`.
        public let expiryMonth: String
        /// Expiry year, for example `2030`.
        public let expiryYear: String
        /// The security code, if collected.
        public let verificationCode: String?

        /// Creates card details.
        public init(
            firstName: String, middleName: String? = nil, lastName: String, number: String,
            expiryMonth: String, expiryYear: String, verificationCode: String? = nil
        ) {
            self.firstName = firstName
            self.middleName = middleName
            self.lastName = lastName
            self.number = number
            self.expiryMonth = expiryMonth
            self.expiryYear = expiryYear
            self.verificationCode = verificationCode
        }
    }
}
