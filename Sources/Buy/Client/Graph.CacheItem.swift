import CommerceCore
import Foundation

extension Graph {
    /// One cached response body with the time it was stored.
    struct CacheItem: Sendable, Equatable {
        let hash: String
        let data: Data
        /// Seconds since 1970.
        let timestamp: Double

        /// Valid while `Int(timestamp) + expireIn > Int(now)`, in whole seconds as the original counted.
        func isValid(expireIn: Int, now: Date) -> Bool {
            Int(timestamp) + expireIn > Int(now.timeIntervalSince1970)
        }

        /// The `.meta` file: `{"hash":"<key>","timestamp":<seconds>}`.
        var metaData: Data {
            Data(CoreJSON.object(["hash": .string(hash), "timestamp": .double(timestamp)]).serialized().utf8)
        }

        static func timestamp(fromMeta data: Data, hash: String) -> Double? {
            guard let meta = try? CoreJSON.parse(data), meta["hash"]?.stringValue == hash else { return nil }
            return meta["timestamp"]?.doubleValue
        }
    }
}
