import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The simulated ATH Móvil app in a browser: the universal-link pages and the forms they post.
package struct ATHMovilAppRoutes: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        for kind in [ATHMovilAppLink.Kind.secure, .legacy, .legacyDummy] {
            router.get("/e-commerce/\(kind.rawValue)") { request in try await page(kind, request) }
        }
        for action in ATHMovilAppAction.allCases {
            let segment = action == .complete ? "approve" : action.rawValue
            router.post("/e-commerce/payments/:ecommerceId/\(segment)") { request in try await submit(action, request) }
        }
    }

    private func page(_ kind: ATHMovilAppLink.Kind, _ request: SandboxRequest) async throws -> SandboxResponse {
        let data: JSONObject
        switch ATHMovilAppLink.transactionData(rawQuery: request.rawQuery) {
        case .success(let object): data = object
        case .failure(let problem): return Self.html(for: problem)
        }
        let now = context.clock.now()
        do {
            let opened = try await context.database.write { db in
                try ATHMovilAppLink.open(kind, data: data, now: now, db)
            }
            switch opened {
            case .inactiveBusiness(let callbackURL):
                return .html(ATHMovilAppPage.inactiveBusiness(callbackURL: callbackURL))
            case .payment(let ecommerce, let business):
                if ecommerce.state == .open {
                    return .html(ATHMovilAppPage.review(ecommerce, business: business, now: now))
                }
                return .html(
                    ATHMovilAppPage.result(
                        ecommerce, business: business,
                        callbackURL: ATHMovilAppAction.callbackURL(for: ecommerce, now: now)))
            }
        } catch let problem as ATHMovilAppLink.Problem {
            return Self.html(for: problem)
        }
    }

    private func submit(_ action: ATHMovilAppAction, _ request: SandboxRequest) async throws -> SandboxResponse {
        let form = request.formBody
        let id = request.parameter("ecommerceId")
        let now = context.clock.now()
        enum Outcome: Sendable {
            case redirect(String)
            case missing
            case refused(ATHMovilEcommerce, ATHMovilBusiness, SandboxPlainError)
        }
        let outcome = try await context.database.write { db -> Outcome in
            guard var ecommerce = try ATHMovilPaymentStore.ecommerce(id: id, now: now, db),
                let business = try ATHMovilAccountStore.business(number: ecommerce.businessNumber, db)
            else { return .missing }
            do {
                let pin = business.isDummy ? nil : (form["pin"] ?? "")
                let url = try action.perform(
                    on: &ecommerce, business: business, customerPhone: form["customerPhone"],
                    pin: action == .complete ? pin : nil, now: now, db)
                return .redirect(url)
            } catch let failure as SandboxPlainError {
                return .refused(ecommerce, business, failure)
            }
        }
        switch outcome {
        case .redirect(let url):
            var response = SandboxResponse.html(ATHMovilAppPage.redirect(url), status: 303)
            response.headers["Location"] = url
            return response
        case .missing:
            return .html(ATHMovilAppPage.notFound(), status: 404)
        case .refused(let ecommerce, let business, let failure):
            if ecommerce.state == .open {
                return .html(
                    ATHMovilAppPage.review(ecommerce, business: business, now: now, error: failure.message),
                    status: failure.status)
            }
            return .html(
                ATHMovilAppPage.result(
                    ecommerce, business: business,
                    callbackURL: ATHMovilAppAction.callbackURL(for: ecommerce, now: now)),
                status: 409)
        }
    }

    private static func html(for problem: ATHMovilAppLink.Problem) -> SandboxResponse {
        switch problem {
        case .invalid(let detail): .html(ATHMovilAppPage.invalidLink(detail), status: 400)
        case .notFound: .html(ATHMovilAppPage.notFound(), status: 404)
        }
    }
}

extension ATHMovilAppRoutes {
    /// Where these routes answer and how unknown paths and methods there are answered.
    static var servicePrefix: ServicePrefix {
        ServicePrefix(
            "/e-commerce/",
            RouteFallback(
                notFound: { _ in .html(ATHMovilAppPage.notFound("There is no page at this address."), status: 404) },
                methodNotAllowed: { _, allowed in
                    var response = SandboxResponse.html(
                        ATHMovilAppPage.invalidLink("Use \(allowed.map(\.rawValue).joined(separator: ", "))"),
                        status: 405)
                    response.headers["Allow"] = allowed.map(\.rawValue).joined(separator: ", ")
                    return response
                }))
    }
}
