import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `/sandbox/athmovil/...`: JSON routes that let tests and tools play the customer, manage test data,
/// move the clock and inject failures without a browser.
struct ATHMovilControlRoutes: Sendable {
    let context: SandboxContext
    static let prefix = "/sandbox/athmovil"

    func register(on router: ServiceRoutes) {
        let p = Self.prefix
        router.get(p + "/businesses", handler: controlled(listBusinesses))
        router.post(p + "/businesses", handler: controlled(createBusiness))
        router.get(p + "/customers", handler: controlled(listCustomers))
        router.post(p + "/customers", handler: controlled(createCustomer))
        router.post(p + "/app/open", handler: controlled(appOpen))
        router.post(p + "/app/respond", handler: controlled(appRespond))
        for action in ATHMovilAppAction.allCases {
            router.post(
                p + "/payments/:ecommerceId/\(action.rawValue)",
                handler: controlled { request in
                    let body = try ATHMovilControlBody(request)
                    return try await respond(
                        action, ecommerceId: request.parameter("ecommerceId"),
                        customerPhone: try body.string("customerPhone"))
                })
        }
        router.get(p + "/payments/:ecommerceId", handler: controlled(paymentRecord))
        router.get(p + "/payments", handler: controlled(paymentByTrace))
        // The console's paged list; Complete / Cancel / Fail / Expire are the action routes above.
        router.get(
            p + "/pages/payments",
            handler: ControlProblem.answering { request in
                let page = try ControlPage.from(request.query)
                let now = context.clock.now()
                let listed = try await context.database.write { db -> (items: [JSONValue], total: Int) in
                    let (payments, total) = try ATHMovilPaymentStore.paymentsPage(page, now: now, db)
                    let items = try payments.map { payment in
                        ATHMovilWire.record(
                            payment, business: try ATHMovilAccountStore.business(number: payment.businessNumber, db))
                    }
                    return (items, total)
                }
                return page.response(listed.items, total: listed.total)
            })
        router.post(p + "/clock/advance", handler: controlled(advanceClock))
        router.post(p + "/faults", handler: controlled(addFault))
        router.post(p + "/reset", handler: controlled(reset))
    }

    private func controlled(_ body: @escaping @Sendable (SandboxRequest) async throws -> SandboxResponse)
        -> ServiceRoutes.Handler
    {
        { request in
            do { return try await body(request) } catch let failure as SandboxPlainError {
                return failure.response
            }
        }
    }

    // MARK: Test data

    @Sendable func listBusinesses(_ request: SandboxRequest) async throws -> SandboxResponse {
        let list = try await context.database.read { db in try ATHMovilAccountStore.businesses(db) }
        return .json(["businesses": .array(list.map(\.json))])
    }

