import CommerceCore
import Foundation
import Testing
import _CryptoExtras

@testable import CommerceSandbox

/// Profile, phone book, address book, wallet and favourites (spec §3.5.2), as journey J1 uses them.
@Suite struct RezolveRecordTests {
    @Test func recordsWalletAndProfile() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session, pan: "4111111111111111")
        #expect(try await rig.call(session, .get, session.b1 + "/phonebook").json["phones"]?.arrayValue?.count == 1)
        #expect(try await rig.call(session, .get, session.b1 + "/addressbook").json.arrayValue?.count == 1)
        let card = try await rig.call(session, .get, session.b1 + "/wallet/\(records.card)")
        #expect(card.json["pan4"] == "1111")
        #expect(card.json["pan6"] == "411111")
        #expect(card.json["pan"] == nil)
        #expect(!card.text.contains("4111111111111111"))

        let blocked = try await rig.call(session, .delete, session.b1 + "/addressbook/\(records.address)")
        #expect(RezolveRig.error(blocked).2 == "Address is in use by a credit card")
        #expect(try await rig.call(session, .delete, session.b1 + "/wallet/\(records.card)").status == 204)
        #expect(try await rig.call(session, .delete, session.b1 + "/addressbook/\(records.address)").status == 204)
        #expect(try await rig.call(session, .delete, session.b1 + "/phonebook/\(records.phone)").status == 204)
        #expect(try await rig.call(session, .get, session.b1 + "/wallet/\(records.card)").status == 404)

        let profile = try await rig.call(
            session, .put, session.b1 + "/profile",
            json: ["first_name": "Ana", "last_name": "Test", "use_data_for_marketing": true])
        #expect(profile.status == 200)
        #expect(profile.json["first_name"] == "Ana")
        #expect(profile.json["use_data_for_marketing"] == true)
        #expect(try await rig.call(session, .get, session.b1 + "/profile").json["last_name"] == "Test")
    }

    @Test func panChecks() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session)
        // Luhn failure, pan4 mismatch, and a ciphertext with another padding (OAEP-SHA1) are all refused.
        let luhn = try await rig.call(
            session, .post, session.b1 + "/wallet",
            json: try rig.cardBody(session, pan: "4111111111111112", addressId: records.address))
        #expect(RezolveRig.error(luhn).2 == "Validation error: [Invalid card number. - #/pan]")
        var mismatched =
            try rig.cardBody(session, pan: "4111111111111111", addressId: records.address).objectValue ?? [:]
        mismatched["pan4"] = "9999"
        let wrong4 = try await rig.call(session, .post, session.b1 + "/wallet", json: .object(mismatched))
        #expect(RezolveRig.error(wrong4).2 == "Validation error: [Does not match the card number. - #/pan4]")
        var otherPadding =
            try rig.cardBody(session, pan: "4111111111111111", addressId: records.address).objectValue ?? [:]
        otherPadding["pan"] = .string(
            try RezolveRig.publicKey(session.publicKeyPEM)
                .encrypt(Data("4111111111111111".utf8), padding: .PKCS1_OAEP).base64EncodedString())
        let sha1 = try await rig.call(session, .post, session.b1 + "/wallet", json: .object(otherPadding))
        #expect(RezolveRig.error(sha1).2 == "Validation error: [Unable to decrypt value. - #/pan]")
        let unknownAddress = try await rig.call(
            session, .post, session.b1 + "/wallet",
            json: try rig.cardBody(session, pan: "4111111111111111", addressId: "nope"))
        #expect(unknownAddress.status == 404)
        #expect(RezolveRig.error(unknownAddress).2 == "Address not found")
    }

    @Test func oneCustomersRecordsAreNotAnothers() async throws {
        let rig = try RezolveRig()
        let alice = try await rig.session("alice")
        let bob = try await rig.session("bob")
        let records = try await rig.records(alice)
        #expect(try await rig.call(bob, .get, bob.b1 + "/phonebook/\(records.phone)").status == 404)
        #expect(try await rig.call(bob, .get, bob.b1 + "/wallet").json == [])
        // Alice's token on Bob's path is masked.
        var aliceOnBob = alice
        aliceOnBob.token = alice.token
        #expect(try await rig.call(aliceOnBob, .get, bob.b1 + "/phonebook").status == 403)
    }

    @Test func favourites() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let created = try await rig.call(
            session, .post, session.b1 + "/favourite",
            json: ["provider": "mobile", "type": "topup", "value": "7875550101"])
        #expect(created.status == 201)
        let id = try #require(created.json["id"]?.stringValue)
        let updated = try await rig.call(
            session, .put, session.b1 + "/favourite/\(id)",
            json: ["provider": "mobile", "type": "topup", "value": "7875550102"])
        #expect(updated.json["value"] == "7875550102")
        #expect(try await rig.call(session, .get, session.b1 + "/favourite").json.arrayValue?.count == 1)
        #expect(try await rig.call(session, .delete, session.b1 + "/favourite/\(id)").status == 204)
        let missing = try await rig.call(session, .post, session.b1 + "/favourite", json: ["provider": "mobile"])
        #expect(
            RezolveRig.error(missing).2 == "Validation error: [Required properties type, value were not present. - #]")
    }
}
