import CommerceCore
import Foundation
import SandboxTestSupport

@testable import CommerceSandbox
@testable import SandboxCore

/// An in-process sandbox (no sockets) with helpers for the ATH Móvil routes.
struct ATHMovilRig: RouterTestSupport {
    typealias Reply = RouterTestRig.Reply
    let rig: RouterTestRig

    init(_ options: SandboxOptions = .testing) throws {
        rig = try RouterTestRig(options)
    }

    @discardableResult
    func call(
        _ method: HTTPMethod, _ path: String, json: JSONValue? = nil, raw: String? = nil,
        headers: HTTPHeaders = [:]
    ) async throws -> Reply {
        var allHeaders = headers
        if json != nil { allHeaders["Content-Type"] = "application/json" }
        return try await rig.send(method, path, body: RouterTestRig.body(json: json, raw: raw), headers: allHeaders)
    }

    static let api = "/api/business-transaction/ecommerce"
    static let testStoreToken = "sbx-pub-0000000000000000000000000000000000000001"
    static let testStorePrivate = "sbx-prv-0000000000000000000000000000000000000001"

    /// Registers a secure payment; returns (ecommerceId, auth_token).
    func createPayment(
        token: String = "dummy", total: JSONValue = 20, timeout: Int64 = 600,
        extra: JSONObject = [:]
    ) async throws -> (String, String) {
        var body: JSONObject = [
            "env": "sandbox", "items": [], "metadata1": "", "metadata2": "", "phoneNumber": "",
            "publicToken": .string(token), "subtotal": 0, "tax": 0, "timeout": .integer(timeout), "total": total,
        ]
        for (key, value) in extra { body[key] = value }
        let reply = try await call(.post, Self.api + "/payment", json: .object(body))
        guard reply.status == 200, let id = reply.json["data"]?["ecommerceId"]?.stringValue,
            let token = reply.json["data"]?["auth_token"]?.stringValue
        else {
            throw RigError.unexpected(reply.text)
        }
        return (id, token)
    }

    /// The secure link the SDK would open.
    static func secureLink(_ id: String, token: String = "dummy", scheme: String = "athm-checkout") -> String {
        let data =
            #"{"ecommerceId":"\#(id)","expiresIn":600,"phoneNumber":"","publicToken":"\#(token)","scheme":"\#(scheme)","timeout":600,"version":"3.0"}"#
        return "/e-commerce/mobileSecure?transaction_data="
            + (data.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    static func legacyLink(
        _ kind: String = "mobileDummy", traceId: String, token: String = "dummy", total: Double = 20,
        expiresIn: Double = 600, extra: String = ""
    ) -> String {
        let data =
            #"{"expiresIn":\#(expiresIn),"items":[{"desc":"","description":"","metadata":"","name":"Test Item","price":20,"quantity":1}],"metadata1":"","metadata2":"","phoneNumber":"","publicToken":"\#(token)","scheme":"athm-checkout","subtotal":0,"tax":0,"total":\#(total),"traceId":"\#(traceId)","version":"3.0"\#(extra)}"#
        return "/e-commerce/\(kind)?transaction_data="
            + (data.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    func authorize(_ token: String) async throws -> Reply {
        try await call(.post, Self.api + "/authorization", json: [:], headers: ["Authorization": "Bearer \(token)"])
    }

    func find(_ id: String, token: String = "dummy") async throws -> Reply {
        try await call(
            .post, Self.api + "/business/findPayment",
            json: ["ecommerceId": .string(id), "publicToken": .string(token)])
    }
}

/// Decodes the `athm_payment_data` of a callback URL the way the SDK does (URLComponents, `+` kept).
func replyJSON(_ callbackURL: String) -> JSONValue? {
    guard
        let value = URLComponents(string: callbackURL)?.queryItems?.first(where: { $0.name == "athm_payment_data" })?
            .value
    else { return nil }
    return try? JSONValue.parse(value)
}

/// The error envelope's fields, for compact expectations.
func envelope(_ reply: ATHMovilRig.Reply) -> (Int, String?, String?) {
    (reply.status, reply.json["errorcode"]?.stringValue, reply.json["message"]?.stringValue)
}
