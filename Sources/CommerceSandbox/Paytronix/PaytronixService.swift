import CommerceCore
import Foundation
import GRDB

/// Paytronix's enrollment, guest and OAuth services plus the APNs push side, emulated for tests and debug builds.
public struct PaytronixService: SandboxService {
    public let name = "paytronix"
    let context: SandboxContext

    public init(context: SandboxContext) {
        self.context = context
    }

    public func registerMigrations(_ migrator: inout DatabaseMigrator) {
        PaytronixSchema.register(&migrator)
    }

    public func seed(_ db: Database) throws {
        try PaytronixMerchantStore.seed(db)
    }

    public func credentials(_ db: Database) throws -> JSONValue {
        [
            "merchantId": .integer(PaytronixMerchantStore.defaultMerchantId),
            "release": "25.33",
            "ios": ["clientId": "sandbox-ios", "clientSecret": "sandbox-ios-secret"],
            "server": [
                "clientId": "sandbox-server", "clientSecret": "sandbox-server-secret",
                "b2bUsername": "sandbox-b2b", "b2bPassword": "sandbox-b2b-password",
            ],
            "cardTemplateCode": 0, "storeCode": "123",
        ]
    }

    var prefixes: [ServicePrefix] { [PaytronixRESTRoutes.servicePrefix, PaytronixControlRoutes.servicePrefix] }

    public func faultResponse(status: Int, body: JSONValue?) -> SandboxResponse {
        PaytronixFailure.fault(
            status: status, body: body, otherwise: PaytronixFailure(status, "sandbox.fault", "Injected fault"))
    }

    public func reset() async throws {
        try await context.database.write { db in
            try PaytronixPushStore.deleteAll(db)
            try PaytronixGuestStore.deleteAll(db)
            try PaytronixMerchantStore.deleteAll(db)
            try PaytronixMerchantStore.seed(db)
        }
    }

    func registerRoutes(on router: ServiceRoutes) {
        PaytronixRESTRoutes(gateway: PaytronixRESTGateway(context: context)).register(on: router)
        PaytronixControlRoutes(context: context).register(on: router)
        PaytronixPushRoutes(context: context).register(on: router)
        PaytronixStatePages(context: context).register(on: router)
    }
}
