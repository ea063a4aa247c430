import Foundation

/// Plays a fixed list of samples to each subscriber, then ends its stream: recorded walks, demos, benchmarks.
public struct ReplayLocationSource: RezolveLocationSource {
    public let samples: [RezolveLocationSample]

    public init(_ samples: [RezolveLocationSample]) { self.samples = samples }

    public func locations() -> AsyncStream<RezolveLocationSample> {
        let (stream, continuation) = AsyncStream<RezolveLocationSample>.makeStream()
        for sample in samples { continuation.yield(sample) }
        continuation.finish()
        return stream
    }
}
