import Foundation

/// The X.509 fields the push-package checks read from a certificate's DER: version, subject and issuer as
/// RFC 4514 strings, the subject's `UID`, and which of Apple's APNs environment extensions are present.
struct CertificateFields {
    var version: Int
    var subject: String
    var issuer: String
    var uid: String?
    var apnsEnvironments: [String]

    static let uidOID = "0.9.2342.19200300.100.1.1"
    static let apnsExtensions = [("1.2.840.113635.100.6.3.1", ["development"]), ("1.2.840.113635.100.6.3.2", ["production"]),
                                 ("1.2.840.113635.100.6.3.6", ["development", "production"])]
    static let attributeNames = ["2.5.4.3": "CN", "2.5.4.6": "C", "2.5.4.7": "L", "2.5.4.8": "ST", "2.5.4.10": "O",
                                 "2.5.4.11": "OU", "2.5.4.9": "STREET", uidOID: "UID", "0.9.2342.19200300.100.1.25": "DC"]

    init(der: [UInt8]) throws(DERNode.Malformed) {
        // Certificate { TBSCertificate { [0] version?, serial, signature, issuer, validity, subject, spki, ..., [3] extensions } }
        var tbs = try DERNode.parse(der[...]).child(0).children()
        if let first = tbs.first, first.tag == 0xA0 {
            version = (try first.child(0).integerValue ?? 0) + 1
            tbs.removeFirst()
        } else {
            version = 1
        }
        issuer = try Self.rfc4514(try tbs.at(2))
        let subjectNode = try tbs.at(4)
        subject = try Self.rfc4514(subjectNode)
        uid = nil
        for rdn in try subjectNode.children() {
            for attribute in try rdn.children() where try attribute.child(0).oid == Self.uidOID {
                uid = try attribute.child(1).stringValue
            }
        }
        var environments: [String] = []
        if let extensionsWrapper = tbs.first(where: { $0.tag == 0xA3 }) {
            for ext in try extensionsWrapper.child(0).children() {
                let oid = try ext.child(0).oid
                for (apnsOID, names) in Self.apnsExtensions where apnsOID == oid {
                    for name in names where !environments.contains(name) { environments.append(name) }
                }
            }
        }
        apnsEnvironments = environments
    }

    /// RFC 4514: relative names in reverse order, `+` inside one, special characters escaped.
    static func rfc4514(_ name: DERNode) throws(DERNode.Malformed) -> String {
        var parts: [String] = []
        for rdn in try name.children().reversed() {
            var attributes: [String] = []
            for attribute in try rdn.children() {
                let oid = try attribute.child(0).oid ?? "?"
                let value = try attribute.child(1).stringValue ?? ""
                attributes.append("\(attributeNames[oid] ?? oid)=\(escape(value))")
            }
            parts.append(attributes.joined(separator: "+"))
        }
        return parts.joined(separator: ",")
    }

    private static func escape(_ value: String) -> String {
        var result = ""
        for (offset, character) in value.enumerated() {
            if ",+\"\\<>;".contains(character) || (offset == 0 && (character == "#" || character == " "))
                || (offset == value.count - 1 && character == " ") {
                result.append("\\")
            }
            result.append(character)
        }
        return result
    }
}
