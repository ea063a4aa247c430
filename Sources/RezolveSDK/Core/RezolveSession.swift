import Foundation

/// A logged-in customer's connection to Rezolve, created by ``Rezolve/createSession(accessToken:entityId:partnerId:username:userId:)``.
///
/// It owns one instance of every manager and the customer's public key, which the wallet and checkout use to
/// encrypt card data. The token can be replaced at any time; an already-expired token logs the session out.
public final class RezolveSession: Sendable {
    let core: SessionCore
    /// The customer's login name, as given when the session was created.
    public let username: String
    /// The app's own id for the customer, if given; sent with SSP engagement resolutions.
    public let userId: String?

    /// Reads and updates the customer's profile.
    public let consumerProfileManager: ConsumerProfileManager
    /// Lists, creates, updates and deletes the customer's delivery addresses.
    public let addressbookManager: AddressbookManager
    /// Lists, creates, updates and deletes the customer's phone numbers.
    public let phonebookManager: PhonebookManager
    /// Lists, creates, updates and deletes the customer's saved favourites.
    public let favouriteManager: FavouriteManager
    /// Manages the customer's saved payment cards; encrypts card numbers before they are sent.
    public let walletManager: WalletManager
    /// Lists merchants, searches them, and reads their category trees.
    public let merchantManager: MerchantManager
    /// Reads products and categories and searches products.
    public let productManager: ProductManager
    /// Creates and fills carts held on the server.
    public let cartManager: CartManager
    /// Asks which delivery and payment methods a merchant offers for a product or cart.
    public let paymentOptionManager: PaymentOptionManager
    /// Prices a product or cart and places the order.
    public let checkoutManager: CheckoutManager
    /// Reads the customer's order history and single orders.
    public let userActivityManager: UserActivityManager
    /// Resolves touch triggers (`rzlv.co` links) into products, categories and acts.
    public let triggerManager: TriggerManager
    /// Fetches SSP acts and submits their answers; its calls fail when the SDK was set up without SSP.
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

    /// The customer's Rezolve entity id, as given when the session was created.
    public var entityId: String { core.entityId }
    /// The partner id the session's calls are made under.
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
