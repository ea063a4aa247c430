import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// What an Order API request says about its caller before the database is consulted: the Basic-auth key
/// (A1 fails here) and the requested API version, if any.
struct ButtonCredentials: Sendable {
    let key: String
    let requestedVersion: String?

    /// A1: a Basic `Authorization` header whose username is the key (a password, if any, is ignored);
    /// an undecodable one is an invalid key (A2).
    init(_ request: SandboxRequest) throws {
        // Read on the header's UTF-8 bytes: every Order API request passes here, and Foundation's trimming
        // and substring calls bridged through NSString at about a tenth of the route's own time.
        guard let header = request.headers["Authorization"] else { throw ButtonError.missingKey }
        let bytes = Self.trimmingSpaces(header.utf8[...])
        let scheme = Array("basic ".utf8)
        guard bytes.count >= scheme.count,
            // ASCII letters compare without case (0x20 is the case bit); the space must be a space.
            zip(bytes.prefix(scheme.count), scheme).allSatisfy({ $1 == 0x20 ? $0 == 0x20 : $0 | 0x20 == $1 })
        else { throw ButtonError.missingKey }
        let encoded = Self.trimmingSpaces(bytes.dropFirst(scheme.count))
        guard let data = Data(base64Encoded: Data(encoded)), let decoded = String(validating: data, as: UTF8.self)
        else { throw ButtonError.invalidKey }
        key = String(decoded.prefix { $0 != ":" })
        requestedVersion = request.headers["X-Button-API-Version"]
    }

    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    private static func trimmingSpaces(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    /// A2 (the key names an organisation) then H1 (a requested version is a date label), inside the
    /// database visit the operation makes anyway, so authenticating costs no extra hand-off.
    func caller(in db: Database) throws -> ButtonCaller {
        guard !key.isEmpty, let organization = try ButtonAccountStore.organization(db, apiKey: key) else {
            throw ButtonError.invalidKey
        }
        var version = organization.apiVersion
        if let requestedVersion {
            let label = requestedVersion.trimmingCharacters(in: .whitespaces)
            guard ButtonFormats.isVersionLabel(label) else {
                throw ButtonError.invalid(
                    field: "X-Button-API-Version", "X-Button-API-Version must be a date label such as 2018-02-13")
            }
            version = label
        }
        return ButtonCaller(organization: organization, apiVersion: version)
    }
}

/// The authenticated caller of an Order API request.
struct ButtonCaller: Sendable {
    let organization: ButtonOrganization
    /// The effective API version: the request's `X-Button-API-Version`, else the organisation's pinned one.
    let apiVersion: String

    var requiresPurchaseDate: Bool { apiVersion >= "2018-02-13" }
    var headers: HTTPHeaders { ["X-Button-API-Version": apiVersion] }

    /// Runs `body` on the caller's behalf: a Button error it throws leaves the database visit carrying
    /// this caller's version echo, which the route cannot know once authentication moved inside the visit.
    func answering<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as ButtonError {
            for field in headers where error.headers[field.name] == nil { error.headers[field.name] = field.value }
            throw error
        }
    }
}

/// An operation's answer and the caller it was given to.
struct ButtonAnswer<Value: Sendable>: Sendable {
    let value: Value
    let caller: ButtonCaller
}
