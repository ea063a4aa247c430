import Foundation
import RezolvePartnerServer
import RezolveSDK

/// Where the Rezolve samples report what their callbacks saw, as a stream a test can await event by event. An app
/// would update its screens here instead.
final class RezolveSampleLog: Sendable {
    let events: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() {
        (events, continuation) = AsyncStream.makeStream(of: String.self)
        _ = MainQueueTag.shared
    }

    func record(_ event: String) { continuation.yield(event) }

    /// Whether the caller runs on the main thread or on the main queue, where the main actor's jobs run. On Linux,
    /// once an async `main` has called `dispatch_main()`, another thread drains the main queue, so
    /// `Thread.isMainThread` alone is false even inside main-actor callbacks.
    static var onMain: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: MainQueueTag.shared.key) == true
    }
}

/// Marks the main queue, so code can tell that it runs there.
// @unchecked: the key is a constant made once; Dispatch only compares its identity.
private final class MainQueueTag: @unchecked Sendable {
    static let shared = MainQueueTag()
    let key = DispatchSpecificKey<Bool>()

    private init() { DispatchQueue.main.setSpecific(key: key, value: true) }
}

/// "Create the Session": the SDK made with the document's initialiser, then a session opened with the login JWT in
/// each form the document and the sample app use.
final class RezolveLoginScreen {
    private let apiKey: String
    private let environment: RezolveEnv
    private let partnerId: String
    private(set) var sdk: Rezolve?

    init(apiKey: String, environment: RezolveEnv, partnerId: String) {
        self.apiKey = apiKey
        self.environment = environment
        self.partnerId = partnerId
    }

    /// The document's initialiser; `config: nil` in the document means the defaults.
    @discardableResult
    func setUpSDK(config: RezolveConfig?) -> Rezolve {
        let sdk = Rezolve(
            apiKey: apiKey,
            partnerId: partnerId,
            subPartnerId: nil,
            environment: environment,
            config: config,
            sspActManagerSettings: nil,
            coordinatesConverter: .default)
        self.sdk = sdk
        return sdk
    }

    /// The sample app's initialiser, which also takes the RXP settings.
    func setUpSDKWithRxp(config: RezolveConfig?, sspSettings: SspActManagerSettings?) -> Rezolve {
        let sdk = Rezolve(
            apiKey: apiKey, partnerId: partnerId, subPartnerId: nil, environment: environment, config: config,
            sspActManagerSettings: sspSettings,
            rxpManagerSettings: RXPManagerSettings(rxpEndpoint: "https://rxp.example.com"),
            coordinatesConverter: CoordinatesConverter.default)
        self.sdk = sdk
        return sdk
    }

    /// `createSession(accessToken:username:entityId:partnerId:)` with the `(session, error)` callback.
    func logIn(accessToken: String, entityId: String, log: RezolveSampleLog) {
        sdk?.createSession(accessToken: accessToken, username: "", entityId: entityId, partnerId: partnerId) {
            (session, error) in
            if let session = session {
                log.record("session \(session.entityId)")
            } else {
                log.record("session failed \(error?.message ?? "")")
            }
        }
    }

    /// The same with the app's own user id.
    func logIn(accessToken: String, entityId: String, userId: String, log: RezolveSampleLog) {
        sdk?.createSession(
            accessToken: accessToken, username: "ana", userId: userId, entityId: entityId, partnerId: partnerId
        ) { session, error in
            log.record(
                session.map { "session \($0.userId ?? "") \($0.username)" } ?? "failed \(String(describing: error))")
        }
    }

    /// The legacy form with a success and an error callback, from the renewal sample.
    func logInLegacy(accessToken: String, entityId: String, log: RezolveSampleLog) {
        sdk?.createSession(
            accessToken: accessToken, entityId: entityId, partnerId: partnerId,
            callback: { rezolveSession in
                log.record("session \(rezolveSession.entityId)")
            },
            errorCallback: { error in
                log.record("session failed \(error.statusCode)")
            })
    }

    /// The async form.
    func logIn(accessToken: String, entityId: String) async throws -> RezolveSession {
        guard let sdk = sdk else { throw RezolveError.invalidInput(field: "sdk", reason: "set it up first") }
        return try await sdk.createSession(accessToken: accessToken, entityId: entityId, partnerId: partnerId)
    }
}

// MARK: - Handling JWT expiration and session preservation

/// The document's `Result<T>` of the renewal sample (named apart from Swift's `Result`): a value, or the error
/// response of the SDK's legacy callback.
enum RezolveRenewalResult<Value> {
    case success(Value)
    case failure(HttpResponse)
}

/// The document's `TokenRenewProtocol`. The result arrives from the SDK's callbacks, on the main actor.
protocol RezolveTokenRenewProtocol: AnyObject, Sendable {
    func renewToken(result: @escaping @MainActor (RezolveRenewalResult<RezolveSession>) -> Void)
}

