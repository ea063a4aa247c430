import CommerceCore
import Foundation

/// Reads the `athm_payment_data` reply (and the legacy status service's answer, which has the same shape).
///
/// Two forms exist: the current one carries `"version"`; the deprecated one has no version, reports
/// `Success`/`TimeOut`, and names the reference `transactionReference`.
enum ReplyDecoder {
    enum Failure: Error {
        /// The payment in the reply breaks a request rule (for example a total under 1).
        case invalidField(ATHMPaymentError)
        /// The text is not a JSON object.
        case unreadable
    }

    struct Decoded {
        let response: ATHMPaymentResponse
        let raw: NSDictionary
    }

    static func decode(_ text: String, now: Date = Date()) -> Result<Decoded, Failure> {
        guard let value = try? JSONValue.parse(text), let object = value.objectValue else {
            return .failure(.unreadable)
        }
        return decode(object, now: now)
    }

    static func decode(_ object: JSONObject, now: Date = Date()) -> Result<Decoded, Failure> {
        let reply = JSONValue.object(object)
        let isCurrent = object["version"] != nil
        let status: ATHMStatus
        let reference: String
        let dailyID: Int
        if isCurrent {
            status = ATHMStatus(replyValue: reply["status"]?.stringValue)
            reference = reply["referenceNumber"]?.stringValue ?? ""
            // The spec's `abs()`, but saturating: any app can open the merchant's scheme, and `abs(Int.min)` traps.
            dailyID = Int(clamping: integer(reply["dailyTransactionID"]).magnitude)
        } else {
            status = ATHMStatus(deprecatedValue: reply["status"]?.stringValue)
            reference = reply["transactionReference"]?.stringValue ?? reply["referenceNumber"]?.stringValue ?? ""
            dailyID = deprecatedDailyID(reply["dailyTransactionId"])
        }
        let date = reply["date"]?.stringValue.flatMap(ReplyDate.parse) ?? now

        let payment = ATHMPayment(total: number(reply["total"]))
        payment.subtotal = number(reply["subtotal"])
        payment.tax = number(reply["tax"])
        payment.fee = number(reply["fee"])
        payment.netAmount = number(reply["netAmount"])
        payment.metadata1 = reply["metadata1"]?.stringValue ?? ""
        payment.metadata2 = reply["metadata2"]?.stringValue ?? ""
        payment.phoneNumber = reply["phoneNumber"]?.stringValue ?? ""
        payment.items = (reply["items"]?.arrayValue ?? []).map { entry in
            let item = ATHMPaymentItem(
                name: entry["name"]?.stringValue ?? "", price: number(entry["price"]),
                quantity: integer(entry["quantity"]))
            item.desc = entry["desc"]?.stringValue ?? entry["description"]?.stringValue ?? ""
            item.metadata = entry["metadata"]?.stringValue ?? ""
            return item
        }
        if let error = PaymentValidator.validate(payment: payment) { return .failure(.invalidField(error)) }

        let customer = ATHMCustomer(
            name: reply["name"]?.stringValue ?? "",
            phoneNumber: reply["phoneNumber"]?.stringValue ?? "",
            email: reply["email"]?.stringValue ?? "")
        let response = ATHMPaymentResponse(
            payment: payment,
            status: ATHMPaymentStatus(
                status: status, date: date, referenceNumber: reference, dailyTransactionID: dailyID),
            customer: customer)
        return .success(Decoded(response: response, raw: ReplyDictionary.dictionary(from: object)))
    }

    /// The customer fields of a reply that could not be decoded as a whole, when they can be read.
    static func customer(inUnreadable text: String) -> ATHMCustomer {
        let value = try? JSONValue.parse(text)
        return ATHMCustomer(
            name: value?["name"]?.stringValue ?? "", phoneNumber: value?["phoneNumber"]?.stringValue ?? "",
            email: value?["email"]?.stringValue ?? "")
    }

    /// The deprecated daily id is text such as `"#01"`: keep the digits, then the last ten of them.
    static func deprecatedDailyID(_ value: JSONValue?) -> Int {
        if let number = value?.integerValue { return Int(clamping: number) }
        guard let text = value?.stringValue else { return 0 }
        let digits = String(text.filter { $0.isASCII && $0.isNumber }.suffix(10))
        return Int(digits) ?? 0
    }

    private static func number(_ value: JSONValue?) -> NSNumber {
        if let integer = value?.integerValue, case .integer = value { return NSNumber(value: integer) }
        if let double = value?.doubleValue { return NSNumber(value: double) }
        if let text = value?.stringValue, let double = Double(text) { return NSNumber(value: double) }
        return 0
    }

    private static func integer(_ value: JSONValue?) -> Int {
        if let integer = value?.integerValue { return Int(clamping: integer) }
        if let text = value?.stringValue, let integer = Int(text) { return integer }
        return 0
    }
}
