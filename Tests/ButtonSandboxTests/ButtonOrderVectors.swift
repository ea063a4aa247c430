import CommerceTestSupport
import Testing

// The conformance vectors live in CommerceTestSupport (ButtonOrders' tests read the same file); the sandbox's
// suites run them against the sandbox's own rules, never against the client's code.

extension ButtonOrderVectors {
    /// The order vectors with these names, in this order; a name the file lacks is a test failure.
    static func named(_ names: [String]) -> [ButtonOrderVector] {
        let all = orders
        return names.compactMap { name in
            let vector = all.first { $0.name == name }
            if vector == nil { Issue.record("no vector named \(name)") }
            return vector
        }
    }
}
