import CommerceCore
import Foundation
import Testing

@Suite struct JSONValueTests {
    @Test func keepsKeyOrderAndIntegerFidelity() throws {
        let text = #"{"z":1,"a":[true,null,2.5,"x"],"m":{"k":9007199254740991}}"#
        let value = try JSONValue.parse(text)
        #expect(value.serialized() == text)
        #expect(value["m"]?["k"]?.integerValue == 9_007_199_254_740_991)
        #expect(value["a"]?[0] == .bool(true))
        #expect(value["a"]?[2]?.integerValue == nil)
    }

    @Test func distinguishesBooleansFromNumbers() throws {
        let value = try JSONValue.parse(#"{"flag":true,"one":1,"onePointZero":1.0}"#)
        #expect(value["flag"]?.integerValue == nil)
        #expect(value["one"]?.boolValue == nil)
        #expect(value["onePointZero"]?.integerValue == 1)
    }

    @Test(arguments: [
        #"{"amount": 2000 "quantity": 1}"#, "{", "[1,]", #"{"a":01}"#, "nul", #""\x""#, "1 2", "", #""\ud800""#, "-",
    ])
    func rejectsInvalidJSON(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test func decodesEscapesAndUnicode() throws {
        let value = try JSONValue.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#)
        #expect(value.stringValue == "a\"b\\c/d\né😀")
        #expect(JSONValue.string("é\u{01}\"").serialized() == #""é\u0001\"""#)
    }

    @Test func refusesHostileNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    }

    @Test func objectSubscriptKeepsPositionOnReplaceAndRemoves() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = "two"
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(JSONValue.object(object).serialized() == #"{"b":"two","c":3}"#)
    }

    @Test func codableBridgeRoundTrips() throws {
        let value: JSONValue = ["n": 5, "s": "x", "l": [1.5, false, nil]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }
}
