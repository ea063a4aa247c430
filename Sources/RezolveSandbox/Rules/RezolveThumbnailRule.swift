/// The thumbnail generation rule of spec §3.8: for each target T in 400, 800, 1200, 1600 strictly below the
/// original's longest side M, the longest side becomes T and the other `round_half_up(other × T / M)`.
/// Names are `<name>_thumb_<w>x<h>.<ext>`, ascending.
enum RezolveThumbnailRule {
    static let targets = [400, 800, 1200, 1600]

    /// The thumbnail sizes of a `width` × `height` original; none when the longest side is 400 or less.
    static func sizes(width: Int, height: Int) -> [(width: Int, height: Int)] {
        let longest = max(width, height)
        guard longest > 0, min(width, height) >= 0 else { return [] }
        return targets.filter { $0 < longest }.map { target in
            // Integer round-half-up of other × T / M, without floating-point error.
            let scaled = (2 * min(width, height) * target + longest) / (2 * longest)
            return width >= height ? (target, scaled) : (scaled, target)
        }
    }

    /// `Classic-Tee.png` and 400×267 give `Classic-Tee_thumb_400x267.png`.
    static func fileName(_ name: String, ext: String, width: Int, height: Int) -> String {
        "\(name)_thumb_\(width)x\(height).\(ext)"
    }
}
