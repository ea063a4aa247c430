import Foundation

/// Plays a fixed list of samples to each subscriber, then ends its stream: recorded walks, demos, benchmarks.
public struct ReplayLocationSource: RezolveLocationSource {
    /// The fixes played to each subscriber, in order.
    public let samples: [RezolveLocationSample]

    /// Creates a source that plays `samples` in order.
    public init(_ samples: [RezolveLocationSample]) { self.samples = samples }

    /// A stream that yields every sample at once and then finishes.
    public func locations() -> AsyncStream<RezolveLocationSample> {
        let (stream, continuation) = AsyncStream<RezolveLocationSample>.makeStream()
        for sample in samples { continuation.yield(sample) }
        continuation.finish()
        return stream
    }
}
