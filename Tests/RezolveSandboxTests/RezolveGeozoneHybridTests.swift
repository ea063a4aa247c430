import CommerceCore
import CommerceTestSupport
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox
@testable import RezolveSandbox
@testable import SandboxCore

/// The route's two indexes over HTTP: the R*Tree answers whenever the grid is behind the table (so a write is
/// seen by the very next query), the grid built in the background answers once it is current, and reset,
/// seed and a data dir migrated from the R*Tree-only schema all keep working.
@Suite struct RezolveGeozoneHybridTests {
    /// The running sandbox's grid cache, to see which index answered.
    private func grids(_ rig: RezolveRig) throws -> GeozoneGridCache {
        try #require(rig.context.services.compactMap { $0 as? RezolveService }.first?.geozoneGrids)
    }

    /// Creates zone `geo-added` (50 m) through the control route; its status.
    private func addZone(_ rig: RezolveRig, latitude: Double, longitude: Double) async throws -> Int {
        try await rig.call(
            .post, "/sandbox/rezolve/geozones",
            json: [
                "id": "geo-added", "latitude": .double(latitude), "longitude": .double(longitude), "radiusInMeters": 50,
                "relatedItem": ["type": "Product", "itemIdInfo": "10", "title": "Gift card"],
            ]
        ).status
    }

    /// Zone ids the query finds within `radius` metres of a point, with a fresh bearer (reset revokes them).
    private func ids(
        _ rig: RezolveRig, latitude: Double = 40.6782, longitude: Double = -73.9442, radius: Int = 10
    ) async throws -> [String] {
        let token = try #require(
            try await rig.call(
                .post, "/v1/OAuthProxy/token",
                json: [
                    "clientId": "sbx-ssp-client", "clientSecret": "sbx-ssp-secret-not-a-secret",
                    "apiAudience": "commercekit-sandbox-audience",
                ]
            ).json["bearerToken"]?.stringValue)
        let reply = try await rig.call(
            .get,
            RezolveGeozoneTests.path
                + "?area.center.latitude=\(latitude)&area.center.longitude=\(longitude)&area.radiusinmeters=\(radius)",
            headers: ["Authorization": "Bearer \(token)"])
        #expect(reply.status == 200)
        return reply.json["engagements"]?["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    @Test func aWriteIsSeenAtOnceAndTheGridTakesOverAfterItsBuild() async throws {
        let rig = try RezolveRig()
        let grids = try grids(rig)
        // No grid yet: the R*Tree answers and the first build starts.
        #expect(try await ids(rig) == ["geo-brooklyn"])
        #expect(grids.answers == [.rtree: 1])
        await grids.settle()
        #expect(try await ids(rig) == ["geo-brooklyn"])
        #expect(grids.answers == [.rtree: 1, .grid: 1])

        #expect(try await addZone(rig, latitude: 40.6783, longitude: -73.9442) == 201)
        // The grid is behind the table now: the R*Tree answers, with the new zone, without waiting for a build.
        #expect(try await ids(rig) == ["geo-brooklyn", "geo-added"])
        #expect(grids.answers == [.rtree: 2, .grid: 1])
        await grids.settle()
        #expect(try await ids(rig) == ["geo-brooklyn", "geo-added"])
        #expect(grids.answers == [.rtree: 2, .grid: 2])
        #expect(grids.latestGrid?.zoneCount == 6)
    }

    /// Reset deletes every zone and seeds the five of spec §5.2 again: the grid goes stale, the R*Tree answers
    /// with the seed alone, and the next grid holds exactly the seed.
    @Test func resetAndSeedAreFollowedByBothIndexes() async throws {
        let rig = try RezolveRig()
        let grids = try grids(rig)
        #expect(try await addZone(rig, latitude: 40.7580, longitude: -73.9855) == 201)
        _ = try await ids(rig)
        await grids.settle()
        let manhattan = ["geo-manhattan-a", "geo-manhattan-b", "geo-manhattan-dup"]
        #expect(try await ids(rig, latitude: 40.7580, longitude: -73.9855) == ["geo-added"] + manhattan)
        // Proximity 0 ties geo-added with two seeded zones: the grid breaks the tie by id, as the scan does.
        #expect(grids.answers[.grid] == 1)

        #expect(try await rig.call(.post, "/sandbox/rezolve/reset").json["reset"] == true)
        #expect(try await ids(rig, latitude: 40.7580, longitude: -73.9855) == manhattan)
        #expect(grids.answers == [.rtree: 2, .grid: 1])
        await grids.settle()
        #expect(try await ids(rig, latitude: 40.7580, longitude: -73.9855) == manhattan)
        #expect(try await ids(rig, latitude: 18.4655, longitude: -66.1057) == ["geo-sanjuan"])
        #expect(grids.answers == [.rtree: 2, .grid: 3])
        #expect(grids.latestGrid?.zoneCount == 5)
    }

    /// A data dir written by a sandbox from before the grid (zones and their R*Tree rows, no change count)
    /// migrates: the R*Tree and its rows stay, the count starts, and both indexes find the old zone.
    @Test func aDataDirFromBeforeTheGridKeepsItsRtreeAndWorks() async throws {
        let directory = TestDirectories.make("ck-geo")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let pool = try DatabasePool(path: directory.appendingPathComponent("commercekit-sandbox.sqlite").path)
            var migrator = DatabaseMigrator()
            RezolveSchema.register(&migrator)
            SspTokenSchema.register(&migrator)
            RezolveTriggerStats.register(&migrator)
            SspSchema.register(&migrator)
            RezolveGeozoneSchema.register(&migrator)
            try migrator.migrate(pool, upTo: "rezolve-4-geozones")
            try await pool.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO rz_geozone (id, name, latitude, longitude, radius_meters, active_time_type,
                          validity_periods, target_user_ids, trigger_notification_type, related_type, related_item_id,
                          related_title, related_subtitle, created_at)
                        VALUES ('old-zone', 'Old', 10, 20, 100, 'Always', '[]', '[]', 'Enter', 'Product', '1', 'Old', '', 0)
                        """)
                try db.execute(sql: "INSERT INTO rz_geozone_rtree VALUES (1, 9.99, 10.01, 19.99, 20.01)")
                #expect(try !db.tableExists(RezolveGeozoneSchema.changeCountTable))
            }
        }
        let rig = try RezolveRig(SandboxOptions(port: 0, dataDirectory: directory, inMemory: false))
        let grids = try grids(rig)
        let counts = try await rig.context.database.read { db in
            (
                rtree: try Int.fetchOne(db, sql: "SELECT count(*) FROM rz_geozone_rtree"),
                zones: try Int.fetchOne(db, sql: "SELECT count(*) FROM rz_geozone"),
                changes: try GeozoneGridRows.changeCount(db)
            )
        }
        // The old zone and the five seeded on first start, each with its R*Tree row.
        #expect(counts.rtree == 6 && counts.zones == 6)
        #expect(counts.changes == 5)
        #expect(try await ids(rig, latitude: 10, longitude: 20) == ["old-zone"])
        #expect(grids.answers == [.rtree: 1])
        await grids.settle()
        #expect(try await ids(rig, latitude: 10, longitude: 20) == ["old-zone"])
        #expect(grids.answers == [.rtree: 1, .grid: 1])
    }
}
