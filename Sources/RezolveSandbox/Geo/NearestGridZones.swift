import HeapModule

/// The grid's ranking: keeps the `limit` nearest matches by distance alone and counts them all.
///
/// The grid holds no ids (a `String` per zone would double its memory), so it cannot break ties in distance
/// the way the full scan does (by id). Instead it also keeps every match exactly as far as the farthest kept
/// one; the caller loads those zones, sorts by (distance, id) and cuts to `limit`. Exact ties are rare, so
/// this costs a few extra loads at most.
struct NearestGridZones {
    /// A match by its index in the grid.
    struct Match: Comparable {
        let proximity: Double
        let zone: Int32
        let isValidNow: Bool

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.proximity < rhs.proximity }
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.proximity == rhs.proximity }
    }

    let limit: Int
    private(set) var total = 0
    private var kept = Heap<Match>()
    /// Matches as far as the farthest kept one, left out only because the heap was full.
    private var tied: [Match] = []

    init(limit: Int) { self.limit = limit }

    /// Whether a match at `proximity` could still be among the nearest. Equal counts: it may win on id.
    func admits(_ proximity: Double) -> Bool {
        guard limit > 0 else { return false }
        guard kept.count == limit, let farthest = kept.max else { return true }
        return proximity <= farthest.proximity
    }

    /// Counts matches already known to be farther than every kept one.
    mutating func count(_ matches: Int) { total += matches }

    mutating func offer(_ match: Match) {
        total += 1
        guard limit > 0 else { return }
        guard kept.count == limit, let farthest = kept.max else {
            kept.insert(match)
            return
        }
        if match.proximity > farthest.proximity { return }
        if match.proximity == farthest.proximity {
            tied.append(match)
            return
        }
        let pushedOut = kept.replaceMax(with: match)
        if let newFarthest = kept.max, newFarthest.proximity == pushedOut.proximity {
            tied.append(pushedOut)
        } else {
            // The boundary moved closer: every earlier tie is now strictly farther than the kept ones.
            tied.removeAll(keepingCapacity: true)
        }
    }

    /// Every match that may be among the `limit` nearest once ties are broken by id; unordered.
    var contenders: [Match] { kept.unordered + tied }
}
