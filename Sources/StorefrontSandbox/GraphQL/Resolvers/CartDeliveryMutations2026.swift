import Foundation
import GraphQL

extension ResolverRegistry {
    /// `cartDeliveryAddressesAdd/Update/Remove/Replace`, `cartSelectedDeliveryOptionsUpdate` and
    /// `cartBillingAddressUpdate` (spec §5.11): addresses live on the cart (``CartDetails``), delivery options come
    /// from the checkouts' rate table.
    mutating func registerCartDeliveryMutations2026() {
        onCartDetail("cartDeliveryAddressesAdd", "CartDeliveryAddressesAddPayload") { cart, args, c, errors, warnings in
            try Self.addAddresses(args.field("addresses").asList ?? [], to: &cart, c, &errors, &warnings)
        }
        onCartDetail("cartDeliveryAddressesReplace", "CartDeliveryAddressesReplacePayload") {
            cart, args, c, errors, warnings in
            cart.details.addresses = []
            try Self.addAddresses(args.field("addresses").asList ?? [], to: &cart, c, &errors, &warnings)
        }
        onCartDetail("cartDeliveryAddressesRemove", "CartDeliveryAddressesRemovePayload") { cart, args, _, errors, _ in
            var remove: Set<String> = []
            for (i, id) in (args.field("addressIds").asList ?? []).enumerated() {
                guard let index = Self.addressIndex(id.asString, in: cart) else {
                    errors.add(
                        "INVALID_DELIVERY_ADDRESS_ID", ["addressIds", String(i)], "The delivery address was not found")
                    continue
                }
                remove.insert(cart.details.addresses[index].id)
            }
            cart.details.addresses.removeAll { remove.contains($0.id) }
        }
        onCartDetail("cartDeliveryAddressesUpdate", "CartDeliveryAddressesUpdatePayload") {
            cart, args, c, errors, _ in
            let inputs = args.field("addresses").asList ?? []
            if inputs.filter({ $0.field("selected").asBool == true }).count > 1 {
                errors.add(
                    "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED", ["addresses"],
                    "Only one delivery address can be selected")
            }
            for (i, input) in inputs.enumerated() {
                let path = ["addresses", String(i)]
                guard let index = Self.addressIndex(input.field("id").asString, in: cart) else {
                    errors.add("INVALID_DELIVERY_ADDRESS_ID", path + ["id"], "The delivery address was not found")
                    continue
                }
                if input.has("address"),
                    let fields = try Self.addressFields(
                        input.field("address"), path: path + ["address"], cart, c, &errors)
                {
                    cart.details.addresses[index].fields = fields
                }
                if let oneTimeUse = input.field("oneTimeUse").asBool {
                    cart.details.addresses[index].oneTimeUse = oneTimeUse
                }
                if let selected = input.field("selected").asBool { Self.select(index, selected, in: &cart) }
            }
        }
        onCartDetail("cartSelectedDeliveryOptionsUpdate", "CartSelectedDeliveryOptionsUpdatePayload") {
            cart, args, c, errors, _ in
            let totals = try CartTotals.of(cart, catalog: try c.catalog(), c.db)
            for (i, input) in (args.field("selectedDeliveryOptions").asList ?? []).enumerated() {
                let path = ["selectedDeliveryOptions", String(i)]
                guard let address = cart.details.deliveryAddress,
                    input.field("deliveryGroupId").asString.flatMap(GlobalID.decode) == Self.groupID(cart, address)
                else {
                    errors.add(
                        "INVALID_DELIVERY_GROUP", path + ["deliveryGroupId"], "Delivery group was not found in cart")
                    continue
                }
                let handle = input.field("deliveryOptionHandle").asString ?? ""
                guard totals.options.contains(where: { $0.handle == handle }) else {
                    errors.add(
                        "INVALID_DELIVERY_OPTION", path + ["deliveryOptionHandle"], "Delivery option was not valid")
                    continue
                }
                cart.details.selectedDeliveryHandle = handle
            }
        }
        onCartDetail("cartBillingAddressUpdate", "CartBillingAddressUpdatePayload") { cart, args, _, _, _ in
            let input = args.field("billingAddress")
            cart.details.billingAddress = input.isNullOrAbsent ? nil : CartAddressRules.mailingFields(input)
        }
    }

