import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The Button back end: the server-to-server Order API (`/v1/order…`), the mobile API that ButtonMerchant
/// calls (`/v1/app/…`) and the `/sandbox/button/…` control routes (spec `button.md` §3, §4, §5).
///
/// State lives in the sandbox database in tables prefixed `button_`. Time comes from the shared
/// `context.clock`, so moving it here moves every other service of the same instance too.
package struct ButtonService: SandboxService {
    package let name = "button"
    let context: SandboxContext
    /// Who each Order API key was last time, so a create is judged before the writer is taken.
    let callerHints: ButtonCallerHints

    /// The seeded organisation, key and application (§5.2).
    static let seedOrganization = "org-sandbox"
    static let seedAPIKey = "sk-sandbox"
    static let seedApplication = "app-sandbox"
    /// The finalization window of organisations created without one (§5.4).
    static let defaultWindowDays = 30
    /// The version every organisation is pinned to unless created with another one.
    static let pinnedAPIVersion = "2018-02-13"

    package init(context: SandboxContext) {
        self.context = context
        self.callerHints = ButtonCallerHints(database: context.database)
    }

    /// The seeded organisation's finalization window: `SandboxOptions.buttonFinalizationDays`
    /// (`--button-finalization-days`), which only this service reads (§5.2).
    var seededWindowDays: Int { context.options.buttonFinalizationDays }

    var clock: SandboxClock { context.clock }
    var database: SandboxDatabase { context.database }

    package func registerMigrations(_ migrator: inout DatabaseMigrator) {
        ButtonSchema.register(&migrator)
    }

    /// Creates org-sandbox / sk-sandbox / app-sandbox when missing (also after `reset`).
    package func seed(_ db: Database) throws {
        try ButtonAccountStore.seed(db, windowDays: seededWindowDays, now: clock.now())
    }

    package func credentials(_ db: Database) throws -> JSONValue {
        let window = try ButtonAccountStore.organization(db, id: Self.seedOrganization)?.windowDays ?? seededWindowDays
        return [
            "organization_id": .string(Self.seedOrganization),
            "api_key": .string(Self.seedAPIKey),
            "application_id": .string(Self.seedApplication),
            "finalization_window_days": .integer(Int64(window)),
            "api_version": .string(Self.pinnedAPIVersion),
            "order_api": .string(context.publicURL(path: "/v1/order")),
            "mobile_api": .string(context.publicURL(path: "/")),
            "control": .string(context.publicURL(path: "/sandbox/button")),
        ]
    }

    package var prefixes: [ServicePrefix] {
        [
            ServicePrefix(
                "/v1/",
                RouteFallback(
                    headers: ["X-Button-API-Version": Self.pinnedAPIVersion],
                    notFound: { ButtonError.routeNotFound($0) },
                    methodNotAllowed: { request, allowed in
                        ButtonError.methodNotAllowed(
                            request, request.rawPath.hasPrefix(Self.btnRefPrefix) ? [HTTPMethod.get] : allowed)
                    })),
            ServicePrefix(
                "/sandbox/button/",
                RouteFallback(
                    notFound: { ButtonError.routeNotFound($0) },
                    methodNotAllowed: { ButtonError.methodNotAllowed($0, $1) })),
        ]
    }

    /// An injected fault answers in the Order API's envelope (`type: sandbox_fault`).
    package func faultResponse(status: Int, body: JSONValue?) -> SandboxResponse {
        ButtonError.fault(
            status: status, body: body,
            otherwise: ButtonError(
                status: status, type: "sandbox_fault", message: "Injected fault",
                headers: ["X-Button-API-Version": Self.pinnedAPIVersion]))
    }

    package func registerRoutes(on router: ServiceRoutes) {
        registerOrderRoutes(on: router)
        registerMobileRoutes(on: router)
        registerControlRoutes(on: router)
        registerStatePages(on: router)
    }
}
