import HeapModule

/// What the triggered-zones query knows about a match before it loads the zone: enough to rank it.
struct RankedGeozone: Comparable, Sendable {
    let proximity: Double
    /// Ties in proximity go by id, as in the full scan, so the answer never depends on row order.
    let id: String
    let seq: Int64
    let isValidNow: Bool

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.proximity, lhs.id) < (rhs.proximity, rhs.id) }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.proximity == rhs.proximity && lhs.id == rhs.id }
}

/// Keeps the `limit` nearest matches seen so far and counts them all. A bounded heap, so a query with thousands
/// of matches costs O(n log limit) comparisons of small values and never holds more than `limit` of them.
struct NearestGeozones {
    let limit: Int
    private(set) var total = 0
    private var kept = Heap<RankedGeozone>()

    init(limit: Int) { self.limit = limit }

    mutating func offer(_ match: RankedGeozone) {
        total += 1
        guard limit > 0 else { return }
        if kept.count < limit {
            kept.insert(match)
        } else if let farthest = kept.max, match < farthest {
            kept.replaceMax(with: match)
        }
    }

    /// The kept matches, nearest first.
    var nearestFirst: [RankedGeozone] { kept.unordered.sorted() }
}
