import Foundation
import GraphQL

extension ResolverRegistry {
    /// `cartGiftCardCodesAdd`, `cartGiftCardCodesUpdate` and `cartGiftCardCodesRemove` (spec §5.11). A code must
    /// name one of the shop's gift cards (the demo shop's test cards are ``StorefrontGiftCardStore/testCards``); an
    /// unknown code is an `INVALID` user error naming its entry and nothing changes. Applying a card twice is a no-op.
    mutating func registerCartGiftCardMutations2026() {
        onCartDetail("cartGiftCardCodesAdd", "CartGiftCardCodesAddPayload") { cart, args, c, errors, _ in
            let ids = try Self.giftCardIDs(args.field("giftCardCodes").asList ?? [], c, &errors)
            for id in ids where !cart.details.giftCardIDs.contains(id) { cart.details.giftCardIDs.append(id) }
        }
        onCartDetail("cartGiftCardCodesUpdate", "CartGiftCardCodesUpdatePayload") { cart, args, c, errors, _ in
            var ids: [Int64] = []
            for id in try Self.giftCardIDs(args.field("giftCardCodes").asList ?? [], c, &errors) where !ids.contains(id)
            {
                ids.append(id)
            }
            cart.details.giftCardIDs = ids
        }
        onCartDetail("cartGiftCardCodesRemove", "CartGiftCardCodesRemovePayload") { cart, args, _, errors, _ in
            var remove: Set<Int64> = []
            for (i, id) in (args.field("appliedGiftCardIds").asList ?? []).enumerated() {
                let number = GlobalID.number(id.asString, type: "AppliedGiftCard")
                guard let number, cart.details.giftCardIDs.contains(number) else {
                    errors.add(
                        "INVALID", ["appliedGiftCardIds", String(i)], "The gift card is not applied to this cart")
                    continue
                }
                remove.insert(number)
            }
            cart.details.giftCardIDs.removeAll { remove.contains($0) }
        }
    }

    /// The ids of the cards `codes` name, in order; an error per code the shop does not know.
    static func giftCardIDs(_ codes: [Map], _ c: StorefrontRequestContext, _ errors: inout UserErrorList) throws
        -> [Int64]
    {
        var ids: [Int64] = []
        for (i, code) in codes.enumerated() {
            let text = code.asString ?? ""
            guard let card = try StorefrontGiftCardStore.card(c.db, code: text, shopID: c.shop.id) else {
                errors.add("INVALID", ["giftCardCodes", String(i)], "Gift card code is invalid")
                continue
            }
            ids.append(card.id)
        }
        return ids
    }
}
