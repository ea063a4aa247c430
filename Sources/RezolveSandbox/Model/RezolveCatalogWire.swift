import CommerceCore
import Foundation
import SandboxCore

/// JSON shapes of merchants, categories and products (spec §2.4, §3.5.3–3.5.4). Image URLs point at the
/// sandbox's static path; their nominal sizes come from the seed.
struct RezolveCatalogWire: Sendable {
    let context: SandboxContext

    func image(_ merchantId: String, _ name: String) -> String {
        context.publicURL(path: "/static/rezolve/img/\(merchantId)/\(name).png")
    }

    /// The thumbnails of a `width` × `height` original (spec §3.8), as URLs under `/static/rezolve/img/`.
    func thumbs(_ merchantId: String, _ name: String, width: Int, height: Int) -> JSONValue {
        .array(
            RezolveThumbnailRule.sizes(width: width, height: height).map { size in
                let file = RezolveThumbnailRule.fileName(name, ext: "png", width: size.width, height: size.height)
                return .string(context.publicURL(path: "/static/rezolve/img/\(merchantId)/\(file)"))
            })
    }

    /// Nominal sizes of every merchant's logo and banner (the product images' sizes live in the seed).
    static let logoSize = (width: 1000, height: 1000), bannerSize = (width: 1200, height: 400)

    func currency(_ merchant: RZMerchant) -> JSONValue {
        [
            "base_currency_code": .string(merchant.currency), "base_currency_symbol": .string(merchant.currencySymbol),
            "default_display_currency_code": .string(merchant.currency),
            "default_display_currency_symbol": .string(merchant.currencySymbol),
            "available_currency_codes": [.string(merchant.currency)],
        ]
    }

    func displayStore(_ store: RZStore) -> JSONValue {
        [
            "id": .string(String(store.id)), "name": .string(store.name),
            "location": RezolveWire.location(latitude: store.latitude, longitude: store.longitude),
        ]
    }

    func merchant(_ merchant: RZMerchant, stores: [RZStore], partner: RZPartner, distance: Double? = nil) -> JSONValue {
        return [
            "id": .string(merchant.id), "name": .string(merchant.name), "tagline": .string(merchant.tagline),
            "priority": .integer(Int64(merchant.priority)), "distance": distance.map(JSONValue.double) ?? .null,
            "logo": .string(image(merchant.id, "logo")),
            "logo_thumbs": thumbs(merchant.id, "logo", width: Self.logoSize.width, height: Self.logoSize.height),
            "banner": .string(image(merchant.id, "banner")),
            "banner_thumbs": thumbs(
                merchant.id, "banner", width: Self.bannerSize.width, height: Self.bannerSize.height),
            "contact_information": [
                "email": .string(merchant.email), "name": .string(merchant.name),
                "phone_number": .string(merchant.phone),
            ],
            "email": .string(merchant.email), "phone_number": .string(merchant.phone),
            "terms_and_conditions": [], "stores": .array(stores.map(displayStore)), "taxonomies": [],
            "currency_information": currency(merchant), "enabled": .bool(merchant.enabled),
            "partner_id": .string(partner.id), "partner_name": .string(partner.name), "payment_configuration": [:],
            "psps": [], "keywords": .array(merchant.keywordList.map(JSONValue.string)), "communities": [],
            "allow_visibility": true, "topups_configuration": [:], "extra_data": [:],
            "inserted_at": RezolveWire.time(partner.createdAt), "updated_at": RezolveWire.time(partner.createdAt),
        ]
    }

    func categoryHeader(_ category: RZCategory, hasCategories: Bool, hasProducts: Bool) -> JSONObject {
        [
            "id": .integer(category.id), "parent_id": category.parentId.map(JSONValue.integer) ?? .null,
            "name": .string(category.name), "description": .string(""),
            "image": .string(image(category.merchantId, "category_\(category.id)")), "image_thumbs": [],
            "has_products": .bool(hasProducts), "has_categories": .bool(hasCategories),
        ]
    }

