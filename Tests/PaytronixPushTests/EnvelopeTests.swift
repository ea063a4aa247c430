import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import PaytronixPush

@Suite("Result envelope decoding")
struct EnvelopeTests {
    func call(_ response: HTTPResponse) async -> PaytronixError? {
        let transport = InMemoryTransport { _ in response }
        do throws(PaytronixError) {
            _ = try await Fixture.client(transport).accountInformation(
                printedCardNumber: nil, authentication: .oauth(accessToken: "t"))
            return nil
        } catch {
            return error
        }
    }

    @Test func failureCarriesCodeMessageFieldsAndStatus() async {
        let error = await call(
            .json(
                400,
                #"{"result":"failure","errorCode":"enrollment.not_unique","errorMessage":"username is already in use","errorsByField":{"setUserFields.username":["username is already in use"],"setUserFields.email":"email is not a valid address"}}"#
            ))
        #expect(
            error
                == .failure(
                    code: "enrollment.not_unique", message: "username is already in use",
                    fieldErrors: [
                        "setUserFields.username": ["username is already in use"],
                        "setUserFields.email": ["email is not a valid address"],
                    ], httpStatus: 400))
        #expect(error?.errorCode == "enrollment.not_unique")
        #expect(error?.isInvalidToken == false)
    }

    @Test func invalidTokenIsRecognised() async {
        let error = await call(
            .json(
                401,
                #"{"result":"failure","errorCode":"oauth.invalid_token","errorMessage":"The access token is invalid or has expired"}"#
            ))
        #expect(error?.isInvalidToken == true)
    }

    @Test func invalidStatusIsItsOwnCase() async {
        #expect(
            await call(.json(200, #"{"result":"invalid_status","accountStatus":"DISABLED"}"#))
                == .invalidStatus(accountStatus: "DISABLED"))
    }

    @Test func successIsDecodedEvenWithAnUnusualStatus() async {
        #expect(await call(.json(201, Fixture.accountInformation())) == nil)
    }

    @Test func nonEnvelopeBodiesAreInvalidResponses() async {
        #expect(
            await call(HTTPResponse(statusCode: 502, body: Data("<html>bad gateway</html>".utf8)))
                == .invalidResponse(statusCode: 502, body: "<html>bad gateway</html>"))
        #expect(
            await call(.json(200, #"{"result":"maybe"}"#))
                == .invalidResponse(statusCode: 200, body: #"{"result":"maybe"}"#))
        #expect(
            await call(.json(200, #"{"status":"ok"}"#)) == .invalidResponse(statusCode: 200, body: #"{"status":"ok"}"#))
    }

    @Test func accountInformationIsDecoded() async throws {
        let body = Fixture.accountInformation(
            externalAccounts:
                #"[{"appIdentifier":"com.example.pushapp","accountCode":"ABCD","integrationDetail":"d","integration":"sandbox-ios"}]"#
        )
        let transport = InMemoryTransport { _ in .json(200, body) }
        let info = try await Fixture.client(transport).accountInformation(
            printedCardNumber: nil, authentication: .oauth(accessToken: "t"))
        #expect(info.accountStatus == "ACTIVE")
        #expect(info.primaryCard?.printedCardNumber == "9990000000001")
        #expect(
            info.fields.externalAccounts == [
                ExternalAccount(
                    accountCode: "ABCD", integration: "sandbox-ios", integrationDetail: "d",
                    appIdentifier: "com.example.pushapp")
            ])
        #expect(info.raw["registrationStatus"] == "REGISTERED")
    }
}
