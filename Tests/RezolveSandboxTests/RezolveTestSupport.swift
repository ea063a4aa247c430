import CommerceCore
import Crypto
import Foundation
import SandboxTestSupport
import _CryptoExtras

@testable import CommerceSandbox
@testable import SandboxCore

/// An in-process sandbox with helpers that play the partner server (minting JWTs with swift-crypto) and
/// the SDK (headers, encrypted card data) against the Rezolve routes.
struct RezolveRig: RouterTestSupport {
    typealias Reply = RouterTestRig.Reply
    let rig: RouterTestRig

    static let apiKey = "5a4d1c2e-0000-4000-8000-000000000317"
    static let authKey = "commercekit-sandbox-partner-auth-key-0001"
    static let device = "5E0C1D7A-3B8E-4F4B-9C55-2D3A9F1B7C10"

    init(_ options: SandboxOptions = .testing) throws {
        rig = try RouterTestRig(options)
    }

    /// A registered customer's session as the SDK holds it.
    struct Session: Sendable {
        let entityId: String
        let partnerEntityId: String
        var token: String
        let publicKeyPEM: String
        var b1: String { "/api/v1/partner/317/customer/\(entityId)" }
        var b2: String { "/api/v2/partner/317/customer/\(entityId)" }
        var b3: String { "/api/v3/partner/317/customer/\(entityId)" }
        var b4: String { "/api/v4/partner/317/customer/\(entityId)" }
    }

    // MARK: JWTs (the partner server's job; fixed header and key order as spec §3.2)

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func sign(header: String, payload: String, key: String = authKey) -> String {
        let input = base64URL(Data(header.utf8)) + "." + base64URL(Data(payload.utf8))
        let mac = HMAC<SHA512>.authenticationCode(for: Data(input.utf8), using: SymmetricKey(data: Data(key.utf8)))
        return input + "." + base64URL(Data(mac))
    }

    static func registrationToken(_ partnerEntityId: String, exp: Int, key: String = authKey) -> String {
        sign(
            header: #"{"alg":"HS512","typ":"JWT"}"#,
            payload: #"{"rezolve_entity_id":":NONE:","partner_entity_id":"\#(partnerEntityId)","exp":\#(exp)}"#,
            key: key)
    }

    static func loginToken(
        _ entity: String, _ partnerEntityId: String, exp: Int, device: String = device,
        key: String = authKey
    ) -> String {
        sign(
            header: #"{"auth":"v2","alg":"HS512","typ":"JWT"}"#,
            payload:
                #"{"rezolve_entity_id":"\#(entity)","partner_entity_id":"\#(partnerEntityId)","exp":\#(exp),"device_id":"\#(device)"}"#,
            key: key)
    }

    var nowSeconds: Int { Int(context.clock.now().timeIntervalSince1970) }

    // MARK: Requests

    @discardableResult
    func call(
        _ method: HTTPMethod, _ path: String, json: JSONValue? = nil, raw: String? = nil,
        headers: HTTPHeaders = [:]
    ) async throws -> Reply {
        var all = headers
        all["Content-Type"] = "application/json"
        return try await rig.send(method, path, body: RouterTestRig.body(json: json, raw: raw), headers: all)
    }

    /// A customer call with the SDK's headers.
    @discardableResult
    func call(
        _ session: Session, _ method: HTTPMethod, _ path: String, json: JSONValue? = nil, raw: String? = nil,
        headers: HTTPHeaders = [:]
    ) async throws -> Reply {
        var all: HTTPHeaders = [
            "x-rezolve-partner-apikey": Self.apiKey, "Authorization": "Bearer \(session.token)",
            "x-rezolve-device-id": Self.device,
        ]
        for field in headers { all[field.name] = field.value }
        return try await call(method, path, json: json, raw: raw, headers: all)
    }

    func register(_ partnerEntityId: String, email: String = "user@example.com") async throws -> Reply {
        try await call(
            .post, "/api/v1/authentication/register", json: ["email": .string(email)],
            headers: [
                "x-rezolve-partner-apikey": Self.apiKey,
                "Authorization": "Bearer " + Self.registrationToken(partnerEntityId, exp: nowSeconds + 600),
            ])
    }

    /// Registers a customer and logs in with a 30-minute JWT; the session holds the public key.
    func session(_ partnerEntityId: String = "user-\(UUID().uuidString.prefix(8))") async throws -> Session {
        let registered = try await register(partnerEntityId)
        guard let entity = registered.json["entity_id"]?.stringValue else { throw RigError.unexpected(registered.text) }
        var session = Session(
            entityId: entity, partnerEntityId: partnerEntityId,
            token: Self.loginToken(entity, partnerEntityId, exp: nowSeconds + 1800), publicKeyPEM: "")
        let key = try await call(session, .get, session.b1 + "/publickey")
        guard let pem = key.json["public_key"]?.stringValue else { throw RigError.unexpected(key.text) }
        session = Session(entityId: entity, partnerEntityId: partnerEntityId, token: session.token, publicKeyPEM: pem)
        return session
    }

    /// RSA-OAEP-SHA256 for the customer's key, standard base64 (what the SDK sends as `pan` and `cvv`).
    static func encrypt(_ text: String, for pem: String) throws -> String {
        try publicKey(pem).encrypt(Data(text.utf8), padding: .PKCS1_OAEP_SHA256).base64EncodedString()
    }

