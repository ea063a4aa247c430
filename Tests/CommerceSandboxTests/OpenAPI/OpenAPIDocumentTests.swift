import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// The OpenAPI documents against the sandbox's own route table: every documented operation is routed, and every
/// route is documented (Storefront's vendor routes excepted: GraphQL, fuzzed in schemathesis' GraphQL mode).
@Suite struct OpenAPIDocumentTests {
    /// Storefront's routes: GraphQL, the card vault, the web cart page and the hosted checkout page, outside every
    /// OpenAPI document.
    static let undocumentedVendorPatterns: Set<String> = [
        "/api/:version/graphql", "/api/:version/graphql.json", "/sessions", "/cart/c/:token",
        "/cart/c/:token/checkout",
    ]

    static let methods = ["get", "post", "put", "patch", "delete"]

    /// (method, path template) of every operation in every document.
    static func documentedOperations() throws -> [(document: String, method: String, path: String)] {
        var operations: [(document: String, method: String, path: String)] = []
        for name in OpenAPIDocuments.names {
            let document = try #require(try OpenAPIDocuments.document(named: name, baseURL: "http://sandbox.test"))
            let paths = try #require(document["paths"]?.objectValue, "\(name) has no paths")
            for (path, item) in paths {
                for method in methods where item[method] != nil { operations.append((name, method.uppercased(), path)) }
            }
        }
        return operations
    }

    /// Whether a document's path template names the same paths as a router pattern: `{x}` and `:y` are one
    /// segment each, a trailing `**` takes the rest (at least one segment), and a `{x}` also covers a literal.
    static func matches(template: String, pattern: String) -> Bool {
        let documented = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let routed = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var d = documented.startIndex
        var r = routed.startIndex
        while d < documented.endIndex, r < routed.endIndex {
            let docSegment = documented[d]
            let routeSegment = routed[r]
            if routeSegment == "**" { return routed.index(after: r) == routed.endIndex }
            let docIsParameter = docSegment.hasPrefix("{") && docSegment.hasSuffix("}")
            guard docIsParameter || routeSegment.hasPrefix(":") || docSegment == routeSegment else { return false }
            d = documented.index(after: d)
            r = routed.index(after: r)
        }
        return d == documented.endIndex && r == routed.endIndex
    }

    @Test func everyDocumentIsAnOpenAPI31DocumentWithOperations() throws {
        for name in OpenAPIDocuments.names {
            let document = try #require(try OpenAPIDocuments.document(named: name, baseURL: "http://sandbox.test"))
            #expect(document["openapi"] == "3.1.0", "\(name)")
            #expect(document["info"]?["title"]?.stringValue?.isEmpty == false, "\(name)")
            #expect((document["paths"]?.objectValue?.count ?? 0) > 0, "\(name)")
        }
        #expect(try OpenAPIDocuments.data(named: "storefront") == nil)
    }

    @Test func everyDocumentedOperationIsRoutedBySandbox() throws {
        let routes = try Sandbox.prepare(.testing).1.registered
        var unrouted: [String] = []
        for operation in try Self.documentedOperations() {
            let routed = routes.contains {
                $0.method.rawValue == operation.method && Self.matches(template: operation.path, pattern: $0.pattern)
            }
            if !routed { unrouted.append("\(operation.document): \(operation.method) \(operation.path)") }
        }
        #expect(unrouted.isEmpty, "documented but not routed: \(unrouted)")
    }

    @Test func everyVendorRouteIsDocumented() throws {
        let (_, routes, services) = try Sandbox.prepare(.testing)
        let operations = try Self.documentedOperations()
        // A vendor route is one under a path prefix some service claims (`/v1/`, `/rest/`, `/api/v1/`, …).
        let vendorPrefixes = services.flatMap(\.vendorPrefixes)
        var undocumented: [String] = []
        for route in routes.registered
        where vendorPrefixes.contains(where: { route.pattern.hasPrefix($0) })
            && !Self.undocumentedVendorPatterns.contains(route.pattern)
        {
            let documented = operations.contains {
                $0.method == route.method.rawValue && Self.matches(template: $0.path, pattern: route.pattern)
            }
            if !documented { undocumented.append("\(route.method) \(route.pattern)") }
        }
        #expect(undocumented.isEmpty, "routed but in no document: \(undocumented)")
    }

    @Test func everyControlRouteIsDocumented() throws {
        let (_, routes, _) = try Sandbox.prepare(.testing)
        let control = try Self.documentedOperations().filter { $0.document == "control" }
        var undocumented: [String] = []
        // The JSON control plane and every service's folder. Pages for people (such as a console) are not REST
        // operations and need no document entry.
        let documentedFamilies = [
            "health", "credentials", "ping", "faults", "requests", "clock", "reset", "openapi", "sessions", "snapshots",
            "button", "athmovil", "paytronix", "storefront", "rezolve",
        ]
        for route in routes.registered
        where documentedFamilies.contains(where: {
            route.pattern == "/sandbox/\($0)" || route.pattern.hasPrefix("/sandbox/\($0)/")
        }) {
            if !control.contains(where: {
                $0.method == route.method.rawValue && Self.matches(template: $0.path, pattern: route.pattern)
            }) {
                undocumented.append("\(route.method) \(route.pattern)")
            }
        }
        #expect(undocumented.isEmpty, "control routes in no document: \(undocumented)")
    }

    @Test func templatesMatchPatternsSegmentBySegment() {
        #expect(Self.matches(template: "/v1/order/{order_id}", pattern: "/v1/order/**"))
        #expect(Self.matches(template: "/v1/order/{order_id}", pattern: "/v1/order/btn-ref"))
        #expect(!Self.matches(template: "/v1/order", pattern: "/v1/order/**"))
        #expect(
            Self.matches(
                template: "/rest/{release}/guest/accountInformation.json",
                pattern: "/rest/:release/guest/accountInformation.json"))
        #expect(
            !Self.matches(
                template: "/rest/{release}/guest/accountInformation.json", pattern: "/rest/:release/guest/other.json"))
    }
}
