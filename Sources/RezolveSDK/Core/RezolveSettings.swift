import CommerceCore
import Foundation

/// Settings of the SSP engagement services (acts, resolver, geozones). Stored now; the SSP features arrive in part 2.
///
/// The seed and Rezolve's sample app disagree on the fields, so both initialisers exist. The sample app has no
/// separate secret and uses its `apiKey` as the OAuth client secret.
public struct SspActManagerSettings: Sendable, Equatable {
    /// Client id of the app at Rezolve's OAuth proxy.
    public let auth0ClientId: String
    /// Client secret used when asking the proxy for an SSP bearer token.
    public let auth0Secret: String
    /// Audience the SSP bearer token is requested for.
    public let auth0Audience: String
    /// Base URL of the OAuth proxy.
    public let auth0Endpoint: String
    /// Base URL of the engagement service.
    public let sspEndpoint: String
    /// Base URL for act submissions; the engagement service unless given.
    public let sspActEndpoint: String
    /// Target width in pixels for choosing SSP images, as text (the seed passes a string); never sent.
    public let sspWidth: String
    /// ``sspWidth`` as a number, when it is one.
    public var sspWidthPixels: Int? { Int(sspWidth.trimmingCharacters(in: .whitespaces)) }
    /// Accepted for source compatibility; CommerceKit does not use Baidu's SDK.
    public let baiduLocationKey: String?

    /// The seed's form.
    public init(
        auth0ClientId: String, auth0Secret: String, auth0Audience: String, auth0Endpoint: String,
        sspEndpoint: String, sspWidth: String, baiduLocationKey: String?
    ) {
        self.auth0ClientId = auth0ClientId
        self.auth0Secret = auth0Secret
        self.auth0Audience = auth0Audience
        self.auth0Endpoint = auth0Endpoint
        self.sspEndpoint = sspEndpoint
        self.sspActEndpoint = sspEndpoint
        self.sspWidth = sspWidth
        self.baiduLocationKey = baiduLocationKey
    }

    /// The sample app's form: `apiKey` doubles as the OAuth client secret.
    public init(
        apiKey: String, auth0ClientId: String, auth0Audience: String, auth0Endpoint: String,
        sspEndpoint: String, sspActEndpoint: String?, sspWidth: String
    ) {
        self.auth0ClientId = auth0ClientId
        self.auth0Secret = apiKey
        self.auth0Audience = auth0Audience
        self.auth0Endpoint = auth0Endpoint
        self.sspEndpoint = sspEndpoint
        self.sspActEndpoint = sspActEndpoint ?? sspEndpoint
        self.sspWidth = sspWidth
        self.baiduLocationKey = nil
    }
}

/// Settings of Rezolve's RXP smart-trigger service. Accepted and stored only; RXP is outside CommerceKit's scope.
public struct RXPManagerSettings: Sendable, Equatable {
    /// Base URL of the RXP service.
    public let rxpEndpoint: String
    /// Keeps the RXP address; nothing is sent to it.
    public init(rxpEndpoint: String) { self.rxpEndpoint = rxpEndpoint }
}

/// Converts between the coordinate system the app's locations use and WGS-84, which the services expect.
public struct CoordinatesConverter: Sendable {
    /// Which system the app's coordinates are in.
    public enum System: String, Sendable { case wgs84, bd09, custom }

    /// Which system the app's coordinates are in.
    public let system: System
    /// Turns an app location into WGS-84.
    public let toWGS84: @Sendable (RezolveLocation) -> RezolveLocation
    /// Turns a WGS-84 location into the app's system.
    public let fromWGS84: @Sendable (RezolveLocation) -> RezolveLocation

    /// A converter for a system of the app's own.
    public init(
        toWGS84: @escaping @Sendable (RezolveLocation) -> RezolveLocation,
        fromWGS84: @escaping @Sendable (RezolveLocation) -> RezolveLocation
    ) {
        self.init(system: .custom, toWGS84: toWGS84, fromWGS84: fromWGS84)
    }

    private init(
        system: System, toWGS84: @escaping @Sendable (RezolveLocation) -> RezolveLocation,
        fromWGS84: @escaping @Sendable (RezolveLocation) -> RezolveLocation
    ) {
        self.system = system
        self.toWGS84 = toWGS84
        self.fromWGS84 = fromWGS84
    }

    /// Locations are already WGS-84.
    public static let `default` = CoordinatesConverter(system: .wgs84, toWGS84: { $0 }, fromWGS84: { $0 })

    /// Locations arrive in Baidu's BD-09 (spec §5.9): the nearby-engagements engine converts them to WGS-84
    /// for its distance maths and sends zone queries in BD-09 with `area.coordinatestype=BD09`.
    public static let baidu = CoordinatesConverter(
        system: .bd09,
        toWGS84: { RezolveLocation(ChinaCoordinateTransform.bd09ToWGS84(GeoPoint($0))) },
        fromWGS84: { RezolveLocation(ChinaCoordinateTransform.wgs84ToBD09(GeoPoint($0))) })
}

extension GeoPoint {
    init(_ location: RezolveLocation) { self.init(latitude: location.latitude, longitude: location.longitude) }
}

extension RezolveLocation {
    init(_ point: GeoPoint) { self.init(longitude: point.longitude, latitude: point.latitude) }
}
