import CommerceCore

extension GraphQL {
    /// Checks that every response key a query selected is present in the JSON that answers it, so a model
    /// handed to app code never lacks a field it asked for.
    enum PresenceCheck {
        static func verify(_ query: AbstractQuery, in object: JSONObject) throws(SchemaViolationError) {
            for selection in query.selections {
                if let fragmentType = selection.fragmentType {
                    if case .string(fragmentType)? = object["__typename"], let subfields = selection.subfields {
                        try verify(subfields, in: object)
                    }
                    continue
                }
                guard let value = object[selection.key] else {
                    let type = object["__typename"]?.stringValue ?? query.selectedTypeName
                    throw SchemaViolationError(
                        type: type, field: selection.key, value: "<missing>", reason: .missingField)
                }
                if let subfields = selection.subfields { try verify(subfields, value: value) }
            }
        }

        private static func verify(_ query: AbstractQuery, value: CoreJSON) throws(SchemaViolationError) {
            switch value {
            case .object(let object): try verify(query, in: object)
            case .array(let items): for item in items { try verify(query, value: item) }
            default: break
            }
        }
    }
}
