import Foundation

/// The errors ButtonMerchant reports to its callers.
public enum ButtonMerchantError: Error, Equatable, Sendable, LocalizedError {
    /// A network call was made while no valid application id was configured.
    case noApplicationId
    /// `configure` received an id that does not look like `app-…`. Only logged, never handed to a completion.
    case invalidApplicationId(String)
    /// An event batch was empty, so nothing was sent.
    case noEvents
    /// An order report failed: a status other than 200, or (`statusCode == nil`) no HTTP response at all
    /// after every attempt.
    case network(statusCode: Int?)

    /// A one-line English explanation for logs and alerts; `network` leaves out the status code, which the case carries.
    public var errorDescription: String? {
        switch self {
        case .noApplicationId:
            "Application Id is required via ButtonMerchant.configure(applicationId:)."
        case .invalidApplicationId(let id):
            "Application Id '\(id)' is not valid."
        case .noEvents:
            "No events to report"
        case .network:
            "The order report failed."
        }
    }
}

/// The 1.8.0 name of the configuration error, kept so `ConfigurationError.noApplicationId` still compiles.
@available(*, deprecated, renamed: "ButtonMerchantError")
public typealias ConfigurationError = ButtonMerchantError
