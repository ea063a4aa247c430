import CommerceCore
import Foundation
import PaytronixPush

/// The Paytronix push document's two flows from an ordinary class with completion handlers: a guest signing up
/// through the app with this device as its external account, and a guest logging in whose account is checked
/// (accountInformation) and given the device when it lacks it (editExternalAccount).
final class LoyaltyPushRegistration {
    let registrar: PushRegistrar
    let log: SampleLog

    init(baseURL: URL, merchantId: Int, clientId: String, clientSecret: String, log: SampleLog) {
        let client = PaytronixClient(
            configuration: PaytronixConfiguration(
                baseURL: baseURL, merchantId: merchantId, clientId: clientId, clientSecret: clientSecret))
        let store = PersistentStore()
        registrar = PushRegistrar(
            client: client, session: GuestSession(client: client, store: store), appIdentifier: "com.example.loyalty",
            integrator: "examplecompany", store: store)
        self.log = log
    }

    /// The `integrationDetail` the document builds from the device, read from this thread.
    func deviceDescription(merchantId: Int) -> String {
        IntegrationDetail.current(merchantId: merchantId, integrator: "examplecompany").description
    }

    /// Step "for guests registering through the app".
    func signUp(username: String, password: String, deviceToken: Data, done: @escaping @Sendable () -> Void) {
        let request = CreateAndRegisterRequest(
            cardTemplateCode: 0, userFields: UserFields(username: username, password: password))
        let log = self.log
        registrar.registerGuest(request, deviceToken: deviceToken) { result in
            switch result {
            case .success(let signUp): log.record("signed up \(signUp.result)")
            case .failure(let error): log.record("sign-up failed \(error)")
            }
            done()
        }
    }

    /// Step "for guests logging into the app".
    func logIn(username: String, password: String, deviceToken: Data, done: @escaping @Sendable () -> Void) {
        let log = self.log
        registrar.loginAndRegisterDevice(username: username, password: password, deviceToken: deviceToken) { result in
            switch result {
            case .success(let outcome): log.record("device \(outcome)")
            case .failure(let error): log.record("login failed \(error)")
            }
            done()
        }
    }
}
