/// A request made through the callback API. Nothing is sent until ``resume()``.
public protocol GraphTask: AnyObject, Sendable {
    /// Starts the request; calling it again does nothing.
    func resume()
    /// Stops the request (and any retry wait); the completion handler is then never called.
    func cancel()
}
