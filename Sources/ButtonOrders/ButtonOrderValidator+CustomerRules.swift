import CommerceCore

extension ButtonOrderValidator {
    /// Rules C0–C4 on the `customer` value (absent and `null` pass).
    func checkCustomer(_ value: JSONValue?, into list: inout FailureList) {
        guard let value = JSONRules.present(value) else { return }
        // C0
        guard let customer = value.objectValue else {
            list.add("customer", "customer must be an object")
            return
        }
        // C1
        if !(JSONRules.present(customer["id"]).map { JSONRules.isString($0, length: 1...255) } ?? false) {
            list.add("customer.id", "customer.id is required and must be a string of at most 255 characters")
        }
        // C2
        if let email = JSONRules.present(customer["email_sha256"]),
            !(email.stringValue.map(JSONRules.isSHA256Hex) ?? false)
        {
            list.add(
                "customer.email_sha256",
                "customer.email_sha256 must be a 64-character hex SHA-256 of the lower-cased email")
        }
        // C3
        if let advertisingId = JSONRules.present(customer["advertising_id"]),
            !(advertisingId.stringValue.map(JSONRules.isUUID) ?? false)
        {
            list.add("customer.advertising_id", "customer.advertising_id must be an IDFA/AAID (UUID format)")
        }
        // C4
        if let isNew = JSONRules.present(customer["is_new"]), isNew.boolValue == nil {
            list.add("customer.is_new", "customer.is_new must be a boolean")
        }
        if let deviceId = JSONRules.present(customer["device_id"]), !JSONRules.isString(deviceId, length: 0...255) {
            list.add("customer.device_id", "customer.device_id must be a string of at most 255 characters")
        }
    }
}