    func listedCategory(_ category: RZCategory, productCount: Int, hasCategories: Bool) -> JSONValue {
        var object = categoryHeader(category, hasCategories: hasCategories, hasProducts: productCount > 0)
        object["product_count"] = .integer(Int64(productCount))
        object["include_cart_button_on_listing"] = true
        object["is_default"] = false
        return .object(object)
    }

    func displayProduct(_ product: RZProduct, merchant: RZMerchant) -> JSONValue {
        [
            "id": .integer(product.id), "category_id": .integer(product.categoryId), "name": .string(product.name),
            "price": RezolveWire.money(product.priceMinor),
            "original_price": RezolveWire.money(product.originalPriceMinor),
            "currency_symbol": .string(merchant.currencySymbol),
            "image": .string(image(product.merchantId, String(product.id))),
            "image_thumbs": thumbs(
                product.merchantId, String(product.id), width: product.imageWidth, height: product.imageHeight),
            "is_virtual": .bool(product.isVirtual), "has_required_options": .bool(product.hasRequiredOptions),
            "maximum_qty": .integer(Int64(product.maximumQty)), "is_act": .bool(product.isAct), "assets": [],
        ]
    }

    func productDetail(_ product: RZProduct, merchant: RZMerchant, category: RZCategory) -> JSONValue {
        let options = product.options.map { option -> JSONValue in
            [
                "label": .string(option.label), "code": .string(option.code), "extra_info": .string(""),
                "values": .array(option.values.map { ["label": .string($0.label), "value": .string($0.value)] }),
            ]
        }
        let attributeIds = Dictionary(uniqueKeysWithValues: product.options.map { ($0.code, $0.attributeId) })
        let orderedCodes = product.options.map(\.code)
        let available = product.variants.map { variant -> JSONValue in
            [
                "combination": .array(
                    orderedCodes.compactMap { code -> JSONValue? in
                        guard let value = variant.combination[code] else { return nil }
                        return [
                            "id": .integer(Int64(attributeIds[code] ?? 0)), "code": .string(code),
                            "value": .string(value),
                        ]
                    })
            ]
        }
        let prices = product.variants.map { variant -> JSONValue in
            [
                "combination": .array(
                    orderedCodes.compactMap { code -> JSONValue? in
                        guard let value = variant.combination[code] else { return nil }
                        return ["code": .string(code), "value": .string(value)]
                    }),
                "price": RezolveWire.money(variant.priceMinor),
                "original_price": RezolveWire.money(variant.originalPriceMinor),
                "is_virtual": .bool(product.isVirtual),
            ]
        }
        let custom = product.customOptions.map { option -> JSONValue in
            [
                "option_id": .integer(Int64(option.optionId)), "title": .string(option.title),
                "type": .string(option.type),
                "is_require": .bool(option.isRequire), "sort_order": .integer(Int64(option.sortOrder)),
                "price": RezolveWire.money(option.priceMinor),
                "values": .array(
                    option.values.map {
                        [
                            "value_id": .integer(Int64($0.valueId)), "title": .string($0.title),
                            "sort_order": .integer(Int64($0.sortOrder)), "price": RezolveWire.money($0.priceMinor),
                        ]
                    }),
            ]
        }
        let name = String(product.id)
        return [
            "id": .integer(product.id), "merchant_id": .string(product.merchantId), "title": .string(product.name),
            "subtitle": .string(product.subtitle), "description": .string(product.description),
            "price": RezolveWire.money(product.priceMinor),
            "original_price": RezolveWire.money(product.originalPriceMinor),
            "currency_symbol": .string(merchant.currencySymbol),
            "weight": product.weight.map(JSONValue.double) ?? .null,
            "is_act": .bool(product.isAct), "is_virtual": .bool(product.isVirtual),
            "maximum_qty": .integer(Int64(product.maximumQty)), "images": [.string(image(product.merchantId, name))],
            "image_thumbs": [thumbs(product.merchantId, name, width: product.imageWidth, height: product.imageHeight)],
            "options": .array(options), "options_available": .array(available), "options_price": .array(prices),
            "custom_options": .array(custom), "assets": [], "additional_attributes": [],
            "product_full_path": [
                "product_title": .string(product.name), "merchant_name": .string(merchant.name),
                "category_name": .string(category.name),
            ],
        ]
    }
}
