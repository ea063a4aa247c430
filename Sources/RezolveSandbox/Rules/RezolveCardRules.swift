import CommerceCore
import Crypto
import Foundation
import _CryptoExtras

/// The customer key pair and simulated card processing (spec §3.6, §5.8). RSA-OAEP with SHA-256 through
/// swift-crypto; the decrypted PAN lives only in this call's memory and is reduced to a classification.
enum RezolveCardRules {
    /// A fresh RSA-2048 key pair as PEM: (private PKCS#8, public SubjectPublicKeyInfo).
    static func newKeyPair() throws -> (privatePEM: String, publicPEM: String) {
        let key = try _RSA.Encryption.PrivateKey(keySize: .bits2048)
        return (key.pkcs8PEMRepresentation, key.publicKey.pemRepresentation)
    }

    /// Decrypts a standard-base64 RSA-OAEP-SHA256 ciphertext to its UTF-8 text, or `nil` when anything
    /// (base64, padding, key) is wrong.
    static func decrypt(_ base64: String, privateKeyPEM: String) -> String? {
        guard let ciphertext = Data(base64Encoded: base64),
            let key = try? _RSA.Encryption.PrivateKey(pemRepresentation: privateKeyPEM),
            let plain = try? key.decrypt(ciphertext, padding: .PKCS1_OAEP_SHA256)
        else { return nil }
        return String(data: plain, encoding: .utf8)
    }

    /// 12–19 digits passing the Luhn check.
    static func isValidPAN(_ pan: String) -> Bool {
        guard (12...19).contains(pan.count), pan.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        var sum = 0
        for (offset, character) in pan.reversed().enumerated() {
            guard var digit = character.wholeNumberValue else { return false }
            if offset % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        return sum % 10 == 0
    }

    /// How the simulated processor answers a PAN: the two decline numbers of §5.8, else approval.
    static func classify(_ pan: String) -> String {
        switch pan {
        case "4000000000000002": "do_not_honour"
        case "4000000000009995": "insufficient_funds"
        default: "approve"
        }
    }

    static func declineMessage(_ panClass: String) -> String? {
        switch panClass {
        case "do_not_honour": "Payment declined: do not honour."
        case "insufficient_funds": "Payment declined: insufficient funds."
        default: nil
        }
    }

    /// A card is valid through the last instant of its `MM` month of 20`YY` (UTC).
    static func isExpired(_ mmyy: String, now: Date) -> Bool {
        guard mmyy.count == 4, let month = Int(mmyy.prefix(2)), let year = Int(mmyy.suffix(2)), (1...12).contains(month)
        else {
            return true
        }
        let fullYear = 2000 + year
        let nextMonthStart =
            month == 12
            ? ISO8601.daysSinceEpoch(year: fullYear + 1, month: 1, day: 1)
            : ISO8601.daysSinceEpoch(year: fullYear, month: month + 1, day: 1)
        return now.timeIntervalSince1970 >= Double(nextMonthStart) * 86_400
    }

    /// 3 or 4 digits.
    static func isCVV(_ text: String) -> Bool {
        (3...4).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
