import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import RezolveSandbox
@testable import SandboxCore

/// The SSP services of spec §3.5.11–3.5.12 with the problem-details errors of §4.2, in process.
@Suite struct SspRouteTests {
    static let credentials: JSONValue = [
        "clientId": "sbx-ssp-client", "clientSecret": "sbx-ssp-secret-not-a-secret",
        "apiAudience": "commercekit-sandbox-audience",
    ]

    private func bearer(_ rig: RezolveRig) async throws -> HTTPHeaders {
        let reply = try await rig.call(.post, "/v1/OAuthProxy/token", json: Self.credentials)
        let token = try RigError.string(reply.json["bearerToken"], reply)
        return ["Authorization": "Bearer \(token)"]
    }

    // MARK: Bearer

    @Test func everySspRouteRefusesAMissingUnknownOrExpiredBearer() async throws {
        let rig = try RezolveRig()
        let unauthorized: JSONValue = ["title": "Unauthorized", "status": 401]
        let routes: [(HTTPMethod, String)] = [
            (.get, "/v1/Engagements/act/act-1"), (.post, "/v1/submissions/act/act-1/answers"),
            (.post, "/v1/resolver/400/api/v2/payoffcpm/eng-act-1"), (.get, "/v1/submissions?entityId=x"),
        ]
        for (method, path) in routes {
            for headers: HTTPHeaders in [[:], ["Authorization": "Bearer not-issued"], ["Authorization": "Basic abc"]] {
                let reply = try await rig.call(method, path, json: [:], headers: headers)
                #expect(reply.status == 401, "\(method) \(path)")
                #expect(reply.json == unauthorized)
            }
        }
        let valid = try await bearer(rig)
        #expect(try await rig.call(.get, "/v1/Engagements/act/act-1", headers: valid).status == 200)
        #expect(try await rig.call(.post, "/sandbox/rezolve/clock/advance", json: ["seconds": 3500]).status == 200)
        #expect(try await rig.call(.get, "/v1/Engagements/act/act-1", headers: valid).status == 200)
        #expect(try await rig.call(.post, "/sandbox/rezolve/clock/advance", json: ["seconds": 200]).status == 200)
        let expired = try await rig.call(.get, "/v1/Engagements/act/act-1", headers: valid)
        #expect(expired.status == 401)
        #expect(expired.json == unauthorized)
    }

    @Test func oauthProxyRefusesWrongCredentialsWithoutSayingWhich() async throws {
        let rig = try RezolveRig()
        guard case .object(var wrong) = Self.credentials else { return }
        wrong["clientSecret"] = "guess"
        let reply = try await rig.call(.post, "/v1/OAuthProxy/token", json: .object(wrong))
        #expect(reply.status == 401)
        #expect(reply.json == ["title": "Unauthorized", "status": 401])
        let stored = try await rig.context.database.read { db in try RZSspToken.fetchCount(db) }
        #expect(stored == 0)
    }

    @Test func theJournalNeverShowsSspCredentialsOrBearers() {
        let shown = JournalRedaction.redacted([
            "clientId": "c", "clientSecret": "s", "bearerToken": "b", "expirationUtc": "e",
        ])
        #expect(shown == ["clientId": "c", "clientSecret": "***", "bearerToken": "***", "expirationUtc": "e"])
    }

    @Test func issuedBearersAreStoredOnlyAsHashes() async throws {
        let rig = try RezolveRig()
        let reply = try await rig.call(.post, "/v1/OAuthProxy/token", json: Self.credentials)
        let token = try RigError.string(reply.json["bearerToken"], reply)
        let rows = try await rig.context.database.read { db in try RZSspToken.fetchAll(db) }
        #expect(rows.count == 1)
        #expect(rows.first?.tokenHash == HexDigest.sha256(token))
        #expect(rows.first?.partnerId == "317")
    }

    // MARK: Resolver

