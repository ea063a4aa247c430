import CommerceCore
import Foundation

/// The bodies of `POST /sandbox/storefront/shops/{id}/pages` and `…/articles`, checked field by field:
///
/// ```json
/// {"title":"Returns","handle":"returns","body":"<p>30 days.</p>"}
/// {"title":"Lacing tips","blog":"news","content":"<p>…</p>","excerpt":"<p>…</p>","author":"Ana Ruiz",
///  "authorEmail":"ana@example.com","tags":["tips"],"image":"lacing"}
/// ```
///
/// Only `title` is required (and `author` for an article); `handle` defaults to the title's handle, `blog` to
/// `news`. Published and updated at the sandbox clock's now.
struct ContentDraft {
    var title = ""
    var handle = ""
    var html = ""
    var excerpt: String?
    var blog = "news"
    var author = ""
    var authorEmail = ""
    var tags: [String] = []
    var image: String?

    static func page(_ body: JSONObject) throws(ProductDraft.Invalid) -> ContentDraft {
        try known(body, ["title", "handle", "body"])
        var draft = try titled(body)
        draft.html = try text(body, "body") ?? ""
        return draft
    }

    static func article(_ body: JSONObject) throws(ProductDraft.Invalid) -> ContentDraft {
        try known(
            body, ["title", "handle", "blog", "content", "excerpt", "author", "authorEmail", "tags", "image"])
        var draft = try titled(body)
        draft.blog = try text(body, "blog") ?? "news"
        draft.html = try text(body, "content") ?? ""
        draft.excerpt = try text(body, "excerpt")
        guard let author = try text(body, "author") else {
            throw ProductDraft.Invalid(field: "author", message: "author is required")
        }
        draft.author = author
        draft.authorEmail = try text(body, "authorEmail") ?? ""
        draft.image = try text(body, "image")
        if let tags = body["tags"] {
            guard let items = tags.arrayValue else {
                throw ProductDraft.Invalid(field: "tags", message: "tags must be a list of strings")
            }
            for (index, item) in items.enumerated() {
                guard let tag = item.stringValue else {
                    throw ProductDraft.Invalid(field: "tags[\(index)]", message: "tags[\(index)] must be a string")
                }
                draft.tags.append(tag)
            }
        }
        return draft
    }

    private static func known(_ body: JSONObject, _ fields: Set<String>) throws(ProductDraft.Invalid) {
        if let unknown = body.keys.sorted().first(where: { !fields.contains($0) }) {
            throw ProductDraft.Invalid(field: unknown, message: "\(unknown) is not a field of this body")
        }
    }

    private static func titled(_ body: JSONObject) throws(ProductDraft.Invalid) -> ContentDraft {
        var draft = ContentDraft()
        guard let title = try text(body, "title") else {
            throw ProductDraft.Invalid(field: "title", message: "title is required")
        }
        draft.title = title
        draft.handle = try text(body, "handle") ?? ProductDraft.handleize(title)
        guard !draft.handle.isEmpty else {
            throw ProductDraft.Invalid(field: "handle", message: "handle must contain a letter or digit")
        }
        return draft
    }

    /// A string field: absent or `null` is `nil`; another type or a blank string is refused.
    private static func text(_ object: JSONObject, _ key: String) throws(ProductDraft.Invalid) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let string = value.stringValue else {
            throw ProductDraft.Invalid(field: key, message: "\(key) must be a string")
        }
        guard !string.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ProductDraft.Invalid(field: key, message: "\(key) can't be blank")
        }
        return string
    }
}
