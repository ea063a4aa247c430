import CommerceCore
import Foundation

/// The app-side entry point of Button: attribution from deep links and deferred deep links, the
/// attribution token for your checkout, and in-app order and activity signals.
///
/// Call ``configure(applicationId:)`` once at launch. Every member is static and safe to call from any
/// thread. Network calls made before `configure` wait in memory and go out when it is called.
public enum ButtonMerchant {
    // MARK: Configuration

    /// Sets the app id (`app-…`) and sends any queued requests. Requests go to Button's production mobile
    /// API, also after an earlier ``configure(applicationId:environment:)`` chose another environment (under
    /// the test seam, to the environment given to it).
    ///
    /// An id that is not of the form `app-` plus letters and digits is logged and dropped; the library still
    /// counts as configured, and calls that need an id then fail with ``ButtonMerchantError/noApplicationId``.
    public static func configure(applicationId: String) {
        core.configure(applicationId: applicationId, environment: nil)
    }

    /// Like ``configure(applicationId:)``, sending every request, queued ones included, to `environment`.
    public static func configure(applicationId: String, environment: Environment) {
        core.configure(applicationId: applicationId, environment: environment)
    }

    // MARK: Attribution

    /// The attribution token (`btn_ref`) to send to your checkout API, or `nil` when the user was not
    /// referred. Read from storage on every access, so do not cache it.
    public static var attributionToken: String? { core.attributionToken }

    /// Stores the token carried by a deep link (custom scheme or universal link) and reports that the link
    /// was opened. Only Button's query parameters are reported; the others and the fragment are removed.
    public static func trackIncomingURL(_ url: URL) {
        core.trackIncomingURL(url)
    }

    #if canImport(Darwin)
    /// Tracks the web page URL of a universal link activity; an activity without one is ignored.
    public static func trackIncomingUserActivity(_ userActivity: NSUserActivity) {
        guard let url = userActivity.webpageURL else { return }
        trackIncomingURL(url)
    }
    #endif

    /// Fetches the deferred deep link of a new install (first twelve hours), at most once per install.
    /// Safe to call on every launch. Any token it brings is stored; route the user to the URL when there
    /// is one. Errors other than a missing app id are swallowed and give `(nil, nil)`. Called before
    /// ``configure(applicationId:)``, it waits for it, and fails with ``ButtonMerchantError/noApplicationId``
    /// only if that call brings no valid app id.
    public static func handlePostInstallURL(_ completion: @escaping @Sendable (URL?, Error?) -> Void) {
        Task {
            do {
                let url = try await handlePostInstallURL()
                CallbackQueue.deliver { completion(url, nil) }
            } catch {
                CallbackQueue.deliver { completion(nil, error) }
            }
        }
    }

    /// The async form of ``handlePostInstallURL(_:)``. Throws only ``ButtonMerchantError/noApplicationId``.
    public static func handlePostInstallURL() async throws -> URL? {
        try await core.handlePostInstallURL()
    }

    /// A new stream that yields every newly stored attribution token, in the same cases as the
    /// `Notification.Name.Button.AttributionTokenDidChange` notification.
    public static var attributionTokenUpdates: AsyncStream<String> { core.attributionTokenUpdates() }

    // MARK: Orders

    /// Reports an in-app purchase to Button with the stored attribution token. Retried on server errors
    /// and lost connections; the completion gets `nil` on success or a ``ButtonMerchantError``.
    ///
    /// This signal complements, and never replaces, server-side reporting through the Order API.
    public static func reportOrder(_ order: Order, completion: (@Sendable (Error?) -> Void)? = nil) {
        Task {
            let failure: Error?
            do {
                try await reportOrder(order)
                failure = nil
            } catch {
                failure = error
            }
            guard let completion else { return }
            CallbackQueue.deliver { completion(failure) }
        }
    }

    /// The async form of ``reportOrder(_:completion:)``; throws a ``ButtonMerchantError``.
    public static func reportOrder(_ order: Order) async throws {
        try await core.reportOrder(order)
    }

    // MARK: Data, events and activity

    /// Forgets the attribution token, the session and the post-install flag, and drops unsent requests.
    public static func clearAllData() {
        core.clearAllData()
    }

    /// Optional features. Returns a fresh object each time; nothing in it has an effect any more.
    public static var features: Configurable { Configurable() }

    /// Reports product views, add-to-cart and cart views.
    public static var activity: Activity { ActivityReporter(core: core) }

    /// Reports a custom app event, tagged with the stored attribution token.
    public static func reportEvent(_ name: String, properties: [String: String]? = nil) {
        core.reportEvent(name, properties: properties)
    }

    // MARK: State

    /// The running core, built on first use.
    static var core: ButtonCore { CoreHolder.shared.core }
}
