import CommerceCore

extension GraphQL {
    /// The decoded fields of one response model, written once while the model decodes: one value per member of
    /// the JSON object it was decoded from, in the same order, so a field is found through the object's own key
    /// look-up (a scan of a few keys, an index past 16). A dictionary here hashed every key of every object, a
    /// fifth of decoding a page; keeping keys of its own doubled what each field holds.
    package struct FieldStorage {
        /// The object as received; its keys name the values.
        let object: JSONObject
        private var values: [Any] = []

        /// Storage for the values of `object`'s members, appended in order.
        init(decoding object: JSONObject) {
            self.object = object
            values.reserveCapacity(object.count)
        }

        /// Adds the value of the next member.
        mutating func append(_ value: Any) {
            values.append(value)
        }

        /// The value decoded for the member `key`; nil when the object has no such member.
        package subscript(key: String) -> Any? {
            guard let position = object.position(forKey: key), position < values.count else { return nil }
            return values[position]
        }
    }
}
