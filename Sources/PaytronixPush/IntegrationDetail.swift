import CommerceCore
import Foundation

#if canImport(UIKit)
import UIKit
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The device description Paytronix keeps with each external account, written in the seed's pipe format:
/// `os=…|osversion=…|device=…|merchantId=…|integrator=…|version=…`.
public struct IntegrationDetail: Sendable, Equatable, CustomStringConvertible {
    /// The operating system's name, as `UIDevice.systemName` reports it (`iOS` today).
    public var os: String
    /// The operating system's version, such as `17.4`.
    public var osVersion: String
    /// The device model, as `UIDevice.model` reports it (`iPhone`, `iPad`).
    public var device: String
    /// The Paytronix merchant the app belongs to.
    public var merchantId: Int
    /// The company that built the integration (the seed's own app uses `Paytronix`).
    public var integrator: String
    /// The version of the integration format, `12.0` by default.
    public var version: String

    /// Creates a detail from explicit values; ``current(merchantId:integrator:version:)`` reads the running device.
    public init(
        os: String, osVersion: String, device: String, merchantId: Int, integrator: String, version: String = "12.0"
    ) {
        self.os = os
        self.osVersion = osVersion
        self.device = device
        self.merchantId = merchantId
        self.integrator = integrator
        self.version = version
    }

    /// The running device's values: `UIDevice` on iOS (read on the main thread, whichever thread asks); on Linux
    /// `Linux`, the kernel version and the machine architecture, so the flows can run in tests and on servers.
    public static func current(merchantId: Int, integrator: String, version: String = "12.0") -> IntegrationDetail {
        #if canImport(UIKit)
        let (os, osVersion, model) = MainActorDelivery.read {
            let device = UIDevice.current
            return (device.systemName, device.systemVersion, device.model)
        }
        return IntegrationDetail(
            os: os, osVersion: osVersion, device: model, merchantId: merchantId, integrator: integrator,
            version: version)
        #else
        let osVersion = ProcessInfo.processInfo.operatingSystemVersion
        #if os(Linux)
        let osName = "Linux"
        #else
        let osName = "macOS"
        #endif
        return IntegrationDetail(
            os: osName,
            osVersion: "\(osVersion.majorVersion).\(osVersion.minorVersion).\(osVersion.patchVersion)",
            device: machineName(), merchantId: merchantId, integrator: integrator, version: version)
        #endif
    }

    private static func machineName() -> String {
        var info = utsname()
        guard uname(&info) == 0 else { return "unknown" }
        return withUnsafeBytes(of: &info.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Reads the pipe format. All six keys must be present with non-empty values and `merchantId` must be an
    /// integer; key names are case-sensitive and unknown keys are ignored.
    public init(parsing text: String) throws(PaytronixError) {
        var values: [String: String] = [:]
        for pair in text.split(separator: "|", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let key = String(pair[..<equals])
            if values[key] == nil { values[key] = String(pair[pair.index(after: equals)...]) }
        }
        let required = ["os", "osversion", "device", "merchantId", "integrator", "version"]
        let missing = required.filter { (values[$0] ?? "").isEmpty }
        guard missing.isEmpty else { throw .invalidIntegrationDetail("missing " + missing.joined(separator: ", ")) }
        guard let merchant = values["merchantId"].flatMap({ Int($0) }) else {
            throw .invalidIntegrationDetail("merchantId is not an integer")
        }
        self.init(
            os: values["os"] ?? "", osVersion: values["osversion"] ?? "", device: values["device"] ?? "",
            merchantId: merchant, integrator: values["integrator"] ?? "", version: values["version"] ?? "")
    }

    /// The pipe format, values trimmed and any `|` or `=` in them replaced by `_`.
    public var description: String {
        "os=\(Self.clean(os))|osversion=\(Self.clean(osVersion))|device=\(Self.clean(device))"
            + "|merchantId=\(merchantId)|integrator=\(Self.clean(integrator))|version=\(Self.clean(version))"
    }

    /// Trims a value and replaces the format's own separators so the string stays parseable.
    private static func clean(_ value: String) -> String {
        String(value.trimmingCharacters(in: .whitespacesAndNewlines).map { $0 == "|" || $0 == "=" ? "_" : $0 })
    }
}
