import CommerceCore
import Foundation
import GRDB
import SandboxCore

// The rows of the payment service: payments, refunds and the per-day transaction counters.
// `ATHMovilPaymentStore` is the only code that reads or writes them; `Columns` are typed by `CodingKeys`.
// Routes keep working with `ATHMovilEcommerce`; `ATHMovilEcommerceRecord` converts to and from it.

/// One payment: an `athmovil_ecommerce` row. Instants are epoch seconds; the items and the reply URLs sent so
/// far are JSON text, read through ``ecommerce()``.
struct ATHMovilEcommerceRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "athmovil_ecommerce"
    var id: String
    /// An ``ATHMovilEcommerce/Flow`` raw value.
    var flow: String
    var traceId: String
    var businessNumber: String
    /// An ``ATHMovilEcommerce/State`` raw value.
    var state: String
    var createdAt: Double
    var updatedAt: Double
    var expiresAt: Double
    var totalCents: Int64
    var subtotalCents: Int64
    var taxCents: Int64
    var metadata1: String
    var metadata2: String
    /// A JSON array of the items as `ATHMovilEcommerce.Item.json` writes them.
    var itemsJSON: String
    var phone: String
    var scheme: String
    var timeout: Int64
    var env: String
    /// Set once a customer approved (or failed) the payment; all three are then present.
    var customerName: String?
    var customerPhone: String?
    var customerEmail: String?
    var referenceNumber: String
    var dailyTransactionId: Int64
    var transactionDate: String
    var completedAt: Double?
    var feeCents: Int64
    var netCents: Int64
    var refundedCents: Int64
    var tokenJTI: String
    /// A JSON array of strings: every reply URL the simulated app has sent.
    var callbacksJSON: String

    enum CodingKeys: String, CodingKey {
        case id, flow, state, metadata1, metadata2, phone, scheme, timeout, env
        case traceId = "trace_id"
        case businessNumber = "business_number"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case expiresAt = "expires_at"
        case totalCents = "total_cents"
        case subtotalCents = "subtotal_cents"
        case taxCents = "tax_cents"
        case itemsJSON = "items_json"
        case customerName = "customer_name"
        case customerPhone = "customer_phone"
        case customerEmail = "customer_email"
        case referenceNumber = "reference_number"
        case dailyTransactionId = "daily_transaction_id"
        case transactionDate = "transaction_date"
        case completedAt = "completed_at"
        case feeCents = "fee_cents"
        case netCents = "net_cents"
        case refundedCents = "refunded_cents"
        case tokenJTI = "token_jti"
        case callbacksJSON = "callbacks_json"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let flow = Column(CodingKeys.flow)
        static let traceId = Column(CodingKeys.traceId)
        static let businessNumber = Column(CodingKeys.businessNumber)
        static let state = Column(CodingKeys.state)
        static let createdAt = Column(CodingKeys.createdAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
        static let expiresAt = Column(CodingKeys.expiresAt)
        static let totalCents = Column(CodingKeys.totalCents)
        static let subtotalCents = Column(CodingKeys.subtotalCents)
        static let taxCents = Column(CodingKeys.taxCents)
        static let metadata1 = Column(CodingKeys.metadata1)
        static let metadata2 = Column(CodingKeys.metadata2)
        static let itemsJSON = Column(CodingKeys.itemsJSON)
        static let phone = Column(CodingKeys.phone)
        static let scheme = Column(CodingKeys.scheme)
        static let timeout = Column(CodingKeys.timeout)
        static let env = Column(CodingKeys.env)
        static let customerName = Column(CodingKeys.customerName)
        static let customerPhone = Column(CodingKeys.customerPhone)
        static let customerEmail = Column(CodingKeys.customerEmail)
        static let referenceNumber = Column(CodingKeys.referenceNumber)
        static let dailyTransactionId = Column(CodingKeys.dailyTransactionId)
        static let transactionDate = Column(CodingKeys.transactionDate)
        static let completedAt = Column(CodingKeys.completedAt)
        static let feeCents = Column(CodingKeys.feeCents)
        static let netCents = Column(CodingKeys.netCents)
        static let refundedCents = Column(CodingKeys.refundedCents)
        static let tokenJTI = Column(CodingKeys.tokenJTI)
        static let callbacksJSON = Column(CodingKeys.callbacksJSON)
    }

    init(_ e: ATHMovilEcommerce) {
        id = e.id
        flow = e.flow.rawValue
        traceId = e.traceId
        businessNumber = e.businessNumber
        state = e.state.rawValue
        createdAt = e.createdAt.timeIntervalSince1970
        updatedAt = e.updatedAt.timeIntervalSince1970
        expiresAt = e.expiresAt.timeIntervalSince1970
        totalCents = e.totalCents
        subtotalCents = e.subtotalCents
        taxCents = e.taxCents
        metadata1 = e.metadata1
        metadata2 = e.metadata2
        itemsJSON = JSONValue.array(e.items.map(\.json)).serialized()
        phone = e.phoneNumber
        scheme = e.scheme
        timeout = e.timeout
        env = e.env
        customerName = e.customer?.name
        customerPhone = e.customer?.phoneNumber
        customerEmail = e.customer?.email
        referenceNumber = e.referenceNumber
        dailyTransactionId = e.dailyTransactionId
        transactionDate = e.transactionDate
        completedAt = e.completedAt?.timeIntervalSince1970
        feeCents = e.feeCents
        netCents = e.netCents
        refundedCents = e.refundedCents
        tokenJTI = e.tokenJTI
        callbacksJSON = JSONValue.array(e.callbacks.map(JSONValue.string)).serialized()
    }

    /// The payment this row holds. A flow, state or JSON column the sandbox never writes is a corrupt row.
    func ecommerce() throws(CorruptRow) -> ATHMovilEcommerce {
        guard let flow = ATHMovilEcommerce.Flow(rawValue: flow) else { throw corrupt(.flow) }
        guard let state = ATHMovilEcommerce.State(rawValue: state) else { throw corrupt(.state) }
        var e = ATHMovilEcommerce(
            id: id, flow: flow, traceId: traceId, businessNumber: businessNumber,
            createdAt: Date(timeIntervalSince1970: createdAt), expiresAt: Date(timeIntervalSince1970: expiresAt),
            totalCents: totalCents, subtotalCents: subtotalCents, taxCents: taxCents, metadata1: metadata1,
            metadata2: metadata2, items: try items(), phoneNumber: phone, scheme: scheme, timeout: timeout, env: env)
        e.state = state
        e.updatedAt = Date(timeIntervalSince1970: updatedAt)
        if let customerName {
            e.customer = ATHMovilCustomer(
                name: customerName, phoneNumber: customerPhone ?? "", email: customerEmail ?? "", pin: "")
        }
        e.referenceNumber = referenceNumber
        e.dailyTransactionId = dailyTransactionId
        e.transactionDate = transactionDate
        e.completedAt = completedAt.map(Date.init(timeIntervalSince1970:))
        e.feeCents = feeCents
        e.netCents = netCents
        e.refundedCents = refundedCents
        e.tokenJTI = tokenJTI
        e.callbacks = try callbacks()
        return e
    }

    /// `items_json`: an array of objects, each with every field `Item.json` writes.
    func items() throws(CorruptRow) -> [ATHMovilEcommerce.Item] {
        guard let list = (try? JSONValue.parse(itemsJSON))?.arrayValue else { throw corrupt(.itemsJSON) }
        return try list.map { item throws(CorruptRow) in
            guard let name = item["name"]?.stringValue,
                let price = item["price"].flatMap({ ATHMovilAmount.decimal($0) }),
                let quantity = item["quantity"]?.integerValue, let desc = item["desc"]?.stringValue,
                let metadata = item["metadata"]?.stringValue
            else { throw corrupt(.itemsJSON) }
            return ATHMovilEcommerce.Item(
                name: name, priceCents: ATHMovilAmount.cents(price), quantity: quantity, desc: desc,
                metadata: metadata)
        }
    }

    /// `callbacks_json`: an array of strings.
    func callbacks() throws(CorruptRow) -> [String] {
        guard let list = (try? JSONValue.parse(callbacksJSON))?.arrayValue else { throw corrupt(.callbacksJSON) }
        return try list.map { value throws(CorruptRow) in
            guard let url = value.stringValue else { throw corrupt(.callbacksJSON) }
            return url
        }
    }

    private func corrupt(_ column: CodingKeys) -> CorruptRow {
        CorruptRow(table: Self.databaseTableName, id: id, column: column.stringValue)
    }
}

