import Foundation

/// Why a building block could not become a page element.
public enum PageBuilderError: Error, Sendable, Equatable {
    /// The block's `type` is not one CommerceKit knows.
    case unsupportedElement(type: String)
    /// A field the block's type needs is missing or unusable (`text`, `url`, `title` or `options`).
    case invalidElement(id: String, field: String)
}

/// Maps an act's building blocks to ``Page`` elements, in block order (spec §2.6, §3.5.11).
public struct PageBuilder: Sendable {
    /// Creates a builder; it holds no state, so one can be shared.
    public init() {}

    /// Every block becomes an element; the first block that cannot throws.
    public func build(from blocks: [PageBuildingBlock]) throws(PageBuilderError) -> Page {
        var elements: [Page.Element] = []
        for block in blocks { elements.append(try element(from: block)) }
        return Page(elements: elements)
    }

    /// Like ``build(from:)``, but blocks that cannot become elements are left out. The name keeps the
    /// spelling of Rezolve's sample app; ``buildIgnoringErrors(elements:)`` is the same call.
    public func buildIgnoringErros(elements blocks: [PageBuildingBlock]) -> Page {
        Page(elements: blocks.compactMap { block in try? element(from: block) })
    }

    /// ``buildIgnoringErros(elements:)`` spelled correctly.
    public func buildIgnoringErrors(elements blocks: [PageBuildingBlock]) -> Page {
        buildIgnoringErros(elements: blocks)
    }

    func element(from block: PageBuildingBlock) throws(PageBuilderError) -> Page.Element {
        switch block.type {
        case "text":
            guard let text = block.text else { throw .invalidElement(id: block.id, field: "text") }
            return .text(Page.Text(id: block.id, text: text))
        case "divider":
            return .divider
        case "image":
            return .image(Page.Image(id: block.id, url: try url(of: block)))
        case "video":
            return .video(try url(of: block))
        case "dateField":
            return .dateField(
                Page.DateField(
                    id: block.id, title: try title(of: block), isRequired: block.isRequired ?? false,
                    value: nil))
        case "select":
            let title = try title(of: block)
            guard let options = block.options, !options.isEmpty else {
                throw .invalidElement(id: block.id, field: "options")
            }
            return .select(
                Page.Select(
                    id: block.id, title: title, isRequired: block.isRequired ?? false, options: options,
                    value: nil))
        case "textField":
            let title = try title(of: block)
            let inputType = block.inputType.flatMap(Page.TextField.InputType.init(rawValue:)) ?? .text
            return .textField(
                Page.TextField(
                    id: block.id, title: title, isRequired: block.isRequired ?? false,
                    placeholder: block.placeholder, inputType: inputType,
                    minLength: block.minLength, maxLength: block.maxLength, value: nil))
        default:
            throw .unsupportedElement(type: block.type)
        }
    }

    private func url(of block: PageBuildingBlock) throws(PageBuilderError) -> URL {
        guard let text = block.url, let url = URL(string: text), url.scheme != nil else {
            throw .invalidElement(id: block.id, field: "url")
        }
        return url
    }

    private func title(of block: PageBuildingBlock) throws(PageBuilderError) -> String {
        guard let title = block.title, !title.isEmpty else { throw .invalidElement(id: block.id, field: "title") }
        return title
    }
}
