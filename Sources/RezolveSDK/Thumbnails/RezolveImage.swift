import Foundation

/// One thumbnail of an image with its size in pixels.
public struct RezolveThumbnail: Sendable, Equatable {
    /// Where the thumbnail is loaded from.
    public let url: URL
    /// Width in pixels, from the file name or the nominal size.
    public let width: Int
    /// Height in pixels, from the file name or the nominal size.
    public let height: Int
    /// `false` when the size is the nominal one of the thumbnail's position, because its name carries none.
    public let sizeFromName: Bool
}

/// An image and its thumbnails (spec §2.10, §3.8), for picking the smallest file that still covers a view.
public struct RezolveImage: Sendable, Equatable {
    /// Nominal longest sides of the thumbnails by position, used when a name carries no `_thumb_{w}x{h}`.
    static let nominalSizes = [400, 800, 1200, 1600]

    /// The full-size image, used when no thumbnail is large enough.
    public let original: URL
    /// Thumbnail addresses in the server's order.
    public let thumbs: [URL]

    /// Pairs an original with its thumbnails.
    public init(original: URL, thumbs: [URL]) {
        self.original = original
        self.thumbs = thumbs
    }

    /// Thumbnails sized from `_thumb_{w}x{h}.` in their file names; a name without it gets the nominal size
    /// of its position (400, 800, 1200, 1600, then 400 more each), treated as square.
    public var thumbnails: [RezolveThumbnail] {
        thumbs.enumerated().map { index, url in
            if let size = Self.size(inFileName: url.lastPathComponent) {
                return RezolveThumbnail(url: url, width: size.width, height: size.height, sizeFromName: true)
            }
            let side = index < Self.nominalSizes.count ? Self.nominalSizes[index] : 400 * (index + 1)
            return RezolveThumbnail(url: url, width: side, height: side, sizeFromName: false)
        }
    }

    /// The thumbnail with the smallest area among those at least `width` wide and `height` high; the original
    /// when none is that large.
    public func bestURL(forWidth width: Int, height: Int) -> URL {
        let covering = thumbnails.filter { $0.width >= width && $0.height >= height }
        // `min(by:)` keeps the first of equal areas, so the server's order breaks ties.
        return covering.min { $0.width * $0.height < $1.width * $1.height }?.url ?? original
    }

    /// `(w, h)` from the last `_thumb_{w}x{h}.` in `name`, or `nil`.
    static func size(inFileName name: String) -> (width: Int, height: Int)? {
        guard let marker = name.range(of: "_thumb_", options: .backwards) else { return nil }
        let rest = name[marker.upperBound...]
        guard let dot = rest.firstIndex(of: ".") else { return nil }
        let parts = rest[..<dot].split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ (1...6).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let width = Int(parts[0]), let height = Int(parts[1])
        else { return nil }
        return (width, height)
    }

    /// An image from the wire's strings; `nil` when the original is missing or not a URL. Thumbs that are not
    /// URLs are skipped.
    init?(original: String?, thumbs: [String]) {
        guard let original, let url = URL(string: original) else { return nil }
        self.init(original: url, thumbs: thumbs.compactMap(URL.init(string:)))
    }
}

extension Product {
    /// The image at `index` of ``images`` with its thumbnails (``imageThumbs`` is index-aligned).
    public func image(at index: Int) -> RezolveImage? {
        guard images.indices.contains(index) else { return nil }
        return RezolveImage(
            original: images[index], thumbs: imageThumbs.indices.contains(index) ? imageThumbs[index] : [])
    }
}

extension DisplayProduct {
    /// The listed product's image with its thumbnails; nil when it has no usable image address.
    public var rezolveImage: RezolveImage? { RezolveImage(original: image, thumbs: imageThumbs) }
}

extension Category {
    /// The category's image with its thumbnails; nil when it has no usable image address.
    public var rezolveImage: RezolveImage? { RezolveImage(original: image, thumbs: imageThumbs) }
}

extension Merchant {
    /// The merchant's logo with its thumbnails; nil when it has no usable logo address.
    public var logoImage: RezolveImage? { RezolveImage(original: logo, thumbs: logoThumbs) }
    /// The merchant's banner with its thumbnails; nil when it has no usable banner address.
    public var bannerImage: RezolveImage? { RezolveImage(original: banner, thumbs: bannerThumbs) }
}
