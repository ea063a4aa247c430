import CommerceCore
import Foundation
import SandboxCore

/// Reading a Button request: its JSON body by rules B1–B4, and percent-decoded path pieces.
enum ButtonRequest {
    static let maximumBodySize = 1_048_576

    /// B4, B1, B2, B3 in that order: the body as a JSON object.
    static func requireObjectBody(_ request: SandboxRequest) throws(ButtonError) -> JSONObject {
        guard request.body.count <= maximumBodySize else { throw .bodyTooLarge }
        guard !request.body.isEmpty else { throw .bodyRequired }
        let value: JSONValue
        do { value = try JSONValue.parse(request.body) } catch { throw .bodyNotJSON }
        guard let object = value.objectValue else { throw .bodyNotObject }
        return object
    }

    /// Control routes: an optional JSON object body (empty means `{}`).
    static func controlBody(_ request: SandboxRequest) throws(ButtonError) -> JSONObject {
        guard request.body.count <= maximumBodySize else { throw .bodyTooLarge }
        if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return JSONObject() }
        let value: JSONValue
        do { value = try JSONValue.parse(request.body) } catch { throw .bodyNotJSON }
        guard let object = value.objectValue else { throw .bodyNotObject }
        return object
    }

    /// `nil` for a missing key and JSON `null`.
    static func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return nil }
        return value
    }

    /// Percent-decodes a raw path piece; malformed escapes leave it as sent.
    static func decode(_ raw: Substring) -> String {
        String(raw).removingPercentEncoding ?? String(raw)
    }
}
