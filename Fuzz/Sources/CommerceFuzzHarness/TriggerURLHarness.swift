import Foundation
import RezolveSDK

/// RezolveSDK's reading of `rzlv.co` trigger URLs (`RezolveTrigger(url:)`, `TriggerClassification`).
///
/// A trigger's canonical `url` reads back as the same trigger (ad and placement travel only as a pair, so a
/// trigger with one of them reads back without it).
enum TriggerURLHarness {
    static func run(_ data: Data) throws(InvariantViolation) {
        let text = String(decoding: data, as: UTF8.self)
        guard let classified = TriggerClassification.classify(text) else { return }
        let trigger: RezolveTrigger
        switch classified {
        case .product(let found), .category(let found): trigger = found
        case .url: return
        }
        guard let reread = RezolveTrigger(url: trigger.url) else {
            throw InvariantViolation("the canonical URL \(trigger.url) of \(text.prefix(200)) is not a trigger")
        }
        let expected =
            trigger.placement == nil ? RezolveTrigger(kind: trigger.kind) : trigger
        try InvariantViolation.check(reread == expected, "\(text.prefix(200)) → \(trigger) reads back as \(reread)")
    }
}
