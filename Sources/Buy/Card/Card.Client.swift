import CommerceCore
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Card {
    /// Sends card details to a card vault and returns the vault's token.
    ///
    /// The vault URL is the shop's `paymentSettings.cardVaultUrl`. The async ``vault(_:to:)`` throws a
    /// ``VaultError``; the seed's callback form returns a task you must `resume()` and calls back on
    /// ``callbackQueue``. Nothing a vault sends back can crash the client.
    public final class Client: Sendable {
        /// Called with the token, or with a ``VaultError`` as `error`.
        public typealias VaultCompletion = (_ token: String?, _ error: (any Error)?) -> Void

        /// Where the callback form's completion runs: the main queue on Apple platforms, a private
        /// serial queue on Linux.
        public let callbackQueue: DispatchQueue
        let transport: any HTTPTransport

        /// Creates a client over a `URLSession` (the seed's form). Cookies are never sent or stored.
        public convenience init(session: URLSession = URLSession(configuration: URLSessionTransport.withoutCookies())) {
            self.init(transport: URLSessionTransport(session: session))
        }

        /// Creates a client over any CommerceCore transport, calling back on `callbackQueue`.
        public init(transport: any HTTPTransport, callbackQueue: DispatchQueue? = nil) {
            self.transport = transport
            self.callbackQueue = callbackQueue ?? Graph.Client.defaultCallbackQueue
        }

        /// Vaults `creditCard` at `url` and returns the token to use as the payment's `vaultId`.
        ///
        /// Never retried. Cancelling the calling task stops the request and throws `.request` with a
        /// `CancellationError`.
        public func vault(_ creditCard: CreditCard, to url: URL) async throws(VaultError) -> String {
            let request = VaultRequest.make(creditCard, to: url)
            let response: HTTPResponse
            do {
                response = try await transport.send(request)
            } catch {
                throw .request(error)
            }
            if Task.isCancelled { throw .request(CancellationError()) }
            return try VaultRequest.token(from: response).get()
        }

        /// Prepares a vault request (the seed's form); nothing is sent until you call `resume()` on the
        /// returned task. `completion` runs once on ``callbackQueue`` and never after `cancel()`.
        public func vault(_ creditCard: CreditCard, to url: URL, completion: @escaping VaultCompletion) -> any GraphTask
        {
            let box = Graph.Unchecked(value: completion)
            return Graph.CallbackTask(queue: callbackQueue) { [self] task in
                Task {
                    let result: Result<String, VaultError>
                    do throws(VaultError) {
                        result = .success(try await self.vault(creditCard, to: url))
                    } catch {
                        result = .failure(error)
                    }
                    task.deliver {
                        switch result {
                        case .success(let token): box.value(token, nil)
                        case .failure(let error): box.value(nil, error)
                        }
                    }
                }
            }
        }
    }
}