    @Sendable func createBusiness(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilControlBody(request)
        guard let name = try body.string("name"), !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw SandboxPlainError.field("name", "is required")
        }
        let rate = try body.number("feeRate") ?? ATHMovilFees.defaultRate
        guard (0...1).contains(rate) else { throw SandboxPlainError.field("feeRate", "must be from 0 to 1") }
        let minimum = try body.number("feeMinimum") ?? Double(ATHMovilFees.defaultMinimumCents) / 100
        guard minimum >= 0, minimum < 10_000 else {
            throw SandboxPlainError.field("feeMinimum", "must be from 0 to 9999.99")
        }
        let isActive = try body.bool("isActive") ?? true
        let isNonProfit = try body.bool("isNonProfit") ?? false
        let path = try body.string("path") ?? name.lowercased().filter { $0.isLetter || $0.isNumber }
        let industry = try body.string("industry") ?? "OTHER"
        let business = try await context.database.write { db -> ATHMovilBusiness in
            var number: String
            repeat {
                number = String(format: "%09d", Int.random(in: 100_000_000...999_999_999))
            } while try ATHMovilAccountStore.business(number: number, db) != nil
            let business = ATHMovilBusiness(
                number: number, name: name, path: path, industry: industry,
                publicToken: "sbx-pub-" + RandomToken.hex(40), privateToken: "sbx-prv-" + RandomToken.hex(40),
                isActive: isActive, isNonProfit: isNonProfit, feeRate: rate,
                feeMinimumCents: Int64((minimum * 100).rounded()))
            try ATHMovilAccountStore.insert(business, db)
            return business
        }
        return .json(business.json, status: 201)
    }

    @Sendable func listCustomers(_ request: SandboxRequest) async throws -> SandboxResponse {
        let list = try await context.database.read { db in try ATHMovilAccountStore.customers(db) }
        return .json(["customers": .array(list.map(\.json))])
    }

    @Sendable func createCustomer(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilControlBody(request)
        guard let name = try body.string("name"), !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw SandboxPlainError.field("name", "is required")
        }
        guard let phone = try body.string("phoneNumber").flatMap(ATHMovilCustomer.formattedPhone) else {
            throw SandboxPlainError.field("phoneNumber", "must hold 10 digits, e.g. (787) 555-0199")
        }
        let pin = try body.string("pin") ?? "1234"
        guard pin.count == 4, pin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw SandboxPlainError.field("pin", "must be 4 digits")
        }
        let customer = ATHMovilCustomer(name: name, phoneNumber: phone, email: try body.string("email") ?? "", pin: pin)
        try await context.database.write { db in
            guard try ATHMovilAccountStore.customer(phone: phone, db) == nil else {
                throw SandboxPlainError(
                    status: 409, message: "phoneNumber: a test customer with this phone exists")
            }
            try ATHMovilAccountStore.addCustomer(customer, db)
        }
        return .json(customer.json, status: 201)
    }

    // MARK: Playing the app

    /// Opens a link like the page does and reports the payment: `{ecommerceId, flow, status}`.
    @Sendable func appOpen(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilControlBody(request, allowEmpty: false)
        guard let url = try body.string("url") else { throw SandboxPlainError.field("url", "is required") }
        let (ecommerce, _) = try await open(url: url)
        return .json([
            "ecommerceId": .string(ecommerce.id), "flow": .string(ecommerce.flow.rawValue),
            "status": .string(ecommerce.state.rawValue),
        ])
    }

    /// Acts on a payment named by `ecommerceId` or by its link: `{ecommerceId, status, callbackURL}`.
    @Sendable func appRespond(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilControlBody(request, allowEmpty: false)
        guard let actionName = try body.string("action") else {
            throw SandboxPlainError.field("action", "is required")
        }
        guard let action = ATHMovilAppAction(rawValue: actionName) else {
            throw SandboxPlainError.field("action", "must be complete, cancel, fail or expire")
        }
        let id: String
        if let given = try body.string("ecommerceId") {
            id = given
        } else if let url = try body.string("url") {
            id = try await open(url: url).0.id
        } else {
            throw SandboxPlainError.field("ecommerceId", "or url is required")
        }
        return try await respond(action, ecommerceId: id, customerPhone: try body.string("customerPhone"))
    }

    private func open(url: String) async throws -> (ATHMovilEcommerce, ATHMovilBusiness) {
        let (kind, data): (ATHMovilAppLink.Kind, JSONObject)
        switch ATHMovilAppLink.parse(url: url) {
        case .success(let parsed): (kind, data) = parsed
        case .failure(.invalid(let problem)): throw SandboxPlainError.field("url", problem)
        case .failure(.notFound): throw SandboxPlainError.paymentNotFound
        }
        let now = context.clock.now()
        do {
            let opened = try await context.database.write { db in
                try ATHMovilAppLink.open(kind, data: data, now: now, db)
            }
            switch opened {
            case .payment(let ecommerce, let business): return (ecommerce, business)
            case .inactiveBusiness: throw SandboxPlainError.field("url", "publicToken names no active business")
            }
        } catch ATHMovilAppLink.Problem.invalid(let problem) {
            throw SandboxPlainError.field("url", problem)
        } catch ATHMovilAppLink.Problem.notFound {
            throw SandboxPlainError.paymentNotFound
        }
    }

    private func respond(_ action: ATHMovilAppAction, ecommerceId: String, customerPhone: String?) async throws
        -> SandboxResponse
    {
        let now = context.clock.now()
        let (ecommerce, url) = try await context.database.write { db -> (ATHMovilEcommerce, String) in
            guard var ecommerce = try ATHMovilPaymentStore.ecommerce(id: ecommerceId, now: now, db),
                let business = try ATHMovilAccountStore.business(number: ecommerce.businessNumber, db)
            else {
                throw SandboxPlainError.paymentNotFound
            }
            let url = try action.perform(
                on: &ecommerce, business: business, customerPhone: customerPhone, pin: nil,
                now: now, db)
            return (ecommerce, url)
        }
        return .json([
            "ecommerceId": .string(ecommerce.id), "status": .string(ecommerce.state.rawValue),
            "callbackURL": .string(url),
        ])
    }

    // MARK: Inspection, clock, faults

    @Sendable func paymentRecord(_ request: SandboxRequest) async throws -> SandboxResponse {
        let now = context.clock.now()
        let id = request.parameter("ecommerceId")
        let record = try await context.database.write { db -> JSONValue? in
            guard let ecommerce = try ATHMovilPaymentStore.ecommerce(id: id, now: now, db) else { return nil }
            return ATHMovilWire.record(
                ecommerce, business: try ATHMovilAccountStore.business(number: ecommerce.businessNumber, db))
        }
        guard let record else { throw SandboxPlainError.paymentNotFound }
        return .json(record)
    }

    @Sendable func paymentByTrace(_ request: SandboxRequest) async throws -> SandboxResponse {
        guard let traceId = request.query["traceId"], !traceId.isEmpty else {
            throw SandboxPlainError.field("traceId", "query parameter is required")
        }
        let now = context.clock.now()
        let record = try await context.database.write { db -> JSONValue? in
            guard
                let ecommerce = try ATHMovilPaymentStore.ecommerce(traceId: traceId, businessNumber: nil, now: now, db)
            else { return nil }
            return ATHMovilWire.record(
                ecommerce, business: try ATHMovilAccountStore.business(number: ecommerce.businessNumber, db))
        }
        guard let record else { throw SandboxPlainError.paymentNotFound }
        return .json(record)
    }

    @Sendable func advanceClock(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilControlBody(request, allowEmpty: false)
        guard let seconds = try body.number("seconds"), seconds >= 0, seconds <= SandboxClock.maximumMove else {
            throw SandboxPlainError.field(
                "seconds", "must be a number of seconds from 0 to 3155760000 (100 years)")
        }
        try await context.moveClock(.advance(seconds: seconds))
        return .json(context.clock.json())
    }

    /// Routes a fault can target, by the names the control route accepts.
    static let faultPaths: [String: String] = [
        "payment": ATHMovilPaymentRoutes.base + "/payment",
        "authorization": ATHMovilPaymentRoutes.base + "/authorization",
        "findPayment": ATHMovilPaymentRoutes.base + "/business/findPayment",
        "cancel": ATHMovilPaymentRoutes.base + "/business/cancel",
        "refund": ATHMovilPaymentRoutes.base + "/refund",
        "updatePhoneNumber": ATHMovilPaymentRoutes.base + "/business/updatePhoneNumber",
        "status": "/rs/eCommerceTransfer/consultTransactionStatus",
    ]

    @Sendable func addFault(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilControlBody(request, allowEmpty: false)
        guard let route = try body.string("route"), let path = Self.faultPaths[route] else {
            throw SandboxPlainError.field(
                "route", "must be one of \(Self.faultPaths.keys.sorted().joined(separator: ", "))")
        }
        let count = try body.integer("count") ?? 1
        guard count >= 1 else { throw SandboxPlainError.field("count", "must be 1 or more") }
        let status = try body.integer("status") ?? 500
        guard (400...599).contains(status) else {
            throw SandboxPlainError.field("status", "must be from 400 to 599")
        }
        let errorcode = try body.string("errorcode") ?? "BTRA_9999"
        let dropConnection = try body.bool("dropConnection") ?? false
        // A lost response: the change is committed, then the connection closes with no answer (spec §5.1).
        let fault = FaultRule(
            method: .post, path: .exact(path), count: count, status: status,
            body: ATHMovilFailure.envelope(errorcode: errorcode, message: "Internal Error"),
            drop: dropConnection ? .afterCommit : nil, survivesRestart: true)
        try context.faults.add(fault)
        return .json(fault.json, status: 201)
    }

    @Sendable func reset(_ request: SandboxRequest) async throws -> SandboxResponse {
        try await context.reset(named: "athmovil")
        return .json(["reset": true])
    }
}

extension ATHMovilControlRoutes {
    /// Where these routes answer and how unknown paths and methods there are answered.
    static var servicePrefix: ServicePrefix {
        ServicePrefix(
            Self.prefix + "/",
            RouteFallback(
                notFound: { request in
                    SandboxPlainError(status: 404, message: "No route for \(request.method) \(request.path)")
                },
                methodNotAllowed: { request, _ in
                    SandboxPlainError(
                        status: 405, message: "Method \(request.method) is not allowed on \(request.path)")
                }))
    }
}
