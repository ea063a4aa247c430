import Foundation
import Testing

@testable import CommerceSandbox
@testable import PaytronixSandbox

@Suite("Push package upload: certificate fields (swift-certificates)")
struct PaytronixCertificateFieldsTests {
    typealias D = TestDER

    /// dev.crt's DER and the parts of it a crafted certificate reuses: the signature algorithm and signature (not
    /// checked) and the SubjectPublicKeyInfo (swift-certificates parses the key).
    struct Template {
        var der: [UInt8]
        var tbs: [TestDER.Element]
        var signatureAlgorithm: ArraySlice<UInt8>
        var signature: ArraySlice<UInt8>

        init() throws {
            der = [UInt8](try PaytronixRouterHarness.certificateDER())
            let certificate = try #require(D.children(der[...]))
            try #require(certificate.count == 3)
            tbs = try #require(D.elements(certificate[0].content))
            try #require(tbs.count >= 7 && tbs[0].tag == 0xA0)
            signatureAlgorithm = certificate[1].whole
            signature = certificate[2].whole
        }

        /// TBSCertificate { [0] version, serial, signature, issuer, validity, subject, spki, [3] extensions? }
        func certificate(version: Int = 2, issuer: [UInt8], subject: [UInt8], extensions: [[UInt8]]? = nil) -> [UInt8] {
            let tbs = D.sequence(
                D.explicit(0, D.integer(version)), D.integer(4242), Array(self.tbs[2].whole), issuer,
                Array(self.tbs[4].whole), subject, Array(self.tbs[6].whole),
                extensions.map { D.explicit(3, D.tlv(0x30, $0.flatMap { $0 })) } ?? [])
            return D.sequence(tbs, Array(signatureAlgorithm), Array(signature))
        }
    }

    static func attribute(_ oid: String, _ tag: UInt8, _ value: [UInt8]) -> [UInt8] {
        D.sequence(D.oid(oid), D.tlv(tag, value))
    }

    static func utf16(_ text: String) -> [UInt8] {
        text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    static func `extension`(_ oid: String) -> [UInt8] {
        D.sequence(D.oid(oid), D.octets(D.null))
    }

    @Test func fixtureCertificate() throws {
        let fields = try CertificateFields(der: try Template().der)
        let subject =
            "O=CommerceKit Test,CN=Apple Development IOS Push Services: com.example.pushapp,UID=com.example.pushapp"
        #expect(fields.isVersion3 && fields.subject == subject && fields.issuer == subject)
        #expect(fields.uid == "com.example.pushapp")
        #expect(fields.apnsEnvironments == ["development"])
    }

    /// RFC 4514 as the reply has always written it: UID by name, other unnamed types (emailAddress) as dotted OIDs,
    /// TeletexString, VisibleString and BMPString as text, other types as empty, escapes as RFC 4514 §2.4 asks.
    @Test func subjectStringTypesAndEscaping() throws {
        let template = try Template()
        let subject = D.sequence(
            D.set(Self.attribute("2.5.4.6", 0x13, Array("US".utf8))),
            D.set(Self.attribute("2.5.4.10", 0x0C, Array("#Acme, Inc.+Co ".utf8))),
            // A multi-valued RDN, in DER's SET OF order (the shorter encoding first).
            D.set(
                Self.attribute("2.5.4.11", 0x14, Array("Push".utf8)),
                Self.attribute("2.5.4.3", 0x1E, Self.utf16("Ünïcode"))),
            D.set(Self.attribute("2.5.4.7", 0x1A, Array("Town".utf8))),
            D.set(Self.attribute("2.5.4.8", 0x12, Array("123".utf8))),
            D.set(Self.attribute("1.2.840.113549.1.9.1", 0x16, Array("a@b.example".utf8))),
            D.set(Self.attribute("0.9.2342.19200300.100.1.1", 0x0C, Array("com.example.crafted".utf8))))
        let issuer = D.sequence(
            D.set(Self.attribute("0.9.2342.19200300.100.1.25", 0x16, Array("example".utf8))),
            D.set(Self.attribute("2.5.4.3", 0x13, Array(" Issuer ".utf8))))
        let fields = try CertificateFields(der: template.certificate(issuer: issuer, subject: subject))
        #expect(
            fields.subject
                == #"UID=com.example.crafted,1.2.840.113549.1.9.1=a@b.example,ST=,L=Town,OU=Push+CN=Ünïcode,"#
                + ##"O=\#Acme\, Inc.\+Co\ ,C=US"##)
        #expect(fields.issuer == #"CN=\ Issuer\ ,DC=example"#)
        #expect(fields.uid == "com.example.crafted")
        #expect(fields.apnsEnvironments == [] && fields.isVersion3)
    }

    @Test func uidThatIsNotAStringIsNoUID() throws {
        let subject = D.sequence(D.set(D.sequence(D.oid("0.9.2342.19200300.100.1.1"), D.integer(7))))
        let fields = try CertificateFields(der: try Template().certificate(issuer: subject, subject: subject))
        #expect(fields.uid == nil)
        #expect(fields.subject == "UID=")
    }

    @Test func apnsExtensionsInCertificateOrder() throws {
        let template = try Template()
        let name = D.sequence(D.set(Self.attribute("2.5.4.3", 0x0C, Array("x".utf8))))
        let both = try CertificateFields(
            der: template.certificate(
                issuer: name, subject: name,
                extensions: [
                    Self.extension("2.5.29.19"), Self.extension("1.2.840.113635.100.6.3.2"),
                    Self.extension("1.2.840.113635.100.6.3.1"),
                ]))
        #expect(both.apnsEnvironments == ["production", "development"])
        let topics = try CertificateFields(
            der: template.certificate(
                issuer: name, subject: name,
                extensions: [
                    Self.extension("1.2.840.113635.100.6.3.6"), Self.extension("1.2.840.113635.100.6.3.2"),
                ]))
        #expect(topics.apnsEnvironments == ["development", "production"])
    }

    @Test func versionsOtherThanThree() throws {
        let template = try Template()
        let name = D.sequence(D.set(Self.attribute("2.5.4.3", 0x0C, Array("x".utf8))))
        #expect(
            try CertificateFields(der: template.certificate(version: 1, issuer: name, subject: name)).isVersion3
                == false)
        #expect(throws: (any Error).self) {
            try CertificateFields(der: template.certificate(version: 5, issuer: name, subject: name))
        }
    }

    @Test func truncatedAndCorruptedCertificatesNeverCrash() throws {
        let der = try Template().der
        for length in 0..<der.count {
            #expect(throws: (any Error).self) { try CertificateFields(der: Array(der.prefix(length))) }
        }
        for index in der.indices {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var corrupted = der
                corrupted[index] ^= mask
                _ = try? CertificateFields(der: corrupted)
            }
        }
    }
}
