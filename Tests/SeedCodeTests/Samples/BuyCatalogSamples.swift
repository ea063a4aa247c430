import Buy
import Foundation

// The Mobile Buy SDK document's request and response models, the Node protocol, aliases, search, and the case
// studies "Fetch shop", "Fetch collections and products", "Pagination" and "Fetch product details".

/// An order looked up by ID through the Node interface. The document selects `createdAt`, which no Storefront
/// version has on `Order` (our shim marks it unavailable, renamed); `processedAt` is the field.
func orderNodeQuery(id: GraphQL.ID) -> Storefront.QueryRootQuery {
    Storefront.buildQuery {
        $0
            .node(id: id) {
                $0
                    .onOrder {
                        $0
                            .id()
                            .processedAt()
                    }
            }
    }
}

/// The document's node query with an identifier written as a literal.
func literalOrderNodeQuery() -> Storefront.QueryRootQuery {
    let id = GraphQL.ID(rawValue: "b3JkZXItc2FtcGxl")
    return orderNodeQuery(id: id)
}

/// Two nodes in one query, told apart by alias suffixes.
func collectionAndProductQuery(collectionID: GraphQL.ID, productID: GraphQL.ID) -> Storefront.QueryRootQuery {
    Storefront.buildQuery {
        $0
            .node(aliasSuffix: "collection", id: collectionID) {
                $0
                    .onCollection {
                        $0
                            .id()
                            .title()
                    }
            }
            .node(aliasSuffix: "product", id: productID) {
                $0
                    .onProduct {
                        $0
                            .id()
                            .title()
                    }
            }
    }
}

/// The collection search the document shows first: fuzzy matching on every field.
@available(*, deprecated, message: "Shop.collections is deprecated in Storefront 2021-10; the document uses it")
func collectionSearchQuery(matching term: String) -> Storefront.QueryRootQuery {
    Storefront.buildQuery {
        $0
            .shop {
                $0
                    .collections(first: 10, query: term) {
                        $0
                            .edges {
                                $0
                                    .node {
                                        $0
                                            .id()
                                            .title()
                                            .description()
                                    }
                            }
                    }
            }
    }
}

/// Field matching, its negation, boolean and comparison operators and the exists operator, as search texts.
enum CatalogSearch {
    static let runnersOnly = "collection_type:runners"
    static let allButRunners = "-collection_type:runners"
    static let blueSneakers = "tag:blue AND product_type:sneaker"
    static let blueSneakersOrRed = "(tag:blue AND product_type:sneaker) OR tag:red"
    static let updatedAfterLaunch = "updated_at:>\"2017-05-29T00:00:00Z\""
    static let untagged = "-tag:*"

    /// Collections whose fields match `search`.
    static func collections(_ search: String) -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .collections(first: 10, query: search) {
                    $0
                        .edges {
                            $0
                                .node {
                                    $0
                                        .id()
                                        .title()
                                }
                        }
                }
        }
    }

    /// Products whose fields match `search`.
    static func products(_ search: String) -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .products(first: 10, query: search) {
                    $0
                        .edges {
                            $0
                                .node {
                                    $0
                                        .id()
                                        .title()
                                }
                        }
                }
        }
    }
}

/// What a product page shows.
struct ProductPage {
    var title: String
    var imageURLs: [URL]
    var variantTitles: [String]
    var variantPrices: [Decimal]
}

/// An app's catalog screen: it reads typed models from the client's completions.
final class CatalogBrowser {
    let client: Graph.Client

    init(client: Graph.Client) {
        self.client = client
    }

    /// The shop's name (the "Fetch shop" case study).
    func fetchShopName(completion: @escaping (String?) -> Void) {
        let query = Storefront.buildQuery {
            $0
                .shop {
                    $0
                        .name()
                }
        }

        let task = client.queryGraphWith(query) { response, error in
            let name = response?.shop.name
            completion(name)
        }
        task.resume()
    }

    /// Ten collections with ten products each, in one request; hands back each collection's title and the
    /// titles of its products.
    @available(*, deprecated, message: "Shop.collections is deprecated in Storefront 2021-10; the document uses it")
    func fetchCollectionsWithProducts(completion: @escaping ([(collection: String, products: [String])]) -> Void) {
        let query = Storefront.buildQuery {
            $0
                .shop {
                    $0
                        .collections(first: 10) {
                            $0
                                .edges {
                                    $0
                                        .node {
                                            $0
                                                .id()
                                                .title()
                                                .products(first: 10) {
                                                    $0
                                                        .edges {
                                                            $0
                                                                .node {
                                                                    $0
                                                                        .id()
                                                                        .title()
                                                                        .productType()
                                                                        .description()
                                                                }
                                                        }
                                                }
                                        }
                                }
                        }
                }
        }

        let task = client.queryGraphWith(query) { response, error in
            let collections = response?.shop.collections.edges.map { $0.node }
            var shelves: [(collection: String, products: [String])] = []
            collections?.forEach { collection in
                let products = collection.products.edges.map { $0.node }
                shelves.append((collection.title, products.map { $0.title }))
            }
            completion(shelves)
        }
        task.resume()
    }

