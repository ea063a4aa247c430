import CommerceCore
import Testing

@testable import ButtonOrders

@Suite("Validation: customer C0–C4 (§4.3)")
struct CustomerRuleTests {
    static let idMessage = "customer.id is required and must be a string of at most 255 characters"
    static let emailMessage = "customer.email_sha256 must be a 64-character hex SHA-256 of the lower-cased email"
    static let advertisingMessage = "customer.advertising_id must be an IDFA/AAID (UUID format)"

    static let rejected: [RuleCase] = [
        RuleCase(
            rule: "C0 string", patch: #"{"customer":"abc"}"#, field: "customer", message: "customer must be an object"),
        RuleCase(
            rule: "C0 array", patch: #"{"customer":[]}"#, field: "customer", message: "customer must be an object"),
        RuleCase(rule: "C1 missing", patch: #"{"customer":{}}"#, field: "customer.id", message: idMessage),
        RuleCase(rule: "C1 null", patch: #"{"customer":{"id":null}}"#, field: "customer.id", message: idMessage),
        RuleCase(rule: "C1 empty", patch: #"{"customer":{"id":""}}"#, field: "customer.id", message: idMessage),
        RuleCase(rule: "C1 number", patch: #"{"customer":{"id":5}}"#, field: "customer.id", message: idMessage),
        RuleCase(
            rule: "C1 too long", patch: #"{"customer":{"id":"\#(longString(256))"}}"#, field: "customer.id",
            message: idMessage),
        RuleCase(
            rule: "C2 openssl prefix",
            patch: #"{"customer":{"id":"c","email_sha256":"SHA2-256(stdin)= \#(userEmailHash)"}}"#,
            field: "customer.email_sha256", message: emailMessage),
        RuleCase(
            rule: "C2 63 digits", patch: #"{"customer":{"id":"c","email_sha256":"\#(userEmailHash.dropLast())"}}"#,
            field: "customer.email_sha256", message: emailMessage),
        RuleCase(
            rule: "C2 not hex", patch: #"{"customer":{"id":"c","email_sha256":"\#(longString(64, "g"))"}}"#,
            field: "customer.email_sha256", message: emailMessage),
        RuleCase(
            rule: "C2 plain email", patch: #"{"customer":{"id":"c","email_sha256":"user@example.com"}}"#,
            field: "customer.email_sha256", message: emailMessage),
        RuleCase(
            rule: "C3 not a UUID", patch: #"{"customer":{"id":"c","advertising_id":"not-a-uuid"}}"#,
            field: "customer.advertising_id", message: advertisingMessage),
        RuleCase(
            rule: "C3 no hyphens",
            patch: #"{"customer":{"id":"c","advertising_id":"00000000000000000000000000000000"}}"#,
            field: "customer.advertising_id", message: advertisingMessage),
        RuleCase(
            rule: "C4 is_new", patch: #"{"customer":{"id":"c","is_new":"yes"}}"#,
            field: "customer.is_new", message: "customer.is_new must be a boolean"),
        RuleCase(
            rule: "C4 is_new number", patch: #"{"customer":{"id":"c","is_new":1}}"#,
            field: "customer.is_new", message: "customer.is_new must be a boolean"),
        RuleCase(
            rule: "C4 device_id", patch: #"{"customer":{"id":"c","device_id":5}}"#,
            field: "customer.device_id", message: "customer.device_id must be a string of at most 255 characters"),
        RuleCase(
            rule: "C4 device_id too long", patch: #"{"customer":{"id":"c","device_id":"\#(longString(256))"}}"#,
            field: "customer.device_id", message: "customer.device_id must be a string of at most 255 characters"),
    ]

    @Test("Each broken rule yields its field and message, and only that failure", arguments: rejected)
    func rejects(_ rule: RuleCase) throws {
        let failures = ButtonOrderValidator().failures(in: try rule.body())
        #expect(failures.count == 1)
        #expect(failures.first?.field == rule.field)
        #expect(failures.first?.message == rule.message)
    }

    static let accepted: [String] = [
        #"{"customer":{"id":"c"}}"#,
        #"{"customer":{"id":"c","email_sha256":"\#(userEmailHash.uppercased())"}}"#,
        #"{"customer":{"id":"c","advertising_id":"00000000-0000-0000-0000-000000000000"}}"#,
        #"{"customer":{"id":"c","advertising_id":"6D92078A-8246-4BA4-AE5B-76104861E7DC"}}"#,
        #"{"customer":{"id":"c","advertising_id":"6d92078a-8246-4ba4-ae5b-76104861e7dc","is_new":false,"device_id":""}}"#,
        #"{"customer":{"id":"\#(longString(255, "é"))","email_sha256":null,"advertising_id":null,"is_new":null}}"#,
    ]

    @Test("Valid customers pass", arguments: accepted)
    func accepts(_ patch: String) throws {
        let failures = ButtonOrderValidator().failures(in: try patchedBody(patch))
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("Every broken customer field is listed, in table order")
    func allCustomerFailures() throws {
        let body = try patchedBody(
            #"{"customer":{"id":7,"email_sha256":"x","advertising_id":"y","is_new":"z","device_id":[]}}"#)
        #expect(
            ButtonOrderValidator().failures(in: body).map(\.field) == [
                "customer.id", "customer.email_sha256", "customer.advertising_id", "customer.is_new",
                "customer.device_id",
            ])
    }
}