    @Test func resolverServesTheSeededPayloadsWithAFreshScanId() async throws {
        let rig = try RezolveRig()
        let auth = try await bearer(rig)
        let first = try await rig.call(
            .post, "/v1/resolver/400/api/v2/payoffcpm/eng-act-1", json: ["lat": 40.7, "long": -73.9], headers: auth)
        #expect(first.status == 200)
        #expect(first.json["result"] == "Success")
        #expect(first.json["payloadPath"] == "/engagements/eng-act-1")
        let payload = first.json["rezolveCustomPayload"]
        #expect(payload?["isActive"] == true)
        #expect(payload?["act"]?["id"] == "act-1")
        #expect(payload?["act"]?["scanId"] == first.json["serviceId"])
        #expect(
            payload?["act"]?["pageBuildingBlocks"]?[2]?["url"]?.stringValue?.hasSuffix("/static/rezolve/img/act1.png")
                == true)
        // Stored as a path, served as a URL of the sandbox (absolute even in process, where no port is bound).
        #expect(payload?["act"]?["pageBuildingBlocks"]?[2]?["url"]?.stringValue?.hasPrefix("/static/") == false)
        let second = try await rig.call(.post, "/v1/resolver/400/api/v2/payoffcpm/eng-act-1", json: [:], headers: auth)
        #expect(second.json["serviceId"] != first.json["serviceId"])
        let product = try await rig.call(
            .post, "/v1/resolver/400/api/v2/payoffcpm/eng-product-6", json: [:], headers: auth)
        #expect(
            product.json["rezolveCustomPayload"]?["product"]?["customUrl"]
                == "https://rzlv.co/317/12/70/6?ad=20&placement=25")
        #expect(product.json["rezolveCustomPayload"]?["act"] == .null)
        let inactive = try await rig.call(
            .post, "/v1/resolver/400/api/v2/payoffcpm/eng-inactive", json: [:], headers: auth)
        #expect(inactive.json["rezolveCustomPayload"]?["isActive"] == false)
        let logged = try await rig.context.database.read { db in try RZResolution.fetchCount(db) }
        #expect(logged == 4)
    }

    @Test func resolverRejectsUnknownEngagementsAndBadCoordinates() async throws {
        let rig = try RezolveRig()
        let auth = try await bearer(rig)
        let missing = try await rig.call(.post, "/v1/resolver/400/api/v2/payoffcpm/nope", json: [:], headers: auth)
        #expect(missing.status == 404)
        #expect(missing.json == ["title": "Not Found", "status": 404, "detail": "Engagement nope was not found."])
        let badLat = try await rig.call(
            .post, "/v1/resolver/400/api/v2/payoffcpm/eng-act-1", json: ["lat": "north", "long": 1], headers: auth)
        #expect(badLat.status == 400)
        #expect(
            badLat.json == [
                "title": "One or more validation errors occurred.", "status": 400,
                "errors": ["lat": ["Invalid latitude."]],
            ])
        let badLong = try await rig.call(
            .post, "/v1/resolver/400/api/v2/payoffcpm/eng-act-1", json: ["lat": 1, "long": 181], headers: auth)
        #expect(badLong.json["errors"] == ["long": ["Invalid longitude."]])
        let notJSON = try await rig.call(.post, "/v1/resolver/400/api/v2/payoffcpm/eng-act-1", raw: "{", headers: auth)
        #expect(notJSON.status == 400)
    }

    // MARK: Acts and submissions

    @Test func actsAreServedAndUnknownOnesAre404() async throws {
        let rig = try RezolveRig()
        let auth = try await bearer(rig)
        let act = try await rig.call(.get, "/v1/Engagements/act/act-1", headers: auth)
        #expect(act.json["pageBuildingBlocks"]?.arrayValue?.count == 7)
        #expect(act.json["questions"]?.arrayValue?.count == 3)
        let missing = try await rig.call(.get, "/v1/Engagements/act/zzz", headers: auth)
        #expect(missing.json == ["title": "Not Found", "status": 404, "detail": "Act zzz was not found."])
        let submitMissing = try await rig.call(
            .post, "/v1/submissions/act/zzz/answers", json: ["answers": []], headers: auth)
        #expect(submitMissing.status == 404)
    }

    @Test func submissionRulesOfSection4_2() async throws {
        let rig = try RezolveRig()
        let auth = try await bearer(rig)
        func submit(_ answers: [(String, String)]) async throws -> RezolveRig.Reply {
            try await rig.call(
                .post, "/v1/submissions/act/act-1/answers",
                json: [
                    "entityId": "E1",
                    "answers": .array(answers.map { ["questionId": .string($0.0), "answer": .string($0.1)] }),
                ],
                headers: auth)
        }
        let cases: [([(String, String)], String, String)] = [
            ([("q-size", "1")], "answers", "Question q-email is required."),
            ([("q-email", "a@b.co"), ("q-shoe", "9")], "answers[1].questionId", "Unknown question."),
            ([("q-email", "a@b.co"), ("q-size", "7")], "answers[1].answer", "Value is not an allowed option."),
            ([("q-email", "not-an-email")], "answers[0].answer", "Invalid email address."),
            ([("q-email", "a@b.co"), ("q-birthday", "31/01/2024")], "answers[1].answer", "Invalid date."),
            ([("q-email", "a@")], "answers[0].answer", "Length must be between 3 and 120."),
        ]
        for (answers, field, message) in cases {
            let reply = try await submit(answers)
            #expect(reply.status == 400, "\(answers)")
            #expect(reply.json["title"] == "One or more validation errors occurred.")
            #expect(reply.json["errors"]?[field] == [.string(message)], "\(answers): \(reply.text)")
        }
        let ok = try await submit([
            ("q-email", "ana@example.com"), ("q-size", "2"), ("q-birthday", "1990-05-17T00:00:00+0000"),
        ])
        #expect(ok.status == 201)
        #expect(ok.json["actId"] == "act-1")
        #expect(ok.json["entityId"] == "E1")
        let dateOnly = try await submit([("q-email", "ana@example.com"), ("q-birthday", "1990-05-17")])
        #expect(dateOnly.status == 201)
        let listed = try await rig.call(.get, "/v1/submissions?entityId=E1", headers: auth)
        #expect(listed.json.arrayValue?.count == 2)
        #expect(listed.json[0]?["answers"]?[1] == ["questionId": "q-size", "answer": "2"])
        let noEntity = try await rig.call(.get, "/v1/submissions", headers: auth)
        #expect(noEntity.json["errors"]?["entityId"] != nil)
    }

    @Test func informationPagesCannotBeSubmitted() async throws {
        let rig = try RezolveRig()
        let reply = try await rig.call(
            .post, "/v1/submissions/act/act-info-1/answers", json: ["answers": []], headers: try await bearer(rig))
        #expect(reply.status == 400)
        #expect(reply.json == ["title": "Information pages cannot be submitted.", "status": 400])
    }

    // MARK: Control routes and trigger stats

    @Test func controlRoutesAddActsAndEngagementsAndListSubmissions() async throws {
        let rig = try RezolveRig()
        let added = try await rig.call(
            .post, "/sandbox/rezolve/acts",
            json: [
                "id": "act-carousel", "name": "Gallery",
                "pageBuildingBlocks": [
                    ["id": "c1", "type": "carousel"], ["id": "t1", "type": "text", "text": "Hello"],
                    ["id": "q1", "type": "textField", "title": "Name", "isRequired": true],
                ],
            ])
        #expect(added.status == 201)
        #expect(added.json["questions"] == [["id": "q1", "title": "Name", "isRequired": true, "type": "text"]])
        let badBlock = try await rig.call(
            .post, "/sandbox/rezolve/acts", json: ["id": "x", "pageBuildingBlocks": [["type": "text"]]])
        #expect(badBlock.status == 400)
        #expect(badBlock.json["error"]?.stringValue?.hasPrefix("pageBuildingBlocks[0].id:") == true)
        let engagement = try await rig.call(
            .post, "/sandbox/rezolve/engagements", json: ["id": "eng-gallery", "actId": "act-carousel"])
        #expect(engagement.status == 201)
        let unknownAct = try await rig.call(
            .post, "/sandbox/rezolve/engagements", json: ["id": "eng-x", "actId": "missing"])
        #expect(unknownAct.status == 400)
        let auth = try await bearer(rig)
        let resolved = try await rig.call(
            .post, "/v1/resolver/400/api/v2/payoffcpm/eng-gallery", json: [:], headers: auth)
        #expect(resolved.json["rezolveCustomPayload"]?["act"]?["pageBuildingBlocks"]?[0]?["type"] == "carousel")
        _ = try await rig.call(
            .post, "/v1/submissions/act/act-carousel/answers",
            json: ["entityId": "E9", "answers": [["questionId": "q1", "answer": "Ana"]]], headers: auth)
        let listed = try await rig.call(.get, "/sandbox/rezolve/acts/act-carousel/submissions")
        #expect(listed.json["submissions"]?[0]?["entityId"] == "E9")
        #expect(listed.json["submissions"]?[0]?["answers"] == [["questionId": "q1", "answer": "Ana"]])
        #expect(try await rig.call(.get, "/sandbox/rezolve/acts/none/submissions").status == 404)
    }

    @Test func triggerStatsCountOnlyWhenAdAndPlacementArePresent() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let product = session.b1 + "/merchant/2/category/3/product/8"
        #expect(try await rig.call(session, .get, product + "?ad_id=20&placement_id=25").status == 200)
        #expect(try await rig.call(session, .get, product + "?ad_id=20&placement_id=25").status == 200)
        #expect(try await rig.call(session, .get, product + "?ad_id=20").status == 200)
        #expect(
            try await rig.call(session, .get, session.b2 + "/merchant/12/category/70?ad_id=1&placement_id=2").status
                == 200)
        let stats = try await rig.call(.get, "/sandbox/rezolve/stats/triggers")
        #expect(
            stats.json == [
                "triggers": [
                    [
                        "merchant_id": "2", "category_id": 3, "product_id": 8, "ad_id": "20", "placement_id": "25",
                        "count": 2,
                    ],
                    [
                        "merchant_id": "12", "category_id": 70, "product_id": nil, "ad_id": "1", "placement_id": "2",
                        "count": 1,
                    ],
                ]
            ])
    }

    @Test func faultsOnSspPathsAnswerProblemDetails() async throws {
        let rig = try RezolveRig()
        let auth = try await bearer(rig)
        let added = try await rig.call(
            .post, "/sandbox/rezolve/faults", json: ["pathPrefix": "/v1/Engagements/act/", "status": 503])
        #expect(added.status == 201)
        let faulted = try await rig.call(.get, "/v1/Engagements/act/act-1", headers: auth)
        #expect(faulted.status == 503)
        #expect(faulted.json == ["title": "Injected fault", "status": 503])
        #expect(try await rig.call(.get, "/v1/Engagements/act/act-1", headers: auth).status == 200)
    }

    @Test func unknownSspPathsAnswerProblemDetails() async throws {
        let rig = try RezolveRig()
        let reply = try await rig.call(.get, "/v1/Engagements/nothing/here")
        #expect(reply.status == 404)
        #expect(reply.json["title"] == "Not Found")
    }
}