    /// One page of a collection's products after `productsCursor` (`nil` for the first page). Hands back the
    /// titles, the cursor of the last product and whether another page follows.
    func fetchProducts(
        in collectionID: GraphQL.ID, after productsCursor: String?,
        completion: @escaping (_ titles: [String], _ lastCursor: String?, _ hasNextPage: Bool) -> Void
    ) {
        let query = Storefront.buildQuery {
            $0
                .node(id: collectionID) {
                    $0
                        .onCollection {
                            $0
                                .products(first: 10, after: productsCursor) {
                                    $0
                                        .pageInfo {
                                            $0
                                                .hasNextPage()
                                        }
                                        .edges {
                                            $0
                                                .cursor()
                                                .node {
                                                    $0
                                                        .id()
                                                        .title()
                                                        .productType()
                                                        .description()
                                                }
                                        }
                                }
                        }
                }
        }

        let task = client.queryGraphWith(query) { response, error in
            let collection = response?.node as? Storefront.Collection
            let productCursor = collection?.products.edges.last?.cursor
            let titles = collection?.products.edges.map { $0.node.title } ?? []
            completion(titles, productCursor, collection?.products.pageInfo.hasNextPage ?? false)
        }
        task.resume()
    }

    /// A product with its images and variants, in one request.
    @available(
        *, deprecated, message: "Image.src and ProductVariant.price are deprecated in 2021-10; the document uses them"
    )
    func fetchProductPage(productID: GraphQL.ID, completion: @escaping (ProductPage?) -> Void) {
        let query = Storefront.buildQuery {
            $0
                .node(id: productID) {
                    $0
                        .onProduct {
                            $0
                                .id()
                                .title()
                                .description()
                                .images(first: 10) {
                                    $0
                                        .edges {
                                            $0
                                                .node {
                                                    $0
                                                        .id()
                                                        .src()
                                                }
                                        }
                                }
                                .variants(first: 10) {
                                    $0
                                        .edges {
                                            $0
                                                .node {
                                                    $0
                                                        .id()
                                                        .price()
                                                        .title()
                                                        .available()
                                                }
                                        }
                                }
                        }
                }
        }

        let task = client.queryGraphWith(query) { response, error in
            let product = response?.node as? Storefront.Product
            let images = product?.images.edges.map { $0.node }
            let variants = product?.variants.edges.map { $0.node }
            guard let product = product else {
                completion(nil)
                return
            }
            completion(
                ProductPage(
                    title: product.title, imageURLs: images?.map { $0.src } ?? [],
                    variantTitles: variants?.map { $0.title } ?? [], variantPrices: variants?.map { $0.price } ?? []))
        }
        task.resume()
    }

    /// The variant IDs of a product, for adding it to a checkout.
    func fetchVariantIDs(productID: GraphQL.ID, completion: @escaping ([GraphQL.ID]) -> Void) {
        let query = Storefront.buildQuery {
            $0
                .node(id: productID) {
                    $0
                        .onProduct {
                            $0
                                .variants(first: 10) {
                                    $0
                                        .edges {
                                            $0
                                                .node {
                                                    $0
                                                        .id()
                                                }
                                        }
                                }
                        }
                }
        }
        let task = client.queryGraphWith(query) { response, _ in
            let product = response?.node as? Storefront.Product
            completion(product?.variants.edges.map { $0.node.id } ?? [])
        }
        task.resume()
    }

    /// Both aliased nodes of ``collectionAndProductQuery(collectionID:productID:)``, read back by their suffix.
    func fetchCollectionAndProduct(
        collectionID: GraphQL.ID, productID: GraphQL.ID,
        completion: @escaping (_ collectionTitle: String?, _ productTitle: String?) -> Void
    ) {
        let query = collectionAndProductQuery(collectionID: collectionID, productID: productID)
        let task = client.queryGraphWith(query) { response, error in
            let collection = response?.aliasedNode(aliasSuffix: "collection") as? Storefront.Collection
            let product = response?.aliasedNode(aliasSuffix: "product") as? Storefront.Product
            completion(collection?.title, product?.title)
        }
        task.resume()
    }

    /// An order through the Node interface; `nil` when the node is not an order.
    func fetchOrder(id: GraphQL.ID, completion: @escaping (Date?) -> Void) {
        let task = client.queryGraphWith(orderNodeQuery(id: id)) { response, _ in
            let order = response?.node as? Storefront.Order
            completion(order?.processedAt)
        }
        task.resume()
    }

    /// The titles of the products a search text finds.
    func searchProducts(_ search: String, completion: @escaping ([String]) -> Void) {
        let task = client.queryGraphWith(CatalogSearch.products(search)) { response, _ in
            completion(response?.products.edges.map { $0.node.title } ?? [])
        }
        task.resume()
    }

    /// The titles of the collections a search text finds.
    func searchCollections(_ search: String, completion: @escaping ([String]) -> Void) {
        let task = client.queryGraphWith(CatalogSearch.collections(search)) { response, _ in
            completion(response?.collections.edges.map { $0.node.title } ?? [])
        }
        task.resume()
    }
}
