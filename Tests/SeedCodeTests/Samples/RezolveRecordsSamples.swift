import Foundation
import RezolveSDK

/// "Consumer Profile Management": the profile (get, update) and the create, get, update, getAll and delete
/// operations of the address book, phone book, favourites and wallet, each chained from the previous call's
/// completion handler; then the order history.
final class RezolveAccountScreen {
    let log: RezolveSampleLog

    init(log: RezolveSampleLog) { self.log = log }

    func editProfile(session: RezolveSession?) {
        guard let manager = session?.consumerProfileManager else { return }
        let log = self.log
        manager.get { result in
            switch result {
            case .success(var profile):
                profile.firstName = "Ana"
                profile.lastName = "Rivera"
                manager.update(profile: profile) { result in
                    switch result {
                    case .success(let updated): log.record("profile \(updated.firstName) \(updated.lastName)")
                    case .failure(let error): log.record("profile update failed \(error.message)")
                    }
                }
            case .failure(let error):
                log.record("profile failed \(error.message)")
            }
        }
        // The document's other name for the same manager.
        session?.profileManager.get { result in
            if case .failure(let error) = result { log.record("profile alias failed \(error.message)") }
        }
    }

    func managePhonebook(session: RezolveSession, then next: @escaping @MainActor (Phone) -> Void) {
        let manager = session.phonebookManager
        let log = self.log
        manager.create(phone: Phone(name: "Mobile", phone: "7875550101")) { result in
            guard case .success(let phone) = result, let id = phone.id else {
                log.record("phonebook create failed")
                return
            }
            manager.get(id: id) { result in
                guard case .success(var fetched) = result else { return log.record("phonebook get failed") }
                fetched.name = "Work"
                manager.update(phone: fetched) { result in
                    guard case .success(let updated) = result else { return log.record("phonebook update failed") }
                    manager.getAll { result in
                        let count = (try? result.get().count) ?? -1
                        log.record("phonebook \(updated.name) \(count)")
                        next(updated)
                    }
                }
            }
        }
    }

    func manageAddressBook(session: RezolveSession, phoneId: String?, then next: @escaping @MainActor (Address) -> Void)
    {
        let manager = session.addressbookManager
        let log = self.log
        let home = Address(
            shortName: "Home", fullName: "Ana Rivera", line1: "100 Flatbush Ave", city: "Brooklyn", state: "NY",
            zip: "11217", country: "United States", countryAlpha2: "US", phoneId: phoneId)
        manager.create(address: home) { result in
            guard case .success(let address) = result, let id = address.id else {
                return log.record("addressbook create failed")
            }
            manager.get(id: id) { result in
                guard case .success(var fetched) = result else { return log.record("addressbook get failed") }
                fetched.line2 = "Apt 4"
                manager.update(address: fetched) { result in
                    guard case .success(let updated) = result else { return log.record("addressbook update failed") }
                    manager.getAll { result in
                        log.record("addressbook \(updated.line2 ?? "") \((try? result.get().count) ?? -1)")
                        next(updated)
                    }
                }
            }
        }
    }

    func manageWallet(session: RezolveSession, addressId: String, then next: @escaping @MainActor (PaymentCard) -> Void)
    {
        let manager = session.walletManager
        let log = self.log
        let card = PaymentCard(
            shortName: "Visa", type: "credit", brand: "visa", nameOnCard: "Ana Rivera", pan: "4111111111111111",
            expiresOn: "12/30", validFrom: "01/20", addressId: addressId)
        manager.create(paymentCard: card) { result in
            guard case .success(let stored) = result, let id = stored.id else {
                return log.record("wallet create failed")
            }
            manager.get(id: id) { result in
                guard case .success(let fetched) = result else { return log.record("wallet get failed") }
                fetched.shortName = "Everyday Visa"
                manager.update(paymentCard: fetched) { result in
                    guard case .success(let updated) = result else { return log.record("wallet update failed") }
                    manager.getAll { (result: Result<[PaymentCard], RezolveError>) in
                        log.record("wallet \(updated.shortName) \(updated.pan4) \((try? result.get().count) ?? -1)")
                        next(updated)
                    }
                }
            }
        }
    }

    func manageFavourites(session: RezolveSession) {
        let manager = session.favouriteManager
        let log = self.log
        manager.create(favourite: Favourite(provider: "toll", type: "transponder", value: "TX-1")) { result in
            guard case .success(let favourite) = result, let id = favourite.id else {
                return log.record("favourite create failed")
            }
            manager.get(id: id) { result in
                guard case .success(var fetched) = result else { return log.record("favourite get failed") }
                fetched.value = "TX-2"
                manager.update(favourite: fetched) { result in
                    guard case .success(let updated) = result else { return log.record("favourite update failed") }
                    manager.getAll { result in
                        let count = (try? result.get().count) ?? -1
                        manager.delete(favourite: updated) { result in
                            let deleted = (try? result.get()) != nil
                            log.record("favourite \(updated.value) \(count) deleted=\(deleted)")
                        }
                    }
                }
            }
        }
    }

    /// Deletes what the other methods created, wallet card first.
    func clearRecords(session: RezolveSession, card: PaymentCard, address: Address, phone: Phone) {
        let log = self.log
        session.walletManager.delete(paymentCard: card) { result in
            session.addressbookManager.delete(address: address) { second in
                session.phonebookManager.delete(phone: phone) { third in
                    let all = [result, second, third].allSatisfy { (try? $0.get()) != nil }
                    log.record("records deleted=\(all)")
                }
            }
        }
    }

    /// "My Activity": the orders of the last day, then the first one in full.
    func showActivity(session: RezolveSession) {
        let manager = session.userActivityManager
        let log = self.log
        manager.getOrders(from: Date().addingTimeInterval(-86_400), to: Date().addingTimeInterval(86_400)) {
            result in
            switch result {
            case .success(let history):
                guard let first = history.orders.first else { return log.record("orders 0") }
                manager.getOrder(id: first.orderId) { result in
                    let status = (try? result.get()).map { "\($0.status)" } ?? "unknown"
                    log.record("orders \(history.count) first \(status)")
                }
            case .failure(let error):
                log.record("orders failed \(error.message)")
            }
        }
    }
}
