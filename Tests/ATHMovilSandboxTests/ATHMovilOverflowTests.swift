import CommerceCore
import Foundation
import Testing

@testable import ATHMovilSandbox
@testable import CommerceSandbox

/// Values at the edges of `Int64` must give a page or an error, never a trap that takes the sandbox down.
@Suite("ATH Móvil sandbox: integer edges")
struct ATHMovilOverflowTests {
    @Test("a legacy link with amounts beyond Int64 cents renders its page (they saturate)")
    func hugeLegacyAmounts() async throws {
        let rig = try ATHMovilRig()
        // 92233720368547758.08 dollars is 2^63 cents: int64Value used to wrap it to Int64.min, and the page's
        // abs() then trapped.
        let data =
            #"{"expiresIn":600,"items":[{"name":"Edge","price":-92233720368547758.08,"quantity":1}],"publicToken":"dummy","scheme":"athm-checkout","subtotal":-92233720368547758.08,"tax":0,"total":92233720368547758.08,"traceId":"\#(UUID().uuidString)","version":"3.0"}"#
        let page = try await rig.call(
            .get,
            "/e-commerce/mobileDummy?transaction_data="
                + (data.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        #expect(page.status == 200)
        #expect(page.text.contains("Edge"))
        #expect(ATHMovilAmount.cents(Decimal(string: "92233720368547758.08") ?? 0) == .max)
        #expect(ATHMovilAmount.cents(Decimal(string: "-92233720368547758.08") ?? 0) == .min)
        #expect(ATHMovilAppPage.money(.min) == "-$92233720368547758.08")
    }

    @Test("dates far outside the printable years are pinned, not trapped on")
    func farDates() {
        let far = Date(timeIntervalSince1970: 1e300)
        #expect(ATHMovilTime.reply(far) == "9999/12/31 19:59:59.0")
        #expect(ATHMovilTime.epochMilliseconds(far) == "253402300799000")
        #expect(ATHMovilTime.wholeSeconds(Date(timeIntervalSince1970: -1e300)) == -62_135_596_800)
        let token = ATHMovilAuthToken.mint(ecommerceId: "e", issuedAt: far, expiresAt: far, jti: "j", secret: "s")
        #expect(token.split(separator: ".").count == 3)
    }
}
