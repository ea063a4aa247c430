/// A weak reference to a delegate that any thread may set, for the SDKs' settable delegates (kept in a
/// ``Locked`` box).
///
/// Delegates are UI objects that are not `Sendable`; the SDKs only ever call them on the main actor, which is
/// what makes holding them here safe, hence `@unchecked`.
// @unchecked: the reference is only dereferenced to call the delegate on the main actor.
package struct WeakDelegate<Delegate>: @unchecked Sendable {
    private weak var object: AnyObject?
    package init(_ delegate: Delegate?) { object = delegate.map { $0 as AnyObject } }
    package var value: Delegate? { object as? Delegate }
}
