@_spi(Benchmarks) import Buy
import CommerceCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Buy's two hot paths, each reported as a ratio against a ceiling measured in the same run (so the figure is
/// comparable between machines):
/// 1. building and rendering a nested products query, then producing the request body bytes and the
///    `X-Query-Tag` (SHA-256 of the body) exactly as `Graph.Client` does before sending, against
///    `JSONSerialization` parsing those body bytes;
/// 2. decoding a 250-product collection page into typed models (parse + decode + scalar checks), against
///    CommerceCore's bare parse of the same bytes (the parse decoding cannot skip) and `JSONSerialization`.
/// The peer figures against Shopify's SDK come from a scratch harness outside the repository (Benchmarks.md).
struct BuyBenchmarks {
    let quick: Bool

    func run() throws {
        print("Buy")
        try buildAndSerialise()
        try decodeCollectionPage()
        print("")
    }

    /// The query a product-list screen sends, built from scratch on every iteration.
    static func productsQuery(after cursor: String?) -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .node(id: GraphQL.ID(rawValue: "Z2lkOi8vc2hvcGlmeS9Db2xsZWN0aW9uLzE=")) {
                    $0
                        .onCollection {
                            $0
                                .id().title().handle()
                                .products(first: 250, after: cursor, sortKey: .bestSelling) {
                                    $0
                                        .pageInfo { $0.hasNextPage().hasPreviousPage() }
                                        .edges {
                                            $0
                                                .cursor()
                                                .node {
                                                    $0
                                                        .id().title().handle().productType().vendor().availableForSale()
                                                        .updatedAt()
                                                        .priceRange {
                                                            $0.minVariantPrice { $0.amount().currencyCode() }
                                                                .maxVariantPrice { $0.amount().currencyCode() }
                                                        }
                                                        .images(first: 1) {
                                                            $0.edges { $0.node { $0.id().altText().width() } }
                                                        }
                                                        .variants(first: 3) {
                                                            $0.edges {
                                                                $0.node {
                                                                    $0.id().title().priceV2 {
                                                                        $0.amount().currencyCode()
                                                                    }.availableForSale()
                                                                }
                                                            }
                                                        }
                                                }
                                        }
                                }
                        }
                }
        }
    }

    private func buildAndSerialise() throws {
        let iterations = quick ? 2_000 : 20_000
        // The baseline parses the exact bytes the client sends (a cursor of the same length as in the loop).
        let sample = Graph.wireRequest(for: Self.productsQuery(after: "cursor-00000")).body
        var sink = 0
        let build = measure {
            for index in 0..<iterations {
                let request = Graph.wireRequest(for: Self.productsQuery(after: "cursor-\(index)"))
                sink &+= request.body.count &+ Int(request.queryTag.utf8.first ?? 0)
            }
        }
        let parse = try measureThrowing {
            for _ in 0..<iterations {
                let object = try JSONSerialization.jsonObject(with: sample)
                sink &+= (object as? [String: Any])?.count ?? 0
            }
        }
        report(
            "build a nested products query + request body + X-Query-Tag", build, against: parse, iterations: iterations,
            sink: sink)
    }

    private func decodeCollectionPage() throws {
        let iterations = quick ? 5 : 40
        let body = Self.collectionPage(products: 250)
        let object = Self.dataObject(of: body)
        // Before the timed loops, whose freed pages would otherwise already sit in the heap.
        try reportMemory(object)
        var sink = 0
        var decode = Duration.zero
        var bareParse = Duration.zero
        var foundation = Duration.zero
        // Alternated in rounds of a few pages, so all three see the same machine when other work comes and goes.
        for _ in 0..<(iterations / 5) {
            decode += try measureThrowing {
                for _ in 0..<5 {
                    let root = try Storefront.QueryRoot(json: object)
                    let collection = root.node as? Storefront.Collection
                    sink &+= collection?.products.edges.count ?? 0
                }
            }
            bareParse += try measureThrowing {
                for _ in 0..<5 { sink &+= try JSONValue.parse(object).objectValue?.count ?? 0 }
            }
            foundation += try measureThrowing {
                for _ in 0..<5 {
                    let parsed = try JSONSerialization.jsonObject(with: object)
                    sink &+= (parsed as? [String: Any])?.count ?? 0
                }
            }
        }
        let name = "decode a 250-product collection page (\(body.count / 1024) KiB)"
        report(
            name, decode, against: bareParse, baseline: "CommerceCore's bare parse", iterations: iterations, sink: sink)
        report(name, decode, against: foundation, iterations: iterations, sink: sink)
    }

    /// Peak resident memory grown while ten decoded pages are held at once (after one page warmed up the heap).
    private func reportMemory(_ object: Data) throws {
        _ = try Storefront.QueryRoot(json: object)
        let before = Self.peakResidentKiB()
        var pages: [Storefront.QueryRoot] = []
        for _ in 0..<10 { pages.append(try Storefront.QueryRoot(json: object)) }
        let grown = Self.peakResidentKiB() - before
        print("  memory: peak RSS grew \(grown / 10) KiB per decoded page held (\(pages.count) pages held at once)")
    }

    private static func peakResidentKiB() -> Int {
        #if canImport(Glibc)
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss
        #else
        return 0
        #endif
    }

    private func report(
        _ name: String, _ subject: Duration, against baseline: Duration, baseline label: String = "JSONSerialization",
        iterations: Int, sink: Int
    ) {
        let ratio = subject.timeInterval / max(baseline.timeInterval, 1e-9)
        let perIteration = subject.timeInterval / Double(iterations) * 1e6
        print(
            "  \(name): \(format(perIteration, 1)) µs each; \(format(ratio)) × \(label) parsing the same bytes (checksum \(sink % 10))"
        )
    }

    private func measure(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        return clock.measure(body)
    }

    private func measureThrowing(_ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    /// `{"data":{…}}` → the bytes of the inner object, which is what `QueryRoot(json:)` takes.
    static func dataObject(of body: Data) -> Data {
        body.dropFirst(8).dropLast(1)
    }

    /// A synthetic answer to ``productsQuery(after:)`` with `products` items.
    static func collectionPage(products: Int) -> Data {
        var edges: [String] = []
        edges.reserveCapacity(products)
        for index in 1...products {
            let id = Data("gid://shopify/Product/\(index)".utf8).base64EncodedString()
            let variants = (1...3).map { number in
                let variantID = Data("gid://shopify/ProductVariant/\(index * 10 + number)".utf8).base64EncodedString()
                return
                    #"{"node":{"id":"\#(variantID)","title":"Size \#(7 + number)","priceV2":{"amount":"\#(50 + index).0","currencyCode":"CAD"},"availableForSale":true}}"#
            }.joined(separator: ",")
            edges.append(
                #"{"cursor":"Y3Vyc29y\#(index)","node":{"id":"\#(id)","title":"Sandbox Sneaker \#(index)","handle":"sandbox-sneaker-\#(index)","productType":"sneaker","vendor":"Sandbox Athletics","availableForSale":true,"updatedAt":"2018-01-01T00:00:00.123Z","priceRange":{"minVariantPrice":{"amount":"\#(50 + index).0","currencyCode":"CAD"},"maxVariantPrice":{"amount":"\#(50 + index).0","currencyCode":"CAD"}},"images":{"edges":[{"node":{"id":"aW1hZ2U=","altText":null,"width":800}}]},"variants":{"edges":[\#(variants)]}}}"#
            )
        }
        let page =
            #"{"data":{"node":{"__typename":"Collection","id":"Z2lkOi8vc2hvcGlmeS9Db2xsZWN0aW9uLzE=","title":"Runners","handle":"runners","products":{"pageInfo":{"hasNextPage":true,"hasPreviousPage":false},"edges":["#
            + edges.joined(separator: ",") + "]}}}}"
        return Data(page.utf8)
    }
}
