import CommerceCore
import Foundation
import Testing

@testable import ButtonSandbox
@testable import CommerceSandbox
@testable import SandboxCore

/// How an Order API request's `Authorization` header becomes the caller's key (A1, A2), read byte by byte.
@Suite struct ButtonCredentialsTests {
    private func credentials(_ authorization: String?, version: String? = nil) throws -> ButtonCredentials {
        var headers: HTTPHeaders = [:]
        if let authorization { headers["Authorization"] = authorization }
        if let version { headers["X-Button-API-Version"] = version }
        return try ButtonCredentials(SandboxRequest(method: .post, rawPath: "/v1/order", headers: headers))
    }

    /// The message of the Button error a header is refused with, or `nil` when it is accepted.
    private func refusal(_ authorization: String?) -> String? {
        do {
            _ = try credentials(authorization)
            return nil
        } catch let error as ButtonError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    private func basic(_ userAndPassword: String) -> String {
        Data(userAndPassword.utf8).base64EncodedString()
    }

    @Test func theUsernameIsTheKeyAndAPasswordIsIgnored() throws {
        #expect(try credentials("Basic " + basic("sk-sandbox:")).key == "sk-sandbox")
        #expect(try credentials("Basic " + basic("sk-sandbox:secret:with:colons")).key == "sk-sandbox")
        #expect(try credentials("Basic " + basic("sk-sandbox")).key == "sk-sandbox")
        #expect(try credentials("Basic " + basic(":only-a-password")).key == "")
    }

    @Test func theSchemeIsCaseInsensitiveAndSpacesAndTabsAroundAreIgnored() throws {
        let token = basic("sk-sandbox:")
        for header in [
            "basic \(token)", "BASIC \(token)", " \tBasic \(token)\t ", "Basic   \(token)", "bAsIc \t\(token)",
        ] {
            #expect(try credentials(header).key == "sk-sandbox", "\(header)")
        }
    }

    @Test func aKeyKeepsItsUnicode() throws {
        #expect(try credentials("Basic " + basic("clé-💳:x")).key == "clé-💳")
    }

    @Test func noBasicHeaderIsAMissingKey() {
        for header in [
            nil, "", "Basic", "Basic \t ", "Bearer sk-sandbox", "Basi c2stc2FuZGJveDo=", "Basicc2stc2FuZGJveDo=",
            "Basic\u{0}c2stc2FuZGJveDo=",
        ] {
            #expect(refusal(header) == ButtonError.missingKey.message, "\(header ?? "no header")")
        }
    }

    @Test func anUndecodableTokenIsAnInvalidKey() {
        let notUTF8 = Data([0x73, 0x6B, 0xFF, 0xFE, 0x3A]).base64EncodedString()
        for header in ["Basic !!!", "Basic c2stc2FuZGJveDo", "Basic " + notUTF8] {
            #expect(refusal(header) == ButtonError.invalidKey.message, "\(header)")
        }
    }

    @Test func theRequestedVersionIsCarried() throws {
        #expect(try credentials("Basic " + basic("k:"), version: "2018-02-13").requestedVersion == "2018-02-13")
        #expect(try credentials("Basic " + basic("k:")).requestedVersion == nil)
    }

    @Test func aPathIsDecodedOnlyWhenItHoldsAnEscape() {
        #expect(SandboxRequest(method: .get, rawPath: "/v1/order/plain-id").path == "/v1/order/plain-id")
        #expect(SandboxRequest(method: .get, rawPath: "/v1/order/a%20b%2Fc").path == "/v1/order/a b/c")
        #expect(SandboxRequest(method: .get, rawPath: "/v1/order/100%").path == "/v1/order/100%")
    }
}
