import CommerceCore
import Foundation
import Testing

@testable import PaytronixPush

@Suite("Device token and integrationDetail encoding (spec §6.1)")
struct EncodingTests {
    @Test func hexIsLowercaseTwoDigitsPerByte() throws {
        #expect(try PushToken.hexString(from: Data([0x00, 0x01, 0xAB, 0xFF])) == "0001abff")
        #expect(try PushToken.hexString(from: Fixture.token) == Fixture.tokenHex)
    }

    @Test func emptyAndOversizedTokensAreRejected() {
        #expect(throws: PaytronixError.invalidDeviceToken) { try PushToken.hexString(from: Data()) }
        #expect(throws: PaytronixError.invalidDeviceToken) {
            try PushToken.hexString(from: Data(repeating: 0, count: 101))
        }
    }

    @Test func integrationDetailMatchesTheSeedFormat() {
        #expect(
            Fixture.detail.description
                == "os=iOS|osversion=17.5|device=iPhone|merchantId=777777|integrator=examplecompany|version=12.0")
    }

    @Test func separatorsInsideValuesAreReplaced() {
        let detail = IntegrationDetail(
            os: " iOS ", osVersion: "17.5", device: "iPad|Pro", merchantId: 777777, integrator: "a=b")
        #expect(
            detail.description == "os=iOS|osversion=17.5|device=iPad_Pro|merchantId=777777|integrator=a_b|version=12.0")
    }

    @Test func parsesTheSeedExample() throws {
        let detail = try IntegrationDetail(
            parsing: "os=iPhone OS|osversion=8.3|device=iPhone|merchantId=777777|integrator=examplecompany|version=12.0"
        )
        #expect(
            detail
                == IntegrationDetail(
                    os: "iPhone OS", osVersion: "8.3", device: "iPhone", merchantId: 777777,
                    integrator: "examplecompany", version: "12.0"))
    }

    @Test func parsingNamesMissingKeys() {
        #expect(throws: PaytronixError.invalidIntegrationDetail("missing osversion, merchantId, integrator, version")) {
            try IntegrationDetail(parsing: "os=iOS|device=iPhone")
        }
        #expect(throws: PaytronixError.invalidIntegrationDetail("merchantId is not an integer")) {
            try IntegrationDetail(parsing: "os=iOS|osversion=1|device=x|merchantId=abc|integrator=i|version=1")
        }
    }

    @Test func currentDeviceProducesAParseableDetail() async throws {
        let detail = IntegrationDetail.current(merchantId: 777777, integrator: "examplecompany")
        let parsed = try IntegrationDetail(parsing: detail.description)
        #expect(parsed.merchantId == 777777)
        #expect(!parsed.device.isEmpty)
    }

    @Test func externalAccountComparesTokensCaseInsensitively() throws {
        let account = try ExternalAccount.apnsDevice(
            deviceToken: Fixture.token, integration: "sandbox-ios",
            integrationDetail: Fixture.detail, appIdentifier: "com.example.pushapp")
        var other = account
        other.accountCode = account.accountCode.uppercased()
        other.integrationDetail = "os=iOS|osversion=18.0|device=iPhone|merchantId=777777|integrator=x|version=12.0"
        #expect(account.isSameDevice(as: other))
        other.appIdentifier = "com.example.other"
        #expect(!account.isSameDevice(as: other))
    }

    @Test func basicHeaderVectors() {
        #expect(Fixture.configuration().basicAuthorization == "Basic c2FuZGJveC1pb3M6c2FuZGJveC1pb3Mtc2VjcmV0")
        let server = PaytronixConfiguration(
            baseURL: Fixture.baseURL, merchantId: 777777, clientId: "sandbox-server",
            clientSecret: "sandbox-server-secret")
        #expect(server.basicAuthorization == "Basic c2FuZGJveC1zZXJ2ZXI6c2FuZGJveC1zZXJ2ZXItc2VjcmV0")
    }
}
