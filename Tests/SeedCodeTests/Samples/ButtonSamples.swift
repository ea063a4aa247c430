import ButtonMerchant
import ButtonOrders
import Foundation

/// The Button Merchant guide's app calls, from an ordinary app-delegate class: configure, the post-install link,
/// incoming links (custom scheme and universal link), the in-app order signal and the attribution token.
final class ShopAppDelegate {
    let log: SampleLog

    init(log: SampleLog) { self.log = log }

    func didFinishLaunching(applicationId: String) {
        ButtonMerchant.configure(applicationId: applicationId)
        ButtonMerchant.handlePostInstallURL { [log] url, error in
            guard let url = url else {
                log.record("no post-install link: \(String(describing: error))")
                return
            }
            log.record("route to \(url.absoluteString)")
        }
    }

    func open(url: URL) -> Bool {
        ButtonMerchant.trackIncomingURL(url)
        return true
    }

    #if canImport(Darwin)
    // Foundation has no NSUserActivity on Linux.
    func continueActivity(_ userActivity: NSUserActivity) -> Bool {
        if let url = userActivity.webpageURL {
            ButtonMerchant.trackIncomingURL(url)
        }
        return true
    }
    #endif

    /// The guide's in-app order signal, with its two-argument call.
    @available(*, deprecated, message: "The guide's trackOrder; reportOrder replaces it.")
    func orderPlaced(id: String, cents: Int64) {
        let order = Order(id: id, amount: cents, currencyCode: "USD")
        ButtonMerchant.trackOrder(order, nil)
    }

    /// What the app sends its own checkout server: the attribution token when there is one.
    func checkoutParameters(price: Double) -> [String: Any] {
        var parameters: [String: Any] = ["price": price, "location": "New York"]
        if let btn_ref = ButtonMerchant.attributionToken {
            parameters["btn_ref"] = btn_ref
        }
        return parameters
    }
}

/// The guide's server side, the Order API (shown there with pybutton), from an ordinary class with completion
/// handlers: create, get, update and delete an order.
final class CheckoutServer {
    let client: ButtonClient
    let log: SampleLog

    init(apiKey: String, baseURL: URL, log: SampleLog) throws {
        client = try ButtonClient(apiKey: apiKey, configuration: .sandbox(baseURL))
        self.log = log
    }

    func report(orderId: String, btnRef: String?, total: Int64, done: @escaping @Sendable () -> Void) {
        let payload = OrderPayload(
            total: total, currency: "USD", orderId: orderId, purchaseDate: Date(), btnRef: btnRef,
            customer: OrderCustomer(id: "customer-\(orderId)", emailSHA256: OrderCustomer.hashEmail("a@example.com")),
            lineItems: [OrderLineItem(identifier: "sku-1", total: total, quantity: 1)])
        let client = self.client
        let log = self.log
        client.orders.create(payload) { result in
            switch result {
            case .success(let order):
                log.record("created \(order.orderId) \(order.status)")
                var changed = payload
                changed.total = total / 2
                changed.lineItems = [OrderLineItem(identifier: "sku-1", total: total / 2, quantity: 1)]
                client.orders.update(orderId, changed) { result in
                    log.record("updated \((try? result.get().total).map(String.init) ?? "failed")")
                    client.orders.get(orderId) { result in
                        log.record("read \((try? result.get().total).map(String.init) ?? "failed")")
                        client.orders.delete(orderId) { result in
                            log.record(result.isSuccess ? "deleted" : "delete failed")
                            done()
                        }
                    }
                }
            case .failure(let error):
                log.record("create failed: \(error)")
                done()
            }
        }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
