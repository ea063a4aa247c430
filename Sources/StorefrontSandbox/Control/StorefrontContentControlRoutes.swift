import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The content half of the control routes: add a page or a blog article to a shop (body: ``ContentDraft``).
/// Answers as the product route does: 201 with the new global ID, 404 `not_found` for an unknown shop or
/// blog, 409 `conflict` for a handle in use, 400 `invalid_request` naming the field.
struct StorefrontContentControlRoutes: Sendable {
    let context: SandboxContext

    private enum Outcome {
        case created(GlobalID)
        case unknownShop, unknownBlog, handleInUse
    }

    func register(on router: ServiceRoutes) {
        router.post("/sandbox/storefront/shops/:id/pages") { request in
            try await add(request, parse: ContentDraft.page) { db, draft, shopID, now in
                guard try !StorefrontContentStore.pageExists(db, handle: draft.handle, shopID: shopID) else {
                    return .handleInUse
                }
                let id = try StorefrontContentStore.insertPage(
                    db,
                    StorefrontPageRecord(
                        id: nil, shopId: shopID, title: draft.title, handle: draft.handle, bodyHtml: draft.html,
                        createdAt: now.timeIntervalSince1970, updatedAt: now.timeIntervalSince1970))
                return .created(GlobalID("Page", id))
            }
        }
        router.post("/sandbox/storefront/shops/:id/articles") { request in
            try await add(request, parse: ContentDraft.article) { db, draft, shopID, now in
                guard let blog = try StorefrontContentStore.blog(db, handle: draft.blog, shopID: shopID) else {
                    return .unknownBlog
                }
                guard try !StorefrontContentStore.articleExists(db, handle: draft.handle, blogID: blog.id) else {
                    return .handleInUse
                }
                let id = try StorefrontContentStore.insertArticle(
                    db,
                    StorefrontArticleRecord(
                        id: nil, shopId: shopID, blogId: blog.id, title: draft.title, handle: draft.handle,
                        contentHtml: draft.html, excerptHtml: draft.excerpt, authorName: draft.author,
                        authorEmail: draft.authorEmail, authorBio: nil, tags: StorefrontJSONColumn.text(draft.tags),
                        imageName: draft.image, imageAlt: draft.image.map { _ in draft.title },
                        publishedAt: now.timeIntervalSince1970, updatedAt: now.timeIntervalSince1970))
                return .created(GlobalID("Article", id))
            }
        }
    }

    private func add(
        _ request: SandboxRequest, parse: (JSONObject) throws(ProductDraft.Invalid) -> ContentDraft,
        insert: @escaping @Sendable (Database, ContentDraft, Int64, Date) throws -> Outcome
    ) async throws -> SandboxResponse {
        guard let shopID = Int64(request.parameter("id")) else {
            return StorefrontControlRoutes.notFound("Unknown shop \(request.parameter("id"))")
        }
        guard case .object(let body)? = try? request.jsonBody() else {
            return StorefrontControlRoutes.invalid("body", "The body must be a JSON object")
        }
        let draft: ContentDraft
        do {
            draft = try parse(body)
        } catch {
            return StorefrontControlRoutes.invalid(error.field, error.message)
        }
        let now = context.clock.now()
        let outcome = try await context.database.write { db -> Outcome in
            guard try StorefrontShopStore.exists(db, id: shopID) else { return .unknownShop }
            return try insert(db, draft, shopID, now)
        }
        switch outcome {
        case .unknownShop:
            return StorefrontControlRoutes.notFound("Unknown shop \(shopID)")
        case .unknownBlog:
            return StorefrontControlRoutes.Failure(
                status: 404, code: "not_found", field: "blog", message: "Unknown blog \(draft.blog)"
            ).response
        case .handleInUse:
            return StorefrontControlRoutes.Failure(
                status: 409, code: "conflict", field: "handle", message: "handle \(draft.handle) is already in use"
            ).response
        case .created(let gid):
            return .json(["id": .string(gid.encoded), "handle": .string(draft.handle)], status: 201)
        }
    }
}
