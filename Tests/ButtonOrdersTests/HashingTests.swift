import CommerceCore
import Testing

@testable import ButtonOrders

@Suite("Email hashing (§6.2)")
struct HashingTests {
    @Test("hashEmail gives the SHA-256 of the lower-cased address")
    func plainAddress() {
        #expect(OrderCustomer.hashEmail("user@example.com") == userEmailHash)
    }

    @Test("hashEmail trims surrounding whitespace and lower-cases first")
    func trimsAndLowercases() {
        #expect(OrderCustomer.hashEmail("  User@Example.COM ") == userEmailHash)
        #expect(OrderCustomer.hashEmail("\tUSER@example.com\n") == userEmailHash)
    }

    @Test("An upper-case hex hash passes C2; the openssl output with its prefix does not")
    func emailHashRule() {
        let validator = ButtonOrderValidator()
        let upper: JSONValue = [
            "total": 1, "currency": "USD", "order_id": "a", "purchase_date": "2017-07-01T00:00:00Z",
            "customer": ["id": "c", "email_sha256": .string(userEmailHash.uppercased())],
        ]
        #expect(validator.failures(in: upper).isEmpty)
        let openssl: JSONValue = [
            "total": 1, "currency": "USD", "order_id": "a", "purchase_date": "2017-07-01T00:00:00Z",
            "customer": ["id": "c", "email_sha256": .string("SHA2-256(stdin)= " + userEmailHash)],
        ]
        let failure = validator.firstFailure(in: openssl)
        #expect(failure?.field == "customer.email_sha256")
        #expect(failure?.message == "customer.email_sha256 must be a 64-character hex SHA-256 of the lower-cased email")
    }
}
