extension GraphQL {
    /// The decoded fields of one response model by response key, in the order received, written once while the
    /// model decodes. Most objects hold a handful of fields, and scanning those keys is cheaper than hashing each
    /// into a dictionary (which used to be a fifth of decoding a page); past 16 fields an index of positions keeps
    /// a look-up constant-time.
    struct FieldStorage {
        // A struct rather than a tuple: freeing a page's models went through the runtime's generic tuple witness.
        private struct Member {
            let key: String
            let value: Any
        }

        private var members: [Member] = []
        private var positions: [String: Int]?
        private static let indexThreshold = 16

        init() {}

        init(capacity: Int) {
            members.reserveCapacity(capacity)
        }

        var count: Int { members.count }

        /// Adds a field; the keys of one JSON object are unique, so nothing is replaced.
        mutating func append(_ key: String, _ value: Any) {
            members.append(Member(key: key, value: value))
            if positions != nil {
                positions?[key] = members.count - 1
            } else if members.count > Self.indexThreshold {
                var index: [String: Int] = [:]
                index.reserveCapacity(members.count)
                for (position, member) in members.enumerated() { index[member.key] = position }
                positions = index
            }
        }

        subscript(key: String) -> Any? {
            if let positions {
                guard let position = positions[key] else { return nil }
                return members[position].value
            }
            for member in members where member.key == key { return member.value }
            return nil
        }
    }
}
