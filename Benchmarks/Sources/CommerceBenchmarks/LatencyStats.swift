import Foundation

/// Throughput and latency percentiles of one measured series.
struct LatencyStats {
    let requests: Int
    let elapsed: Duration
    let sortedLatencies: [Duration]

    init(latencies: [Duration], elapsed: Duration) {
        requests = latencies.count
        self.elapsed = elapsed
        sortedLatencies = latencies.sorted()
    }

    var throughput: Double { Double(requests) / elapsed.seconds }

    func percentile(_ p: Double) -> Duration {
        guard !sortedLatencies.isEmpty else { return .zero }
        let index = min(sortedLatencies.count - 1, Int((Double(sortedLatencies.count) * p).rounded(.up)) - 1)
        return sortedLatencies[max(0, index)]
    }
}

extension Duration {
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }

    var milliseconds: Double { seconds * 1000 }
}

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
