import CommerceCore
import Foundation

@_spi(Benchmarks)
extension Graph {
    /// What ``Graph/Client`` puts on the wire for `operation`: the request body bytes and the `X-Query-Tag`
    /// header value, produced by the very code path the client runs before every request. Not API: it lets
    /// the benchmarks time the client's own work instead of an imitation of it.
    public static func wireRequest(for operation: GraphQL.AbstractQuery) -> (body: Data, queryTag: String) {
        let body = RequestBody(document: operation.description)
        return (body.data, body.queryTag)
    }
}
