import CommerceCore
import Foundation
import RezolvePartnerServer
import RezolveSDK
import Testing

/// J1 of spec §7: registration, session, phone and address book, wallet and profile, with the real SDK and
/// partner server against a sandbox on 127.0.0.1.
@Suite struct RezolveRegistrationJourneyTests {
    @Test func registrationSessionRecordsAndWallet() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let journey = try await RezolveJourney.start(sandbox)

            // 1. Registering twice gives the same entity; only the first is new.
            let first = try await journey.registrationClient.register(
                partnerEntityId: "user-42", email: "user42@example.com")
            #expect(first.isNew)
            #expect(first.partnerId == journey.credentials.partnerId)
            let again = try await journey.registrationClient.register(
                partnerEntityId: "user-42", email: "user42@example.com")
            #expect(!again.isNew)
            #expect(again.entityId == first.entityId)

            // 2. A 30-minute login token opens a session holding the customer's PEM public key.
            let sdk = journey.makeSDK()
            let session = try await sdk.createSession(
                accessToken: journey.loginToken(first, partnerEntityId: "user-42"),
                entityId: first.entityId, partnerId: journey.credentials.partnerId)
            let pem = try #require(session.publicKey)
            #expect(pem.contains("BEGIN PUBLIC KEY"))
            #expect(session.entityId == first.entityId)

            // 3. Phone book and address book.
            let phone = try await session.phonebookManager.create(Phone(name: "Mobile", phone: "7875550101"))
            #expect(journey.transport.outcomes("/phonebook") == [.status(201)])
            let phoneId = try #require(phone.id)
            let address = try await session.addressbookManager.create(RezolveJourney.address(phoneId: phoneId))
            #expect(journey.transport.outcomes("/addressbook") == [.status(201)])
            let addressId = try #require(address.id)
            #expect(address.phoneId == phoneId)
            #expect(try await session.phonebookManager.getAll().map(\.id) == [phoneId])
            #expect(try await session.addressbookManager.getAll().map(\.id) == [addressId])

            let blank = await #expect(throws: RezolveError.self) {
                _ = try await session.phonebookManager.create(Phone(name: "", phone: ""))
            }
            guard case .missingParameters(let apiError)? = blank else {
                Issue.record("expected .missingParameters, got \(String(describing: blank))")
                return
            }
            #expect(
                apiError.message
                    == "Validation error: [Expected value to have a minimum length of 1 but was 0. - #/name, "
                    + "Expected value to have a minimum length of 4 but was 0. - #/phone]")

            // 4. The wallet gets only the encrypted PAN (344 characters) and answers with pan4/pan6.
            let sentBefore = journey.transport.requests.count
            let card = try await session.walletManager.create(
                PaymentCard(
                    shortName: "Visa", type: "credit", brand: "visa", nameOnCard: "Ana Rivera",
                    pan: "4111111111111111", expiresOn: "12/30", validFrom: "01/20", addressId: addressId))
            let walletPost = try #require(journey.transport.requests.last)
            #expect(journey.transport.requests.count == sentBefore + 1)
            #expect(walletPost.url.path.hasSuffix("/wallet"))
            let walletBody = try #require(RezolveJourney.body(walletPost))
            #expect(walletBody["pan"]?.stringValue?.count == 344)
            #expect(walletBody["expires_on"]?.stringValue == "1230")
            #expect(!journey.everythingSent().contains("4111111111111111"))
            #expect(card.pan4 == "1111")
            #expect(card.pan6 == "411111")
            #expect(card.pan == nil)
            let walletAnswer = try #require(journey.transport.answers(to: walletPost.url.path).last)
            #expect(walletAnswer["pan"] == nil)
            #expect(walletAnswer["pan4"]?.stringValue == "1111")

            // 5. The address is in use until the card is deleted.
            let inUse = await #expect(throws: RezolveError.self) {
                try await session.addressbookManager.delete(address)
            }
            guard case .badRequest(let inUseError)? = inUse else {
                Issue.record("expected .badRequest, got \(String(describing: inUse))")
                return
            }
            #expect(inUseError.message == "Address is in use by a credit card")
            try await session.walletManager.delete(card)
            try await session.addressbookManager.delete(address)
            #expect(journey.transport.outcomes("/wallet/\(try #require(card.id))").last == .status(204))
            #expect(journey.transport.outcomes("/addressbook/\(addressId)").suffix(2) == [.status(400), .status(204)])
            #expect(try await session.addressbookManager.getAll().isEmpty)

            // 6. An empty first name never leaves the device; a full update is saved.
            let beforeProfile = journey.transport.requests.count
            await #expect(throws: RezolveError.self) {
                _ = try await session.consumerProfileManager.update(ConsumerProfile(firstName: "", lastName: "Rivera"))
            }
            #expect(journey.transport.requests.count == beforeProfile)
            let saved = try await session.consumerProfileManager.update(
                ConsumerProfile(firstName: "Ana", lastName: "Rivera", useDataForMarketing: true))
            #expect(journey.transport.outcomes("/profile").last == .status(200))
            #expect(saved.firstName == "Ana")
            #expect(saved.lastName == "Rivera")
            #expect(saved.useDataForMarketing)
            let reread = try await session.consumerProfileManager.get()
            #expect(reread.firstName == "Ana" && reread.useDataForMarketing)
        }
    }
}
