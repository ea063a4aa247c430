import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The emulated ATH Móvil back end: the Payment Button service (`/api/business-transaction/ecommerce/...`),
/// the legacy status service (`/rs/...`), the simulated ATH Móvil app (`/e-commerce/...`) and the control
/// routes under `/sandbox/athmovil/...`.
package struct ATHMovilService: SandboxService {
    package let name = "athmovil"
    let context: SandboxContext

    package init(context: SandboxContext) {
        self.context = context
    }

    package func registerMigrations(_ migrator: inout DatabaseMigrator) {
        ATHMovilSchema.register(&migrator)
    }

    package func seed(_ db: Database) throws {
        try ATHMovilAccountStore.seed(db)
    }

    package func credentials(_ db: Database) throws -> JSONValue {
        [
            "simulatedPublicToken": "dummy",
            "businesses": .array(try ATHMovilAccountStore.businesses(db).map(\.json)),
            "customers": .array(try ATHMovilAccountStore.customers(db).map(\.json)),
            "clientConfiguration": .string(
                "ATHMPaymentSession.shared.configure(environment: .sandbox(baseURL: <base_url>))"),
        ]
    }

    package var prefixes: [ServicePrefix] {
        ["/api/business-transaction/", "/rs/"].map { ServicePrefix($0, Self.paymentServiceFallback) } + [
            ATHMovilAppRoutes.servicePrefix, ATHMovilControlRoutes.servicePrefix,
        ]
    }

    /// The payment service's 404 and 405, in ATH Móvil's error envelope.
    static let paymentServiceFallback = RouteFallback(
        notFound: { request in
            ATHMovilFailure(
                status: 404, errorcode: "NOT_FOUND", message: "No route for \(request.method) \(request.path)")
        },
        methodNotAllowed: { request, _ in
            ATHMovilFailure(
                status: 405, errorcode: "METHOD_NOT_ALLOWED",
                message: "Request method '\(request.method)' is not supported")
        })

    /// ATH Móvil's error envelope, with the generic error code its service answers internal errors with.
    package func faultResponse(status: Int, body: JSONValue?) -> SandboxResponse {
        ATHMovilFailure.fault(
            status: status, body: body,
            otherwise: ATHMovilFailure(status: status, errorcode: "BTRA_9999", message: "Internal Error"))
    }

    package func reset() async throws {
        try await context.database.write { db in try ATHMovilPaymentStore.deleteAll(db) }
    }

    package func registerRoutes(on router: ServiceRoutes) {
        ATHMovilPaymentRoutes(context: context).register(on: router)
        ATHMovilMerchantRoutes(context: context).register(on: router)
        ATHMovilAppRoutes(context: context).register(on: router)
        ATHMovilControlRoutes(context: context).register(on: router)
    }

    /// Wraps a payment-service handler so its failures answer in ATH Móvil's error envelope.
    static func answering(_ body: @escaping @Sendable (SandboxRequest) async throws -> SandboxResponse)
        -> ServiceRoutes.Handler
    {
        { request in
            do { return try await body(request) } catch let failure as ATHMovilFailure { return failure.response }
        }
    }
}
