import Foundation

// Callback forms for code that does not use Swift concurrency. Each starts a task that runs the async form;
// the completion runs on that task's executor, not on the main thread.

extension PushRegistrar {
    /// Callback form of ``registerGuest(_:deviceToken:)``.
    nonisolated public func registerGuest(
        _ request: CreateAndRegisterRequest, deviceToken: Data?,
        completion: @escaping @Sendable (Result<CreateAndRegisterResult, PaytronixError>) -> Void
    ) {
        Task {
            completion(
                await Self.capture { () async throws(PaytronixError) in
                    try await self.registerGuest(request, deviceToken: deviceToken)
                })
        }
    }

    /// Callback form of ``loginAndRegisterDevice(username:password:deviceToken:)``.
    nonisolated public func loginAndRegisterDevice(
        username: String, password: String, deviceToken: Data,
        completion: @escaping @Sendable (Result<PushRegistrationOutcome, PaytronixError>) -> Void
    ) {
        Task {
            completion(
                await Self.capture { () async throws(PaytronixError) in
                    try await self.loginAndRegisterDevice(
                        username: username, password: password, deviceToken: deviceToken)
                })
        }
    }

    /// Callback form of ``ensureDeviceRegistered(deviceToken:printedCardNumber:)``.
    nonisolated public func ensureDeviceRegistered(
        deviceToken: Data, printedCardNumber: String? = nil,
        completion: @escaping @Sendable (Result<PushRegistrationOutcome, PaytronixError>) -> Void
    ) {
        Task {
            completion(
                await Self.capture { () async throws(PaytronixError) in
                    try await self.ensureDeviceRegistered(
                        deviceToken: deviceToken, printedCardNumber: printedCardNumber)
                })
        }
    }

    /// Callback form of ``deviceTokenDidChange(_:)``.
    nonisolated public func deviceTokenDidChange(
        _ deviceToken: Data,
        completion: @escaping @Sendable (Result<PushRegistrationOutcome?, PaytronixError>) -> Void
    ) {
        Task {
            completion(
                await Self.capture { () async throws(PaytronixError) in try await self.deviceTokenDidChange(deviceToken)
                })
        }
    }

    static func capture<T>(_ body: () async throws(PaytronixError) -> T) async -> Result<T, PaytronixError> {
        do throws(PaytronixError) { return .success(try await body()) } catch { return .failure(error) }
    }
}

extension GuestSession {
    /// Callback form of ``login(username:password:scope:)``.
    nonisolated public func login(
        username: String, password: String,
        completion: @escaping @Sendable (Result<Void, PaytronixError>) -> Void
    ) {
        Task {
            completion(
                await PushRegistrar.capture { () async throws(PaytronixError) in
                    try await self.login(username: username, password: password)
                })
        }
    }
}

extension PaytronixClient {
    /// Callback form of ``requestGuestToken(_:scope:)``.
    public func requestGuestToken(
        _ grant: GuestTokenGrant, scope: Set<OAuthScope> = Set(OAuthScope.allCases),
        completion: @escaping @Sendable (Result<OAuthTokens, PaytronixError>) -> Void
    ) {
        Task {
            completion(
                await PushRegistrar.capture { () async throws(PaytronixError) in
                    try await self.requestGuestToken(grant, scope: scope)
                })
        }
    }

    /// Callback form of ``createAndRegister(_:)``.
    public func createAndRegister(
        _ request: CreateAndRegisterRequest,
        completion: @escaping @Sendable (Result<CreateAndRegisterResult, PaytronixError>) -> Void
    ) {
        Task {
            completion(
                await PushRegistrar.capture { () async throws(PaytronixError) in
                    try await self.createAndRegister(request)
                })
        }
    }

    /// Callback form of ``accountInformation(printedCardNumber:authentication:)``.
    public func accountInformation(
        printedCardNumber: String?, authentication: PaytronixAuthentication,
        completion: @escaping @Sendable (Result<AccountInformation, PaytronixError>) -> Void
    ) {
        Task {
            completion(
                await PushRegistrar.capture { () async throws(PaytronixError) in
                    try await self.accountInformation(
                        printedCardNumber: printedCardNumber, authentication: authentication)
                })
        }
    }

    /// Callback form of ``editExternalAccounts(_:_:printedCardNumber:authentication:)``.
    public func editExternalAccounts(
        _ operation: ExternalAccountOperation, _ accounts: [ExternalAccount],
        printedCardNumber: String?, authentication: PaytronixAuthentication,
        completion: @escaping @Sendable (Result<Void, PaytronixError>) -> Void
    ) {
        Task {
            completion(
                await PushRegistrar.capture { () async throws(PaytronixError) in
                    try await self.editExternalAccounts(
                        operation, accounts, printedCardNumber: printedCardNumber,
                        authentication: authentication)
                })
        }
    }
}
