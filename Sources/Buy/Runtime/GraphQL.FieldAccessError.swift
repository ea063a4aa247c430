extension GraphQL {
    /// Why ``AbstractResponse/fieldValue(_:aliasSuffix:as:)`` could not hand out a field.
    public enum FieldAccessError: Error, Sendable, Equatable {
        /// The query did not select that field, so the response cannot hold it.
        case notQueried(type: String, field: String)
        /// The field holds a value of a different Swift type than the one asked for.
        case typeMismatch(type: String, field: String, expected: String)
    }
}
