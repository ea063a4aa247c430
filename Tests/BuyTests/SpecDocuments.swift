import Buy

/// The spec §6.1 documents that more than one suite renders or hashes, built once here.
enum SpecDocuments {
    static func q4() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .node(aliasSuffix: "product", id: GraphQL.ID(rawValue: "gid://shopify/Product/1")) {
                    $0.onProduct { $0.id().title() }
                }
                .node(aliasSuffix: "collection", id: "gid://shopify/Collection/2") {
                    $0.onCollection { $0.id().handle() }
                }
                .products(first: 10, reverse: true, sortKey: .bestSelling, query: "title:\"a\\b\"\n\ttag:é") {
                    $0
                        .edges {
                            $0
                                .cursor()
                                .node {
                                    $0.id().title().title(aliasSuffix: "t2").priceRange {
                                        $0.minVariantPrice { $0.amount().currencyCode() }
                                    }
                                }
                        }
                        .pageInfo { $0.hasNextPage() }
                }
        }
    }

    static func q6Prime() -> Storefront.MutationQuery {
        let input = Storefront.CartInput.create(
            attributes: .value([.create(key: "k\"", value: "v\n")]),
            lines: .value([.create(merchandiseId: "gid://shopify/ProductVariant/9", quantity: .value(2))]),
            discountCodes: .value(["A", "B"]),
            note: .value(nil),
            buyerIdentity: .value(.create(email: .value("a@b.c"), countryCode: .value(.us))))
        return Storefront.buildMutation {
            $0
                .cartCreate(input: input) {
                    $0
                        .cart { $0.id().checkoutUrl().estimatedCost { $0.totalAmount { $0.amount() } } }
                        .userErrors { $0.field().message().code() }
                }
        }
    }

    static func q7() -> Storefront.QueryRootQuery {
        Storefront.buildQuery { $0.shop { $0.name() }.shop { $0.description().moneyFormat() } }
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    static func q8() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .shop {
                    $0
                        .collections(first: 10) {
                            $0
                                .edges {
                                    $0
                                        .node {
                                            $0
                                                .id().title()
                                                .products(first: 10) {
                                                    $0.edges { $0.node { $0.id().title().productType().description() } }
                                                }
                                        }
                                }
                        }
                }
        }
    }

    static func q10() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .node(id: GraphQL.ID(rawValue: "IjoxNDg4MTc3MzEsImxhc3R")) {
                    $0
                        .onCollection {
                            $0
                                .products(first: 10, after: "sdWUiOiIxNDg4MTc3M") {
                                    $0
                                        .pageInfo { $0.hasNextPage() }
                                        .edges { $0.cursor().node { $0.id().title().productType().description() } }
                                }
                        }
                }
        }
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    static func q16() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .node(id: "Y2hlY2tvdXQ") {
                    $0.onCheckout {
                        $0.id().availableShippingRates { $0.ready().shippingRates { $0.handle().price().title() } }
                    }
                }
        }
    }

    static func q23() -> Storefront.MutationQuery {
        Storefront.buildMutation {
            $0
                .customerUpdate(
                    customerAccessToken: "tok", customer: Storefront.CustomerUpdateInput(phone: .value(nil))
                ) { $0.customer { $0.phone() } }
        }
    }

    static func q28() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0.products(first: 10, query: "updated_at:>\"2017-05-29T00:00:00Z\"") { $0.edges { $0.node { $0.id() } } }
        }
    }
}
