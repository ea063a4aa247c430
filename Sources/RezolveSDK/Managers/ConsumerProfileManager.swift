import Foundation

/// Reads and updates the customer's profile.
public final class ConsumerProfileManager: Sendable {
    let core: SessionCore
    init(core: SessionCore) { self.core = core }

    /// `GET …/profile`.
    public func get() async throws(RezolveError) -> ConsumerProfile {
        try await core.get(ConsumerProfile.self, core.customerPath(1, "/profile"))
    }

    /// `PUT …/profile`. First and last name must not be empty; that is checked before sending (§4.3).
    public func update(_ profile: ConsumerProfile) async throws(RezolveError) -> ConsumerProfile {
        if profile.firstName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw .invalidInput(field: "firstName", reason: "must not be empty")
        }
        if profile.lastName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw .invalidInput(field: "lastName", reason: "must not be empty")
        }
        return try await core.write(.put, ConsumerProfile.self, core.customerPath(1, "/profile"), json: profile)
    }

    /// Callback form of ``get()``.
    public func get(completionHandler: @escaping @MainActor (Result<ConsumerProfile, RezolveError>) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.get() }, completion: completionHandler)
    }

    /// Callback form of ``update(_:)``.
    public func update(
        profile: ConsumerProfile,
        completionHandler: @escaping @MainActor (Result<ConsumerProfile, RezolveError>) -> Void
    ) {
        Deliver.run({ () async throws(RezolveError) in try await self.update(profile) }, completion: completionHandler)
    }
}