/// A completed refund of a payment: an `athmovil_refund` row, keyed by the refund's own reference number.
struct ATHMovilRefundRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "athmovil_refund"
    var referenceNumber: String
    var ecommerceId: String
    var businessNumber: String
    var amountCents: Int64
    var message: String
    var dailyTransactionId: Int64
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case message
        case referenceNumber = "reference_number"
        case ecommerceId = "ecommerce_id"
        case businessNumber = "business_number"
        case amountCents = "amount_cents"
        case dailyTransactionId = "daily_transaction_id"
        case createdAt = "created_at"
    }

    enum Columns {
        static let referenceNumber = Column(CodingKeys.referenceNumber)
        static let ecommerceId = Column(CodingKeys.ecommerceId)
        static let businessNumber = Column(CodingKeys.businessNumber)
        static let amountCents = Column(CodingKeys.amountCents)
        static let message = Column(CodingKeys.message)
        static let dailyTransactionId = Column(CodingKeys.dailyTransactionId)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}

/// The last transaction number a business used on one Puerto Rico calendar day: an `athmovil_daily_counter` row.
struct ATHMovilDailyCounterRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "athmovil_daily_counter"
    var businessNumber: String
    /// `yyyy-MM-dd` in Puerto Rico.
    var prDate: String
    var lastValue: Int64

    enum CodingKeys: String, CodingKey {
        case businessNumber = "business_number"
        case prDate = "pr_date"
        case lastValue = "last_value"
    }

    enum Columns {
        static let businessNumber = Column(CodingKeys.businessNumber)
        static let prDate = Column(CodingKeys.prDate)
        static let lastValue = Column(CodingKeys.lastValue)
    }
}