/// Stands in for the partner's own authentication server of the renewal sample: it reads the device profile the
/// app posts and answers `{"access_token": …}` with a login JWT for that device, minted by `RezolvePartnerServer`.
struct RezolvePartnerAuthServer: Sendable {
    let minter: RezolveJWTMinter
    let partnerEntityId: String
    /// The server's "now"; the token is valid for 30 minutes after it.
    let now: @Sendable () -> Date

    /// Answers on a background queue, as a `URLSession` data task would.
    func post(_ body: Data, completion: @escaping @Sendable (Data?, Int) -> Void) {
        let minter = self.minter
        let partnerEntityId = self.partnerEntityId
        let expiresAt = now().addingTimeInterval(1800)
        DispatchQueue.global().async {
            guard let json = try? JSONSerialization.jsonObject(with: body, options: []) as? [String: String],
                let deviceId = json["device_id"], let entityId = json["entityId"]
            else {
                completion(nil, 400)
                return
            }
            let token = minter.loginToken(
                entityId: entityId, partnerEntityId: partnerEntityId, deviceId: deviceId, expiresAt: expiresAt)
            let answer = try? JSONSerialization.data(withJSONObject: ["access_token": token], options: [])
            completion(answer, 200)
        }
    }
}

/// The document's `AuthService`: sends the device profile and ids to the partner's server, then creates a new
/// session with the access token it answers.
final class RezolveAuthService: RezolveTokenRenewProtocol {
    let rezolveSdk: Rezolve?
    let authServer: RezolvePartnerAuthServer
    let entityId: String
    let partnerId: String

    init(rezolveSdk: Rezolve?, authServer: RezolvePartnerAuthServer, entityId: String, partnerId: String) {
        self.rezolveSdk = rezolveSdk
        self.authServer = authServer
        self.entityId = entityId
        self.partnerId = partnerId
    }

    /// The body the sample posts: the `DeviceProfile` fields and the two ids.
    func renewalBody() throws -> Data {
        guard let device: DeviceProfile = rezolveSdk?.deviceProfile else {
            throw RezolveError.invalidInput(field: "rezolveSdk", reason: "missing")
        }
        let dictionary: [String: String] = [
            "device_id": device.deviceId,
            "make": device.make,
            "os_type": device.osType,
            "os_version": device.osVersion,
            "locale": device.locale,
            "entityId": entityId,
            "partnerId": partnerId,
        ]
        return try JSONSerialization.data(withJSONObject: dictionary, options: [.sortedKeys])
    }

    func renewToken(result: @escaping @MainActor (RezolveRenewalResult<RezolveSession>) -> Void) {
        guard let body = try? renewalBody() else {
            preconditionFailure("Payload conversion to Data failed")
        }
        authServer.post(body) { data, statusCode in
            if statusCode == 200, let responseData = data,
                let jsonDictionary = try? JSONSerialization.jsonObject(with: responseData, options: [])
                    as? [String: Any],
                let accessToken = jsonDictionary["access_token"] as? String
            {
                // Create a new session with the received access token (from the data task's thread).
                self.rezolveSdk?.createSession(
                    accessToken: accessToken,
                    entityId: self.entityId,
                    partnerId: self.partnerId,
                    callback: { rezolveSession in
                        result(.success(rezolveSession))
                    },
                    errorCallback: { error in
                        result(.failure(error))
                    })
            }
        }
    }
}

/// The document's `AddressBookViewController`: fetches the address book and, on a 401, renews the token once and
/// tries again with the new session. Sendable, because its callbacks (on the main actor) use `self`.
final class RezolveAddressBookScreen: Sendable {
    let authService: (any RezolveTokenRenewProtocol)?
    let log: RezolveSampleLog

    init(authService: (any RezolveTokenRenewProtocol)?, log: RezolveSampleLog) {
        self.authService = authService
        self.log = log
    }

    func attemptToGetAddressBook(session: RezolveSession, retryOnFail: Bool) {
        session.addressbookManager.getAll(
            callback: { addressList in
                self.log.record("address book \(addressList.count) retried=\(!retryOnFail)")
            },
            errorCallback: { httpResponse in
                if retryOnFail && httpResponse.statusCode == 401 {
                    self.log.record("renewing after \(httpResponse.statusCode)")
                    self.authService?.renewToken { result in
                        switch result {
                        case .success(let newSession):
                            // Retries with the new session.
                            self.attemptToGetAddressBook(session: newSession, retryOnFail: false)
                        case .failure(let error):
                            debugPrint(error)
                            self.log.record("renewal failed \(error.statusCode)")
                        }
                    }
                } else {
                    self.log.record("address book failed \(httpResponse.statusCode)")
                }
            })
    }
}
