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

/// The journey itself, step by step. It works in an organisation of its own and never moves the shared clock
/// of a running sandbox (unless that clock is frozen, when it nudges it by seconds), so running it against a
/// developer's sandbox leaves their orders alone. Each step checks its outcome and fails the command if the
/// sandbox or the SDK behaved differently from the spec.
struct ButtonDemo {
    let baseURL: URL
    let control: ControlClient
    let bundleId = "com.example.commercekit-demo"
    /// How far ahead of the sandbox clock the demo order finalizes, so the finalization is seen in seconds.
    let finalizationLead: TimeInterval = 2

    init(baseURL: URL) {
        self.baseURL = baseURL
        self.control = ControlClient(baseURL: baseURL)
    }

    func run() async throws {
        let orderId = "demo-" + UUID().uuidString.prefix(8).lowercased()
        step(1, "Sandbox health")
        let health = try await control.call(.get, "/sandbox/health")
        print("   services: \(health["services"]?.serialized() ?? "?")")

        step(2, "A private organisation for this run, so nothing else in the sandbox is touched")
        let org = try await control.call(
            .post, "/sandbox/button/organizations", ["name": "commercekit demo"] as JSONValue)
        guard let orgId = org["object"]?["organization_id"]?.stringValue,
            let apiKey = org["object"]?["api_key"]?.stringValue,
            let applicationId = org["object"]?["application_id"]?.stringValue
        else {
            throw DemoFailure(
                "the organisation answer lacks organization_id, api_key or application_id: \(org.serialized())")
        }
        print("   \(orgId): API key \(apiKey), application \(applicationId)")

        step(3, "A shopper taps a Publisher link before installing: register a deferred deep link")
        let action = "https://shop.example/p/42"
        let linkRequest: JSONValue = [
            "application_id": .string(applicationId), "action": .string(action),
            "match": ["user_agent_contains": .string(bundleId)],
        ]
        let link = try await control.call(.post, "/sandbox/button/deferred-deeplinks", linkRequest)
        let linkToken = link["object"]?["btn_ref"]?.stringValue
        print("   pending link \(link["object"]?["id"]?.stringValue ?? "?") with btn_ref \(linkToken ?? "?")")

        step(4, "First launch: configure ButtonMerchant and fetch the post-install URL")
        ButtonMerchant.resetForTesting(
            environment: .custom(baseURL: baseURL), installDate: Date().addingTimeInterval(-60),
            appInfo: AppInfo(bundleId: bundleId, appVersion: "1.0.0", build: "1"))
        ButtonMerchant.configure(applicationId: applicationId, environment: .custom(baseURL: baseURL))
        let destination = try await ButtonMerchant.handlePostInstallURL()
        let token = ButtonMerchant.attributionToken
        print("   route the shopper to: \(destination?.absoluteString ?? "nothing")")
        print("   attribution token:    \(token ?? "none")")
        try expect(destination?.absoluteString.hasPrefix(action) == true, "the deferred link should lead to \(action)")
        try expect(token != nil && token == linkToken, "the attribution token should be the link's btn_ref")

        step(5, "The shopper buys: the app reports the order signal")
        try await ButtonMerchant.reportOrder(
            Order(
                id: orderId, purchaseDate: Date(),
                lineItems: [LineItem(id: "sku-42", total: 4200)]))
        print("   app signal for \(orderId) accepted")

        step(6, "The merchant's server reports the order to the Order API")
        let clock = try await sandboxClock()
        let client = try ButtonClient(apiKey: apiKey, configuration: .sandbox(baseURL))
        let created = try await client.orders.create(
            OrderPayload(
                total: 4200, currency: "USD", orderId: orderId, purchaseDate: Date(),
                finalizationDate: clock.now.addingTimeInterval(finalizationLead), btnRef: token,
                customer: OrderCustomer(id: "customer-1", emailSHA256: OrderCustomer.hashEmail("shopper@example.com")),
                lineItems: [OrderLineItem(identifier: "sku-42", total: 4200, quantity: 1)]))
        print(
            "   \(created.buttonOrderId): status \(created.status), finalizes \(created.finalizationDate.map { ISO8601.format($0) } ?? "?")"
        )
        try expect(created.status == .open && created.btnRef == token, "the new order should be open and attributed")

        step(7, "Bad input is named precisely (validated locally, nothing sent)")
        do {
            _ = try await client.orders.create(
                OrderPayload(total: 100, currency: "usd", orderId: orderId + "-bad", purchaseDate: Date()))
            throw DemoFailure("an order with currency \"usd\" was accepted")
        } catch ButtonOrdersError.invalidField(let field, let message) {
            print("   \(field): \(message)")
            try expect(field == "currency", "the error should name the currency field")
        }

        step(8, "The finalization date passes")
        try await letFinalizationDatePass(clock)
        let finalized = try await client.orders.get(orderId)
        print("   \(orderId) is \(finalized.status): commissionable, no longer changeable")
        try expect(finalized.status == .finalized, "the order should be finalized")
        do {
            try await client.orders.delete(orderId)
            throw DemoFailure("a finalized order was deleted")
        } catch ButtonOrdersError.conflict(let type, let message) {
            print("   delete refused: \(type ?? "conflict"): \(message)")
        }
        print("\nDone. Inspect it at \(baseURL.absoluteString)/sandbox/button/organizations/\(orgId)/orders/\(orderId)")
    }

    /// The sandbox's notion of now, which may be set or frozen by whoever runs it.
    private func sandboxClock() async throws -> (now: Date, frozen: Bool) {
        let answer = try await control.call(.get, "/sandbox/button/clock")
        guard let text = answer["object"]?["now"]?.stringValue, let now = ISO8601.parse(text) else {
            throw DemoFailure("the sandbox clock answer has no readable now: \(answer.serialized())")
        }
        return (now, answer["object"]?["frozen"]?.boolValue ?? false)
    }

    /// A running clock is simply waited for; a frozen one is nudged forward by a few seconds.
    private func letFinalizationDatePass(_ clock: (now: Date, frozen: Bool)) async throws {
        if clock.frozen {
            try await control.call(
                .post, "/sandbox/button/clock/advance", ["seconds": .integer(Int64(finalizationLead) + 1)] as JSONValue)
            print("   the sandbox clock is frozen: moved it \(Int(finalizationLead) + 1) s forward")
            return
        }
        let due = clock.now.addingTimeInterval(finalizationLead)
        for _ in 0..<50 {
            if try await sandboxClock().now > due { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        print("   waited \(Int(finalizationLead)) s of sandbox time")
    }

    private func expect(_ condition: Bool, _ what: String) throws {
        if !condition { throw DemoFailure(what) }
    }

    private func step(_ number: Int, _ title: String) { print("\n\(number). \(title)") }
}

/// A step of the demo did not turn out as the spec says it should.
struct DemoFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = "demo check failed: " + description }
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
        let response = try await transport.send(
            HTTPRequest(
                method: method, url: url, headers: body == nil ? [:] : ["Content-Type": "application/json"],
                body: body?.serializedData()))
        let json = (try? JSONValue.parse(response.body)) ?? .null
        guard (200..<300).contains(response.statusCode) else {
            throw ValidationError("\(method) \(path) answered \(response.statusCode): \(json.serialized())")
        }
        return json
    }
}
