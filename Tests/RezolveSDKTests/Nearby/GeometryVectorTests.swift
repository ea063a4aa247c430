import CommerceCore
import Foundation
import Testing

@testable import RezolveSDK

/// The geometry vectors of spec §6.7: haversine distances and the WGS-84 / GCJ-02 / BD-09 conversions.
@Suite struct GeometryVectorTests {
    static let origin = GeoPoint(latitude: 40.6726499, longitude: -73.9502622)

    @Test func haversineVectors() {
        func rounded(_ metres: Double) -> Double { (metres * 10).rounded() / 10 }
        #expect(rounded(Self.origin.distance(to: GeoPoint(latitude: 40.6782, longitude: -73.9442))) == 801.4)
        #expect(rounded(Self.origin.distance(to: GeoPoint(latitude: 40.7580, longitude: -73.9855))) == 9944.3)
        #expect(abs(Self.origin.distance(to: GeoPoint(latitude: 18.4655, longitude: -66.1057)) - 2_580_437.9) < 1)
    }

    @Test func beijingConvertsThroughGCJ02ToBD09AndBack() {
        let wgs = GeoPoint(latitude: 39.908692, longitude: 116.397477)
        let gcj = ChinaCoordinateTransform.wgs84ToGCJ02(wgs)
        let bd = ChinaCoordinateTransform.gcj02ToBD09(gcj)
        #expect(abs(gcj.latitude - 39.910095) < 1e-6 && abs(gcj.longitude - 116.403721) < 1e-6)
        #expect(abs(bd.latitude - 39.916435) < 1e-6 && abs(bd.longitude - 116.410094) < 1e-6)
        let back = ChinaCoordinateTransform.bd09ToWGS84(bd)
        #expect(abs(back.latitude - wgs.latitude) < 1e-6 && abs(back.longitude - wgs.longitude) < 1e-6)
    }

    @Test func pointsOutsideChinaSkipTheGCJ02Step() {
        #expect(ChinaCoordinateTransform.wgs84ToGCJ02(Self.origin) == Self.origin)
    }

    @Test func baiduConverterUsesTheTransform() {
        let converted = CoordinatesConverter.baidu.toWGS84(RezolveLocation(longitude: 116.410094, latitude: 39.916435))
        #expect(abs(converted.latitude - 39.908692) < 1e-6 && abs(converted.longitude - 116.397477) < 1e-6)
        let identity = CoordinatesConverter.default.toWGS84(RezolveLocation(longitude: 1, latitude: 2))
        #expect(identity == RezolveLocation(longitude: 1, latitude: 2))
    }
}