    /// Adds `CartSelectableAddressInput`s; an address equal to one the cart has is a `DUPLICATE_DELIVERY_ADDRESS`
    /// warning and is not added twice.
    static func addAddresses(
        _ inputs: [Map], to cart: inout CartRecord, _ c: StorefrontRequestContext, _ errors: inout UserErrorList,
        _ warnings: inout [CartWarningEntry]
    ) throws {
        if inputs.filter({ $0.field("selected").asBool == true }).count > 1 {
            errors.add(
                "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED", ["addresses"], "Only one delivery address can be selected")
        }
        if cart.details.addresses.count + inputs.count > CartAddressRules.maximumAddresses {
            errors.add(
                "TOO_MANY_DELIVERY_ADDRESSES", ["addresses"],
                "A cart can have at most \(CartAddressRules.maximumAddresses) delivery addresses")
        }
        for (i, input) in inputs.enumerated() {
            let path = ["addresses", String(i), "address"]
            guard let fields = try addressFields(input.field("address"), path: path, cart, c, &errors) else { continue }
            if let existing = cart.details.addresses.first(where: { $0.fields == fields }) {
                warnings.append(
                    CartWarningEntry(
                        code: "DUPLICATE_DELIVERY_ADDRESS", target: GlobalID("CartSelectableAddress", existing.id),
                        message: "A delivery address with the same details already exists on this cart"))
                continue
            }
            cart.details.addresses.append(
                CartDetails.Address(
                    id: String(cart.details.takeID()), fields: fields, selected: false,
                    oneTimeUse: input.field("oneTimeUse").asBool ?? false))
            if input.field("selected").asBool == true { select(cart.details.addresses.count - 1, true, in: &cart) }
        }
    }

    /// A `CartAddressInput`: exactly one of `deliveryAddress` and `copyFromCustomerAddressId`.
    static func addressFields(
        _ input: Map, path: [String], _ cart: CartRecord, _ c: StorefrontRequestContext, _ errors: inout UserErrorList
    ) throws -> [String: String]? {
        let given = input.field("deliveryAddress")
        let copy = input.field("copyFromCustomerAddressId").asString
        switch (given.isNullOrAbsent, copy) {
        case (false, nil):
            return CartAddressRules.fields(given, path: path + ["deliveryAddress"], &errors)
        case (true, let id?):
            let number = GlobalID.decode(id).flatMap { $0.type == "MailingAddress" ? $0.number : nil }
            let owned = try cart.customerID.map { try StorefrontCustomerStore.addresses(c.db, customerID: $0) } ?? []
            guard let address = owned.first(where: { $0.id == number }) else {
                errors.add(
                    "INVALID_DELIVERY_ADDRESS_ID", path + ["copyFromCustomerAddressId"],
                    "The customer address was not found")
                return nil
            }
            return address.values
        default:
            errors.add("INVALID", path, "Give exactly one of deliveryAddress and copyFromCustomerAddressId")
            return nil
        }
    }

    static func addressIndex(_ id: String?, in cart: CartRecord) -> Int? {
        guard let gid = id.flatMap(GlobalID.decode), gid.type == "CartSelectableAddress" else { return nil }
        return cart.details.addresses.firstIndex { $0.id == gid.id }
    }

    /// Exactly one address is selected: selecting one clears the others.
    static func select(_ index: Int, _ selected: Bool, in cart: inout CartRecord) {
        for i in cart.details.addresses.indices { cart.details.addresses[i].selected = selected && i == index }
    }

    /// The delivery group of the address the cart ships to: a new address is a new group.
    static func groupID(_ cart: CartRecord, _ address: CartDetails.Address) -> GlobalID {
        GlobalID("CartDeliveryGroup", address.id, query: [("cart", cart.token)])
    }
}
