import Foundation

/// Where completion handlers run: the main queue on Apple platforms, as 1.8.0 does; a private serial queue
/// elsewhere, because a command-line process on Linux may never service a main run loop.
enum CallbackQueue {
    #if !canImport(Darwin)
    private static let marker = DispatchSpecificKey<Bool>()
    private static let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "com.usebutton.merchant.callbacks")
        queue.setSpecific(key: marker, value: true)
        return queue
    }()
    #endif

    static func deliver(_ work: @escaping @Sendable () -> Void) {
        #if canImport(Darwin)
        DispatchQueue.main.async(execute: work)
        #else
        queue.async(execute: work)
        #endif
    }

    /// Whether the caller is running where completions are delivered. For tests.
    static var isCurrent: Bool {
        #if canImport(Darwin)
        return Thread.isMainThread
        #else
        return DispatchQueue.getSpecific(key: marker) == true
        #endif
    }
}
