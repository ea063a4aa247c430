import Foundation
import SwiftASN1
import X509

/// The X.509 fields the push-package checks read from a certificate, parsed by swift-certificates
/// (`Certificate(derEncoded:)`): whether it is v3, subject and issuer as RFC 4514 strings, serial number and
/// validity, the subject's `UID`, and which of Apple's APNs environment extensions are present.
struct CertificateFields {
    var isVersion3: Bool
    var subject: String
    var issuer: String
    /// The serial number's magnitude, big-endian, without DER's sign byte (as the reply has always shown it).
    var serialNumber: [UInt8]
    var notBefore: Date
    var notAfter: Date
    var uid: String?
    var apnsEnvironments: [String]

    static let uidOID: ASN1ObjectIdentifier = [0, 9, 2342, 19_200_300, 100, 1, 1]
    static let apnsExtensions: [(ASN1ObjectIdentifier, [String])] = [
        ([1, 2, 840, 113635, 100, 6, 3, 1], ["development"]), ([1, 2, 840, 113635, 100, 6, 3, 2], ["production"]),
        ([1, 2, 840, 113635, 100, 6, 3, 6], ["development", "production"]),
    ]
    static let attributeNames: [ASN1ObjectIdentifier: String] = [
        [2, 5, 4, 3]: "CN", [2, 5, 4, 6]: "C", [2, 5, 4, 7]: "L", [2, 5, 4, 8]: "ST", [2, 5, 4, 10]: "O",
        [2, 5, 4, 11]: "OU",
        [2, 5, 4, 9]: "STREET", uidOID: "UID", [0, 9, 2342, 19_200_300, 100, 1, 25]: "DC",
    ]

    struct UnusablePublicKey: Error {}

    /// Throws whatever swift-certificates throws for bytes that are not an X.509 certificate (U16), and
    /// `UnusablePublicKey` for an RSA key it must not be given (`CertificatePublicKey.isSafeToParse`).
    init(der: [UInt8]) throws {
        guard CertificatePublicKey.isSafeToParse(der) else { throw UnusablePublicKey() }
        let certificate = try Certificate(derEncoded: der)
        isVersion3 = certificate.version == .v3
        issuer = Self.rfc4514(certificate.issuer)
        subject = Self.rfc4514(certificate.subject)
        serialNumber = Self.magnitude(certificate.serialNumber.bytes)
        notBefore = certificate.notValidBefore
        notAfter = certificate.notValidAfter
        uid = nil
        for rdn in certificate.subject {
            for attribute in rdn where attribute.type == Self.uidOID {
                uid = Self.text(of: attribute.value)
            }
        }
        var environments: [String] = []
        for ext in certificate.extensions {
            for (apnsOID, names) in Self.apnsExtensions where apnsOID == ext.oid {
                for name in names where !environments.contains(name) { environments.append(name) }
            }
        }
        apnsEnvironments = environments
    }

    /// The absolute value of a two's-complement INTEGER's content bytes, with no leading zero bytes.
    static func magnitude(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var value = Array(bytes)
        if let first = value.first, first & 0x80 != 0 {
            // Negative (which RFC 5280 forbids, but some certificates carry): negate, i.e. invert and add one.
            var carry = true
            for index in value.indices.reversed() {
                value[index] = ~value[index] &+ (carry ? 1 : 0)
                carry = carry && value[index] == 0
            }
        }
        let significant = value.drop { $0 == 0 }
        return significant.isEmpty ? [0] : Array(significant)
    }

    /// RFC 4514: relative names in reverse order, `+` inside one, special characters escaped.
    ///
    /// Our own rather than `DistinguishedName.description`, which in swift-certificates 1.21.1 writes UID as its
    /// dotted OID (`0.9.2342.19200300.100.1.1=com.example.pushapp`), where the reply (and every Apple push
    /// certificate's subject) needs `UID=…`. It also differs in smaller ways this keeps as they were: its
    /// `E=` for emailAddress (here the dotted OID, like any type without a short name), and it shows string types
    /// other than UTF8String, PrintableString and IA5String as raw DER instead of their text.
    static func rfc4514(_ name: DistinguishedName) -> String {
        name.reversed().map { rdn in
            rdn.map { attribute in
                let type = attributeNames[attribute.type] ?? PKCS12Structure.dotted(attribute.type)
                return "\(type)=\(escape(text(of: attribute.value) ?? ""))"
            }.joined(separator: "+")
        }.joined(separator: ",")
    }

    /// The text of a string-typed attribute value, `nil` for any other type.
    static func text(of value: RelativeDistinguishedName.Attribute.Value) -> String? {
        // UTF8String, PrintableString and IA5String that swift-certificates could read.
        if let string = String(value) { return string }
        // Everything else it keeps as an ASN1Any: TeletexString, VisibleString, BMPString, and those three types
        // when their bytes break the type's rules. Decoded leniently, as before the switch to swift-certificates.
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(ASN1Any(value))) != nil, let node = try? DER.parse(serializer.serializedBytes),
            case .primitive(let bytes) = node.content
        else { return nil }
        switch node.identifier {
        case .utf8String, .printableString, .ia5String, .teletexString, .visibleString:
            return String(decoding: bytes, as: UTF8.self)
        case .bmpString:
            var units: [UInt16] = []
            var iterator = bytes.makeIterator()
            while let high = iterator.next(), let low = iterator.next() {
                units.append(UInt16(high) << 8 | UInt16(low))
            }
            return String(decoding: units, as: UTF16.self)
        default:
            return nil
        }
    }

    private static func escape(_ value: String) -> String {
        var result = ""
        for (offset, character) in value.enumerated() {
            if ",+\"\\<>;".contains(character) || (offset == 0 && (character == "#" || character == " "))
                || (offset == value.count - 1 && character == " ")
            {
                result.append("\\")
            }
            result.append(character)
        }
        return result
    }
}