    /// The customer's key as the sandbox answered it, built from its numbers like `CardEncryptor` does: a wrong
    /// answer must fail the test, not reach swift-crypto's PEM initialiser, which frees its key twice on a key
    /// BoringSSL refuses (Documentation/Reliability.md).
    static func publicKey(_ pem: String) throws -> _RSA.Encryption.PublicKey {
        guard let numbers = RSAPublicKeyNumbers(pem: pem) else { throw RigError.unexpected(pem) }
        return try _RSA.Encryption.PublicKey(n: numbers.modulus, e: numbers.exponent)
    }

    // MARK: Fixtures

    /// A phone, an address that uses it, and a card: (phoneId, addressId, cardId).
    func records(_ session: Session, pan: String = "4111111111111111", expiresOn: String = "1230") async throws
        -> (phone: String, address: String, card: String)
    {
        let phone = try await call(
            session, .post, session.b1 + "/phonebook", json: ["name": "Mobile", "phone": "7875550101"])
        let phoneId = try RigError.string(phone.json["id"], phone)
        let address = try await call(
            session, .post, session.b1 + "/addressbook",
            json: [
                "short_name": "Home", "full_name": "Ana Test", "line_1": "1 Main St", "city": "Brooklyn",
                "zip": "11225",
                "country": "USA", "country_alpha2": "US", "phone_id": .string(phoneId),
            ])
        let addressId = try RigError.string(address.json["id"], address)
        let card = try await call(
            session, .post, session.b1 + "/wallet",
            json: cardBody(
                session, pan: pan, addressId: addressId,
                expiresOn: expiresOn))
        let cardId = try RigError.string(card.json["id"], card)
        return (phoneId, addressId, cardId)
    }

    func cardBody(_ session: Session, pan: String, addressId: String, expiresOn: String = "1230") throws -> JSONValue {
        [
            "short_name": "Visa", "pan": .string(try Self.encrypt(pan, for: session.publicKeyPEM)),
            "pan6": .string(String(pan.prefix(6))),
            "pan4": .string(String(pan.suffix(4))), "brand": "visa", "type": "credit", "name_on_card": "Ana Test",
            "expires_on": .string(expiresOn), "address_id": .string(addressId), "valid_from": "0120",
        ]
    }

    static func line(_ id: Int, qty: Int = 1, options: [(String, String)] = [], custom: [(Int, [String])] = [])
        -> JSONValue
    {
        [
            "id": .integer(Int64(id)), "qty": .integer(Int64(qty)),
            "configurable_options": .array(options.map { ["code": .string($0.0), "value": .string($0.1)] }),
            "custom_options": .array(
                custom.map { ["option_id": .integer(Int64($0.0)), "value": .array($0.1.map(JSONValue.string))] }),
        ]
    }

    /// Options for one product, then checkout: returns (optionId, checkout reply).
    func checkout(
        _ session: Session, merchant: String = "12", line: JSONValue, shipping: JSONValue?,
        payment: String
    ) async throws -> (String, Reply) {
        let options = try await call(session, .post, session.b4 + "/merchant/\(merchant)/options", json: line)
        let optionId = try RigError.string(options.json["id"], options)
        var body: JSONObject = ["payment_method": ["type": .string(payment)]]
        if let shipping { body["shipping_method"] = shipping }
        let reply = try await call(
            session, .post, session.b3 + "/merchant/\(merchant)/checkout/\(optionId)", json: .object(body))
        return (optionId, reply)
    }

    /// A cart of one product at merchant 12 and the option session priced for it: (cart id, option id).
    func cartWithOption(_ session: Session, product: Int = 7) async throws -> (String, String) {
        let cart = try await call(
            session, .post, session.b1 + "/merchant/12/cart", json: ["product": Self.line(product)])
        let cartId = try RigError.string(cart.json["id"], cart)
        let options = try await call(session, .post, session.b4 + "/merchant/12/cart/\(cartId)/options", json: [:])
        return (cartId, try RigError.string(options.json[0]?["id"], options))
    }

    /// Checks out a cart's option with a card payment, shipped flat rate to `addressId`.
    func checkoutCart(_ session: Session, cartId: String, optionId: String, addressId: String) async throws -> Reply {
        try await call(
            session, .post, session.b3 + "/merchant/12/cart/\(cartId)/checkout/\(optionId)",
            json: [
                "payment_method": ["type": "spgateway"],
                "shipping_method": ["type": "flatrate", "address_id": .string(addressId)],
            ])
    }

    func cardPayment(_ session: Session, card: String, phone: String, cvv: String = "123") throws -> JSONValue {
        [
            "payment_method": [
                "type": "spgateway", "pay_with": .string(card),
                "cvv": .string(try Self.encrypt(cvv, for: session.publicKeyPEM)),
                "phone_id": .string(phone),
            ]
        ]
    }

    /// The `{"errors":[{…}]}` triple of a reply: (code, type, message).
    static func error(_ reply: Reply) -> (String?, String?, String?) {
        let first = reply.json["errors"]?[0]
        return (first?["code"]?.stringValue, first?["type"]?.stringValue, first?["message"]?.stringValue)
    }
}

extension RigError {
    static func string(_ value: JSONValue?, _ reply: RouterTestRig.Reply) throws -> String {
        guard let text = value?.stringValue else { throw RigError.unexpected("\(reply.status) \(reply.text)") }
        return text
    }
}
