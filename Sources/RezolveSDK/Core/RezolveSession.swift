import Foundation

/// A logged-in customer's connection to Rezolve, created by ``Rezolve/createSession(accessToken:entityId:partnerId:username:userId:)``.
///
/// It owns one instance of every manager and the customer's public key, which the wallet and checkout use to
/// encrypt card data. The token can be replaced at any time; an already-expired token logs the session out.
public final class RezolveSession: Sendable {
    let core: SessionCore
    public let username: String
    public let userId: String?

    public let consumerProfileManager: ConsumerProfileManager
    public let addressbookManager: AddressbookManager
    public let phonebookManager: PhonebookManager
    public let favouriteManager: FavouriteManager
    public let walletManager: WalletManager
    public let merchantManager: MerchantManager
    public let productManager: ProductManager
    public let cartManager: CartManager
    public let paymentOptionManager: PaymentOptionManager
    public let checkoutManager: CheckoutManager
    public let userActivityManager: UserActivityManager
    public let triggerManager: TriggerManager
    public let sspActManager: SspActManager
    private let scanManager: ScanManager

    init(core: SessionCore, username: String, userId: String?, sspClient: SspClient?) {
        self.core = core
        self.username = username
        self.userId = userId
        consumerProfileManager = ConsumerProfileManager(core: core)
        addressbookManager = AddressbookManager(core: core)
        phonebookManager = PhonebookManager(core: core)
        favouriteManager = FavouriteManager(core: core)
        walletManager = WalletManager(core: core)
        merchantManager = MerchantManager(core: core)
        productManager = ProductManager(core: core)
        cartManager = CartManager(core: core)
        paymentOptionManager = PaymentOptionManager(core: core)
        checkoutManager = CheckoutManager(core: core)
        userActivityManager = UserActivityManager(core: core)
        triggerManager = TriggerManager(core: core)
        sspActManager = SspActManager(client: sspClient, entityId: core.entityId, userId: userId)
        scanManager = ScanManager(triggers: triggerManager, ssp: sspActManager, clock: core.clock)
        core.attach(self)
    }

    public var entityId: String { core.entityId }
    public var partnerId: String { core.partnerId }
    /// The login JWT sent with every call (the renewer's latest one after a renewal).
    public var accessToken: String { core.auth.token }
    /// `true` once an already-expired JWT was supplied through ``updateAccessToken(_:)``.
    public var isLoggedOut: Bool { core.auth.isLoggedOut }
    /// The customer's RSA public key (PEM) as loaded when the session was created.
    public var publicKey: String? { core.publicKeyPEM }

    /// Another name for ``consumerProfileManager``.
    public var profileManager: ConsumerProfileManager { consumerProfileManager }

    /// Replaces the login JWT. A token whose `exp` has already passed logs the session out (the seed's logout):
    /// later calls fail with `.loggedOut` and send nothing, until a valid token is supplied again.
    public func updateAccessToken(_ jwt: String) {
        core.auth.update(jwt, now: core.clock())
    }

    /// The scan manager: detections, SSP engagements and background listening.
    public func getScanManager() -> ScanManager { scanManager }
}
