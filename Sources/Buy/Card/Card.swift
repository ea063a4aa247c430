/// Card vaulting: exchanging a buyer's card details for an opaque token at the shop's card vault, so the
/// card number never goes through the Storefront API. Complete the checkout with the token as the
/// `vaultId` of `CreditCardPaymentInputV2`.
public enum Card {}
