import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Paytronix's enrollment, guest and OAuth services plus the APNs push side, emulated for tests and debug builds.
package struct PaytronixService: SandboxService {
    package let name = "paytronix"
    let context: SandboxContext

    package init(context: SandboxContext) {
        self.context = context
    }

    package func registerMigrations(_ migrator: inout DatabaseMigrator) {
        PaytronixSchema.register(&migrator)
    }

    package func seed(_ db: Database) throws {
        try PaytronixMerchantStore.seed(db)
    }

    package func credentials(_ db: Database) throws -> JSONValue {
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

    package var prefixes: [ServicePrefix] { [PaytronixRESTRoutes.servicePrefix, PaytronixControlRoutes.servicePrefix] }

    package func faultResponse(status: Int, body: JSONValue?) -> SandboxResponse {
        PaytronixFailure.fault(
            status: status, body: body, otherwise: PaytronixFailure(status, "sandbox.fault", "Injected fault"))
    }

    package func reset() async throws {
        try await context.database.write { db in
            try PaytronixPushStore.deleteAll(db)
            try PaytronixGuestStore.deleteAll(db)
            try PaytronixMerchantStore.deleteAll(db)
            try PaytronixMerchantStore.seed(db)
        }
    }

    package func registerRoutes(on router: ServiceRoutes) {
        PaytronixRESTRoutes(gateway: PaytronixRESTGateway(context: context)).register(on: router)
        PaytronixControlRoutes(context: context).register(on: router)
        PaytronixPushControlRoutes(context: context).register(on: router)
        PaytronixStatePages(context: context).register(on: router)
    }
}
