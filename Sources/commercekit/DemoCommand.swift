import ArgumentParser
@_spi(Testing) import ButtonMerchant
import ButtonOrders
import CommerceCore
import CommerceSandbox
import Foundation

/// `commercekit demo`: walks through the Button journey — deferred deep link, app order signal, server order,
/// finalization — through the SDK modules against a sandbox, printing each step.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Run the Button journey through the SDK modules and print what happens.")

    @Option(help: "Sandbox base URL, e.g. http://127.0.0.1:8080. Without it a private in-memory sandbox is started.")
    var sandbox: String?

    func validate() throws {
        if let sandbox, URL(string: sandbox)?.host == nil {
            throw ValidationError("--sandbox must be a URL such as http://127.0.0.1:8080")
        }
    }

    func run() async throws {
        Console.useLineBuffering()
        if let sandbox, let url = URL(string: sandbox) {
            try await ButtonDemo(baseURL: url).run()
        } else {
            let local = try await Sandbox.start(.testing)
            print("Started an in-memory sandbox at \(local.baseURL.absoluteString)")
            do {
                try await ButtonDemo(baseURL: local.baseURL).run()
                await local.stop()
            } catch {
                await local.stop()
                throw error
            }
        }
    }
}

/// The journey itself, step by step.
struct ButtonDemo {
    let baseURL: URL
    let control: ControlClient
    let bundleId = "com.example.commercekit-demo"

    init(baseURL: URL) {
        self.baseURL = baseURL
        self.control = ControlClient(baseURL: baseURL)
    }

    func run() async throws {
        let orderId = "demo-" + UUID().uuidString.prefix(8).lowercased()
        step(1, "Sandbox health")
        let health = try await control.call(.get, "/sandbox/health")
        print("   services: \(health["services"]?.serialized() ?? "?")")

        step(2, "A shopper taps a Publisher link before installing: register a deferred deep link")
        let linkRequest: JSONValue = [
            "application_id": "app-sandbox", "action": "https://shop.example/p/42",
            "match": ["user_agent_contains": .string(bundleId)],
        ]
        let link = try await control.call(.post, "/sandbox/button/deferred-deeplinks", linkRequest)
        print("   pending link \(link["object"]?["id"]?.stringValue ?? "?") with btn_ref \(link["object"]?["btn_ref"]?.stringValue ?? "?")")

        step(3, "First launch: configure ButtonMerchant and fetch the post-install URL")
        ButtonMerchant.resetForTesting(
            environment: .custom(baseURL: baseURL), installDate: Date().addingTimeInterval(-60),
            appInfo: AppInfo(bundleId: bundleId, appVersion: "1.0.0", build: "1"))
        ButtonMerchant.configure(applicationId: "app-sandbox", environment: .custom(baseURL: baseURL))
        let destination = try await ButtonMerchant.handlePostInstallURL()
        print("   route the shopper to: \(destination?.absoluteString ?? "nothing")")
        print("   attribution token:    \(ButtonMerchant.attributionToken ?? "none")")

        step(4, "The shopper buys: the app reports the order signal")
        try await ButtonMerchant.reportOrder(Order(id: orderId, purchaseDate: Date(),
                                                   lineItems: [LineItem(id: "sku-42", total: 4200)]))
        print("   app signal for \(orderId) accepted")

        step(5, "The merchant's server reports the order to the Order API")
        let client = try ButtonClient(apiKey: "sk-sandbox", configuration: .sandbox(baseURL))
        let created = try await client.orders.create(OrderPayload(
            total: 4200, currency: "USD", orderId: orderId, purchaseDate: Date(),
            btnRef: ButtonMerchant.attributionToken,
            customer: OrderCustomer(id: "customer-1", emailSHA256: OrderCustomer.hashEmail("shopper@example.com")),
            lineItems: [OrderLineItem(identifier: "sku-42", total: 4200, quantity: 1)]))
        print("   \(created.buttonOrderId): status \(created.status), finalizes \(created.finalizationDate.map { ISO8601.format($0) } ?? "?")")

        step(6, "Bad input is named precisely (validated locally, nothing sent)")
        do {
            _ = try await client.orders.create(OrderPayload(total: 100, currency: "usd", orderId: orderId + "-bad", purchaseDate: Date()))
        } catch {
            print("   \(error)")
        }

        step(7, "Thirty days pass on the sandbox clock")
        let advanced = try await control.call(.post, "/sandbox/button/clock/advance", ["days": 30] as JSONValue)
        print("   now \(advanced["object"]?["now"]?.stringValue ?? "?")")
        let finalized = try await client.orders.get(orderId)
        print("   \(orderId) is \(finalized.status): commissionable, no longer changeable")
        do {
            try await client.orders.delete(orderId)
        } catch {
            print("   delete refused: \(error)")
        }
        try await control.call(.delete, "/sandbox/button/clock")
        print("\nDone. Inspect it at \(baseURL.absoluteString)/sandbox/button/organizations/org-sandbox/orders/\(orderId)")
    }

    private func step(_ number: Int, _ title: String) { print("\n\(number). \(title)") }
}

/// JSON calls to the sandbox's control routes.
struct ControlClient {
    let baseURL: URL
    let transport = URLSessionTransport()

    @discardableResult
    func call(_ method: HTTPMethod, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        guard let url = URL(string: baseURL.absoluteString.trimmingCharacters(in: ["/"]) + path) else {
            throw ValidationError("bad sandbox URL")
        }
        let response = try await transport.send(HTTPRequest(
            method: method, url: url, headers: body == nil ? [:] : ["Content-Type": "application/json"],
            body: body?.serializedData()))
        let json = (try? JSONValue.parse(response.body)) ?? .null
        guard (200..<300).contains(response.statusCode) else {
            throw ValidationError("\(method) \(path) answered \(response.statusCode): \(json.serialized())")
        }
        return json
    }
}
