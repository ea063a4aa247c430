/// Comments the generator writes into the models.
enum CodegenComments {
    /// Above every model class: why its restated `@unchecked Sendable` is safe, where the conformance stands.
    static let uncheckedSendable =
        "    // @unchecked Sendable: no stored properties of its own, and the base's `storage` is written only while\n"
        + "    // the initialiser runs (see `GraphQL.AbstractResponse`); Swift 6 requires every subclass to restate it.\n"
}
