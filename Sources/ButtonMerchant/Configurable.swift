/// Optional library features, from ``ButtonMerchant/features``. Nothing is configurable any more; the
/// type stays so 1.8.0 code compiles.
public final class Configurable: Sendable {
    init() {}

    /// Advertising identifiers are never collected, so this always reads `false` and ignores writes.
    @available(*, deprecated, message: "The advertising identifier is no longer collected.")
    public var includesIFA: Bool {
        get { false }
        set {}
    }
}
