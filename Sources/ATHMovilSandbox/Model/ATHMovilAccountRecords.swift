import GRDB

// The rows of the service's test accounts: businesses, customers and the token-signing secret.
// `ATHMovilAccountStore` is the only code that reads or writes them; `Columns` are typed by `CodingKeys`.
// Routes keep working with `ATHMovilBusiness` and `ATHMovilCustomer`; these records convert to and from them.

/// A test ATH Móvil Business account: an `athmovil_business` row.
struct ATHMovilBusinessRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "athmovil_business"
    var number: String
    var name: String
    var path: String
    var industry: String
    var publicToken: String
    var privateToken: String
    var isActive: Bool
    var isNonProfit: Bool
    var feeRate: Double
    var feeMinimumCents: Int64

    enum CodingKeys: String, CodingKey {
        case number, name, path, industry
        case publicToken = "public_token"
        case privateToken = "private_token"
        case isActive = "is_active"
        case isNonProfit = "is_non_profit"
        case feeRate = "fee_rate"
        case feeMinimumCents = "fee_minimum_cents"
    }

    enum Columns {
        static let number = Column(CodingKeys.number)
        static let name = Column(CodingKeys.name)
        static let path = Column(CodingKeys.path)
        static let industry = Column(CodingKeys.industry)
        static let publicToken = Column(CodingKeys.publicToken)
        static let privateToken = Column(CodingKeys.privateToken)
        static let isActive = Column(CodingKeys.isActive)
        static let isNonProfit = Column(CodingKeys.isNonProfit)
        static let feeRate = Column(CodingKeys.feeRate)
        static let feeMinimumCents = Column(CodingKeys.feeMinimumCents)
    }

    init(_ business: ATHMovilBusiness) {
        number = business.number
        name = business.name
        path = business.path
        industry = business.industry
        publicToken = business.publicToken
        privateToken = business.privateToken
        isActive = business.isActive
        isNonProfit = business.isNonProfit
        feeRate = business.feeRate
        feeMinimumCents = business.feeMinimumCents
    }

    var business: ATHMovilBusiness {
        ATHMovilBusiness(
            number: number, name: name, path: path, industry: industry, publicToken: publicToken,
            privateToken: privateToken, isActive: isActive, isNonProfit: isNonProfit, feeRate: feeRate,
            feeMinimumCents: feeMinimumCents)
    }
}

/// A test customer who can approve payments in the simulated app: an `athmovil_customer` row. `position` keeps
/// the order customers were added in (the first one is the default approver).
struct ATHMovilCustomerRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "athmovil_customer"
    /// `(xxx) xxx-xxxx`, the primary key.
    var phone: String
    var name: String
    var email: String
    var pin: String
    var position: Int64

    enum CodingKeys: String, CodingKey {
        case phone, name, email, pin, position
    }

    enum Columns {
        static let phone = Column(CodingKeys.phone)
        static let name = Column(CodingKeys.name)
        static let email = Column(CodingKeys.email)
        static let pin = Column(CodingKeys.pin)
        static let position = Column(CodingKeys.position)
    }

    init(_ customer: ATHMovilCustomer, position: Int64) {
        phone = customer.phoneNumber
        name = customer.name
        email = customer.email
        pin = customer.pin
        self.position = position
    }

    var customer: ATHMovilCustomer {
        ATHMovilCustomer(name: name, phoneNumber: phone, email: email, pin: pin)
    }
}

/// The secret that signs `auth_token`s: the one `athmovil_secret` row, whose `id` is always 1.
struct ATHMovilSecretRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "athmovil_secret"
    static let onlyId: Int64 = 1
    var id: Int64
    var secret: String

    enum CodingKeys: String, CodingKey {
        case id, secret
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let secret = Column(CodingKeys.secret)
    }
}
