import ATHMovilCheckout
import Foundation

/// The ATH Móvil document's payment calls from an ordinary class: a typed request with every optional field,
/// the hybrid (dictionary) request, the app delegate's URL hand-back and the response and error fields.
final class PayButtonScreen {
    let log: SampleLog

    init(log: SampleLog) { self.log = log }

    func payWithATHMovil(token: String, scheme: String) {
        let businessAccount = ATHMBusinessAccount(token: token)
        let urlScheme = ATHMURLScheme(urlScheme: scheme)
        let payment = ATHMPayment(total: 20.00)
        payment.phoneNumber = ""
        payment.subtotal = 1.00
        payment.tax = 2.00
        payment.metadata1 = "first note"
        payment.metadata2 = "second note"
        payment.items = [ATHMPaymentItem(name: "Sample item", price: 1, quantity: 1)]

        let handler = makeHandler()
        let request = ATHMPaymentSecureRequest(account: businessAccount, scheme: urlScheme, payment: payment)
        request.timeout = 120
        request.pay(handler: handler)
    }

    /// The document's handler, under the name its text uses (`ATHMHandler`); the closures only record.
    func makeHandler() -> ATHMHandler {
        let log = self.log
        return ATHMPaymentHandler(
            onCompleted: { (payment: ATHMPaymentResponse) in log.record("completed \(payment.status.referenceNumber)")
            },
            onExpired: { (payment: ATHMPaymentResponse) in log.record("expired") },
            onCancelled: { (payment: ATHMPaymentResponse) in log.record("cancelled") },
            onFailed: { (payment: ATHMPaymentResponse) in log.record("failed") }
        ) { (error: ATHMPaymentError) in
            log.record("exception \(error.errorDescription) \(error.failureReason) \(error.isRequestError)")
        }
    }

    func payHybrid() {
        let requestDic = NSDictionary(dictionary: [
            "scheme": "athm-checkout", "publicToken": "dummy", "total": 20.00, "subtotal": 1.00, "tax": "2.00",
            "phoneNumber": "7875550100", "metadata1": "first note", "metadata2": "second note",
            "items": [["name": "Item", "price": 2.0, "quantity": 1, "desc": "Description", "metadata": "Meta"]],
        ])
        let businessAccount = ATHMBusinessAccount(dictionary: requestDic)
        let urlScheme = ATHMURLScheme(dictionary: requestDic)
        let payment = ATHMPayment(dictionary: requestDic)
        let log = self.log
        let handler = ATHMPaymentHandlerDictionary(
            onCompleted: { (response: NSDictionary) in log.record("dictionary completed \(response["total"] ?? "")") },
            onExpired: { (response: NSDictionary) in log.record("dictionary expired") },
            onFailed: { (response: NSDictionary) in log.record("dictionary failed") },
            onCancelled: { (response: NSDictionary) in log.record("dictionary cancelled") }
        ) { (error: ATHMPaymentError) in
            log.record("dictionary exception \(error.failureReason)")
        }
        let request = ATHMPaymentSecureRequest(account: businessAccount, scheme: urlScheme, payment: payment)
        request.pay(dictionaryHandler: handler)
    }

    /// The app delegate's `application(_:open:options:)` line.
    func open(url: URL) -> Bool {
        ATHMPaymentSession.shared.url = url
        return true
    }

    /// Every response field the document lists, as text.
    static func fields(of response: ATHMPaymentResponse) -> [String] {
        let paymentItem = response.payment.items.first
        return [
            "\(response.payment.total)", "\(response.payment.subtotal)", "\(response.payment.tax)",
            "\(response.payment.fee)", "\(response.payment.netAmount)", response.payment.metadata1,
            response.payment.metadata2, paymentItem?.name ?? "", "\(paymentItem?.price ?? 0)",
            "\(paymentItem?.quantity ?? 0)", paymentItem?.desc ?? "", paymentItem?.metadata ?? "",
            "\(response.status.dailyTransactionID)", response.status.referenceNumber, "\(response.status.date)",
            response.customer.name, response.customer.phoneNumber, response.customer.email,
        ]
    }
}
