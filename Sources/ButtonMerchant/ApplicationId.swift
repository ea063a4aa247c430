/// Validation of Button application ids (`^app-[0-9a-zA-Z]+$`).
enum ApplicationId {
    /// Whether `id` is `app-` followed by one or more ASCII letters or digits.
    static func isValid(_ id: String) -> Bool {
        guard id.hasPrefix("app-") else { return false }
        let rest = id.utf8.dropFirst(4)
        // Checked on bytes: `Character.isLetter` would also accept non-ASCII letters the server rejects.
        return !rest.isEmpty
            && rest.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            }
    }
}
