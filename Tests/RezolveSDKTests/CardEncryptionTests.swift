import CommerceCore
import CommerceTesting
import Crypto
import Foundation
import Testing
import _CryptoExtras

@testable import RezolveSDK

@Suite("Card encryption and the wallet (§3.6, §6.8)")
struct CardEncryptionTests {
    static func decrypt(_ base64: String) throws -> String {
        let data = try #require(Data(base64Encoded: base64))
        return String(decoding: try Fixture.privateKey().decrypt(data, padding: .PKCS1_OAEP_SHA256), as: UTF8.self)
    }

    @Test func ciphertextIs344Base64CharactersAndDecryptsWithOAEPSHA256() throws {
        let encryptor = try CardEncryptor(publicKeyPEM: Fixture.publicKeyPEM)
        let first = try encryptor.encrypt("4111111111111111")
        #expect(first.count == 344)
        #expect(first.hasSuffix("="))
        #expect(try Self.decrypt(first) == "4111111111111111")
        #expect(try encryptor.encrypt("4111111111111111") != first)
        #expect(try Self.decrypt(try encryptor.encrypt("4111 1111-1111 1111")) == "4111111111111111")
    }

    @Test func aBadKeyIsAnEncryptionError() {
        #expect(throws: RezolveError.encryption("the customer's public key is not a usable RSA key")) {
            _ = try CardEncryptor(publicKeyPEM: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n")
        }
    }

    /// Keys that are well-formed but not usable RSA-2048+ keys are refused with the same error,
    /// and never reach swift-crypto's PEM initialiser (which frees its key twice on such input).
    @Test func aKeyOfAnotherKindOrSizeIsAnEncryptionError() throws {
        let refusal = RezolveError.encryption("the customer's public key is not a usable RSA key")
        let small = try _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024)).publicKey.pemRepresentation
        let pkcs1 = try _RSA.Encryption.PublicKey(pemRepresentation: Fixture.publicKeyPEM).pkcs1PEMRepresentation
        for pem in [P256.Signing.PrivateKey().publicKey.pemRepresentation, small, ""] {
            #expect(throws: refusal, "\(pem.prefix(40))") { _ = try CardEncryptor(publicKeyPEM: pem) }
        }
        // The PKCS#1 form of a usable key is taken, as swift-crypto's own PEM initialiser takes it.
        #expect(try Self.decrypt(try CardEncryptor(publicKeyPEM: pkcs1).encrypt("4111")) == "4111")
        #expect(RSAPublicKeyNumbers(pem: Fixture.publicKeyPEM)?.bitCount == 2048)
        #expect(RSAPublicKeyNumbers(pem: small)?.bitCount == 1024)
    }

    /// The numbers the encryptor builds its key from are the key's own, and a key of another algorithm has none.
    /// (The double free this avoids is silent most of the time, so no test can observe it directly; this checks
    /// the reading it is replaced with.)
    @Test func rsaPublicKeyNumbersAreTheKeysOwn() throws {
        let key = try _RSA.Encryption.PublicKey(pemRepresentation: Fixture.publicKeyPEM)
        let primitives = try key.getKeyPrimitives()
        let numbers = try #require(RSAPublicKeyNumbers(pem: Fixture.publicKeyPEM))
        #expect(numbers.modulus == Array(primitives.modulus.drop(while: { $0 == 0 })))
        #expect(numbers.exponent == Array(primitives.publicExponent.drop(while: { $0 == 0 })))
        #expect(RSAPublicKeyNumbers(pem: key.pkcs1PEMRepresentation) == numbers)
        #expect(RSAPublicKeyNumbers(subjectPublicKeyInfoDER: Array(key.derRepresentation)) == numbers)
        #expect(
            RSAPublicKeyNumbers(subjectPublicKeyInfoDER: Array(P256.Signing.PrivateKey().publicKey.derRepresentation))
                == nil)
        #expect(RSAPublicKeyNumbers(subjectPublicKeyInfoDER: Array(key.derRepresentation) + [0]) == nil)
        #expect(RSAPublicKeyNumbers(pem: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n") == nil)
    }

    static let cardAnswer =
        #"{"id":"card-1","short_name":"Visa","type":"credit","brand":"visa","name_on_card":"Ana","pan4":"1111","pan6":"411111","expires_on":"1230","valid_from":"0124","address_id":"A1"}"#

    @Test func walletCreateSendsOnlyCiphertextAndTheDerivedDigits() async throws {
        let transport = Fixture.transport { _ in .json(201, Self.cardAnswer) }
        let session = try await Fixture.session(transport)
        let card = PaymentCard(
            shortName: "Visa", type: "credit", brand: "visa", nameOnCard: "Ana",
            pan: "4111 1111-1111 1111", expiresOn: "12/30", validFrom: "01/24", addressId: "A1")
        let saved = try await session.walletManager.create(card)
        let request = try #require(transport.requests.last)
        #expect(request.method == .post)
        #expect(request.url.path == "/api/v1/partner/317/customer/E/wallet")
        let json = try JSONValue.parse(try #require(request.body))
        let pan = try #require(json["pan"]?.stringValue)
        #expect(pan.count == 344)
        #expect(try Self.decrypt(pan) == "4111111111111111")
        #expect(json["pan4"]?.stringValue == "1111")
        #expect(json["pan6"]?.stringValue == "411111")
        #expect(json["expires_on"]?.stringValue == "1230")
        #expect(json["valid_from"]?.stringValue == "0124")
        #expect(!request.bodyText.contains("4111111111111111"))
        #expect(!request.bodyText.contains("4111 1111"))
        #expect(saved.id == "card-1")
        #expect(saved.pan == nil)
        #expect(!card.description.contains("4111"))
        #expect(!"\(card)".contains("1111-1111"))
    }

    static let badCards: [(PaymentCard, String)] = [
        (PaymentCard(pan: "4111", expiresOn: "1230", addressId: "A1"), "pan"),
        (PaymentCard(pan: "4111-1111-1111-111x", expiresOn: "1230", addressId: "A1"), "pan"),
        (PaymentCard(pan: nil, expiresOn: "1230", addressId: "A1"), "pan"),
        (PaymentCard(pan: "4111111111111111", expiresOn: "1330", addressId: "A1"), "expiresOn"),
        (PaymentCard(pan: "4111111111111111", expiresOn: "12-30", addressId: "A1"), "expiresOn"),
        (PaymentCard(pan: "4111111111111111", expiresOn: "1230", validFrom: "2024", addressId: "A1"), "validFrom"),
    ]

    @Test(arguments: badCards)
    func invalidCardsFailLocally(card: PaymentCard, field: String) async throws {
        let transport = Fixture.transport { _ in .json(201, Self.cardAnswer) }
        let session = try await Fixture.session(transport)
        let before = transport.requests.count
        do {
            _ = try await session.walletManager.create(card)
            Issue.record("accepted an invalid card")
        } catch {
            guard case .invalidInput(let reported, _) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(reported == field)
        }
        #expect(transport.requests.count == before)
    }
}
